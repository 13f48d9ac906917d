import { isApiError } from '@plantfolk/api-client';
import {
  Anchor,
  Button,
  Card,
  ErrorView,
  Group,
  IconCalendarEvent,
  IconChevronLeft,
  IconPlus,
  NotFoundView,
  PageLoader,
  PageTitle,
  Stack,
  useDocumentTitle,
} from '@plantfolk/ui';
import { CursorListView, useCursorList } from '@plantfolk/ui/cursor-list';
import { Link, useParams } from 'react-router';
import { eventsApi } from '../api/events-api';
import { eventKeys } from '../api/query-keys';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { webcalUrl } from '../calendar/webcal';
import { EventSummaryCard } from '../shared/event-summary-card';
import { mayCreateFor, useHandleOwner, type HandleOwner } from './handle-owner';

/** A page's calendar feed (every public date of its events), for calendar apps. */
const pageFeedPath = (pageId: string) =>
  `/api/events/calendar/page/${encodeURIComponent(pageId)}.ics`;

/** `/{handle}/events`: the events to come of a page or of a member. */
export function HandleEventsPage() {
  const { handle = '' } = useParams();
  const viewer = useViewer();
  const owner = useHandleOwner(viewer, handle);
  const name =
    owner.data?.kind === 'page'
      ? owner.data.page.name
      : owner.data?.kind === 'user'
        ? owner.data.user.username
        : handle;
  useDocumentTitle(`Events of ${name}`);

  if (!viewer.ready || owner.isPending) return <PageLoader label="Loading the events" />;
  if (owner.isError) {
    return (
      <ErrorView status={500} message={owner.error.message} onRetry={() => void owner.refetch()} />
    );
  }
  if (owner.data.kind === 'none') return <NotFoundView path={`/${handle}/events`} />;
  return <OwnerEvents handle={handle} owner={owner.data} name={name} />;
}

function OwnerEvents({
  handle,
  owner,
  name,
}: {
  handle: string;
  owner: Exclude<HandleOwner, { kind: 'none' }>;
  name: string;
}) {
  const viewer = useViewer();
  const ownerId = owner.kind === 'page' ? owner.page.id : owner.user.uuid;
  const isMe = owner.kind === 'user' && viewer.user?.uuid === owner.user.uuid;
  const list = useCursorList({
    queryKey:
      owner.kind === 'page'
        ? eventKeys.byPage(viewer.key, ownerId)
        : eventKeys.byUser(viewer.key, ownerId),
    first: (signal) =>
      owner.kind === 'page'
        ? eventsApi.byPage(ownerId, null, signal)
        : eventsApi.byUser(ownerId, null, signal),
    more: (cursor, signal) =>
      owner.kind === 'page'
        ? eventsApi.byPage(ownerId, cursor, signal)
        : eventsApi.byUser(ownerId, cursor, signal),
  });
  const canCreate = mayCreateFor(viewer, owner);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.profile(handle)} size="sm">
        <Group gap={4} component="span">
          <IconChevronLeft size={14} aria-hidden />
          {owner.kind === 'page' ? `${name}’s page` : `${name}’s profile`}
        </Group>
      </Anchor>
      <PageTitle
        title={isMe ? 'Your events' : `Events of ${name}`}
        description={
          owner.kind === 'page'
            ? 'What this page organises, next date first.'
            : isMe
              ? 'Events you organise and those you answered Going or Maybe for, next date first.'
              : 'Events this member organises, next date first.'
        }
        actions={
          canCreate && (
            <Button
              component={Link}
              to={paths.newEvent(handle)}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New event
            </Button>
          )
        }
      />
      {owner.kind === 'page' && (
        <Group>
          <Button
            component="a"
            href={webcalUrl(pageFeedPath(owner.page.id))}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
          >
            Subscribe to this page’s events
          </Button>
        </Group>
      )}
      <Card title="Events to come" titleOrder={2}>
        <CursorListView
          list={list}
          label={`Events of ${name}`}
          loadingLabel="Loading the events"
          skeletonCount={2}
          errorTitle="The events could not be loaded"
          errorMessage={(error) => (isApiError(error) ? error.message : 'Check your connection.')}
          emptyIcon={<IconCalendarEvent size={30} stroke={1.5} aria-hidden />}
          emptyTitle={isMe ? 'You have no events to come' : `${name} has no events to come`}
          emptyMessage={
            canCreate
              ? 'Plan a swap, a workday or a workshop: people nearby find it on the events list.'
              : 'Look at what is on near you in the meantime.'
          }
          emptyAction={
            canCreate ? (
              <Button component={Link} to={paths.newEvent(handle)} variant="light" mt="xs">
                Create an event
              </Button>
            ) : (
              <Button component={Link} to={paths.events} variant="light" mt="xs">
                See events near you
              </Button>
            )
          }
          emptyTestId="events-empty-state"
          endMessage="That is every event to come."
        >
          {(events) => events.map((event) => <EventSummaryCard key={event.id} event={event} />)}
        </CursorListView>
      </Card>
    </Stack>
  );
}
