import { isApiError } from '@plantfolk/api-client';
import {
  Button,
  Card,
  ErrorView,
  FormAlert,
  Group,
  NotFoundView,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  UnsavedChangesPrompt,
  useForm,
} from '@plantfolk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { eventsApi } from '../api/events-api';
import { eventKeys } from '../api/query-keys';
import { paths } from '../app/paths';
import { useViewer, type Viewer } from '../app/viewer';
import { responderOf } from '../event/event-queries';
import { mayCreateFor, useHandleOwner, type HandleOwner } from '../handle/handle-owner';
import type { ArrivalNotice } from '../shared/arrival-notice';
import { onceOnly, recurrenceProblem, type Recurrence } from '../recurrence/recurrence';
import {
  DetailsFields,
  emptyEventValues,
  ImageField,
  imageProblem,
  locationInputOf,
  recurrenceInputOf,
  ScheduleFields,
  validateDetails,
  validateSchedule,
  type ChosenLocation,
  type EventFormValues,
} from './event-form';

/** `/{handle}/events/new`: a trusted member creates an event, their own or a page's they manage. */
export function NewEventPage() {
  const { handle = '' } = useParams();
  const viewer = useViewer();
  const owner = useHandleOwner(viewer, handle);

  if (!viewer.ready || owner.isPending) return <PageLoader label="Loading" />;
  if (owner.isError) {
    return (
      <ErrorView status={500} message={owner.error.message} onRetry={() => void owner.refetch()} />
    );
  }
  if (owner.data.kind === 'none') return <NotFoundView path={`/${handle}/events/new`} />;
  if (!mayCreateFor(viewer, owner.data)) {
    const own = viewer.user?.username;
    return (
      <Stack gap="md">
        <PageTitle title="Create an event" />
        <Card padding="lg">
          <Stack gap="sm" role="alert">
            <Text fw={600}>You cannot create events for {handle}.</Text>
            <Text c="dimmed">
              Events are created by trusted members, for themselves or for a page they manage.
            </Text>
            <Group gap="sm">
              {own && viewer.trusted && (
                <Button component={Link} to={paths.newEvent(own)} variant="light">
                  Create an event of your own
                </Button>
              )}
              <Button component={Link} to={paths.handleEvents(handle)} variant="default">
                See the events of {handle}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    );
  }
  return <NewEventForm viewer={viewer} handle={handle} owner={owner.data} />;
}

function NewEventForm({
  viewer,
  handle,
  owner,
}: {
  viewer: Viewer;
  handle: string;
  owner: HandleOwner;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<ChosenLocation | null>(null);
  const [recurrence, setRecurrence] = useState<Recurrence>(onceOnly);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<EventFormValues>({
    initialValues: emptyEventValues(),
    validate: (values) => ({ ...validateDetails(values, place), ...validateSchedule(values) }),
  });
  const page = owner.kind === 'page' ? owner.page : null;

  const submit = form.onSubmit(async (values) => {
    const start = `${values.start_date}T${values.start_time}`;
    const repeatProblem = recurrenceProblem(recurrence, start);
    const pictureProblem = imageProblem(image);
    setImageError(pictureProblem);
    if (!place) {
      form.setFormError('Choose where the event happens.');
      return;
    }
    if (repeatProblem || pictureProblem) {
      form.setFormError(repeatProblem ?? pictureProblem);
      return;
    }
    const created = await eventsApi.create({
      title: values.title.trim(),
      description: values.description.trim(),
      privacy: values.privacy,
      page_id: page?.id ?? null,
      location: locationInputOf(place, values.venue),
      time_zone: values.time_zone,
      start_date: values.start_date,
      start_time: values.start_time,
      end_time: values.end_time,
      recurrence: recurrenceInputOf(recurrence),
    });
    let event = created;
    let notice: string | undefined;
    if (image) {
      try {
        event = await eventsApi.setImage(created.id, image);
      } catch (error) {
        notice = `The event is published, but its picture could not be saved${
          isApiError(error) ? `: ${error.message}` : ''
        }. Add it again from “Edit event”.`;
      }
    }
    queryClient.setQueryData(eventKeys.event(viewer.key, event.random_id), {
      event,
      responders: viewer.user ? [responderOf(viewer.user)] : [],
    });
    void queryClient.invalidateQueries({ queryKey: eventKeys.all, refetchType: 'none' });
    if (page) {
      void queryClient.invalidateQueries({ queryKey: eventKeys.pageScreens, refetchType: 'none' });
    }
    await navigate(paths.event(event.random_id), { state: { notice } satisfies ArrivalNotice });
  });

  return (
    <Stack gap="md">
      <PageTitle
        title="Create an event"
        description={
          page
            ? `An event of ${page.name}: it shows on the page and on the events list.`
            : 'People near the place find it on the events list and answer for each date.'
        }
      />
      <form onSubmit={(event) => void submit(event)} aria-label="New event" noValidate>
        <Stack gap="lg">
          <Card title="What and where" titleOrder={2}>
            <Stack gap="md">
              <DetailsFields form={form} place={place} onPlaceChange={setPlace} />
              <ImageField
                file={image}
                error={imageError}
                onChange={(file) => {
                  setImage(file);
                  setImageError(imageProblem(file));
                }}
              />
            </Stack>
          </Card>
          <Card title="When" titleOrder={2}>
            <ScheduleFields
              form={form}
              recurrence={recurrence}
              onRecurrenceChange={setRecurrence}
            />
          </Card>
          <FormAlert message={form.formError} />
          <Group justify="space-between">
            <Button component={Link} to={paths.handleEvents(handle)} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Publish event
            </Button>
          </Group>
        </Stack>
      </form>
      <UnsavedChangesPrompt
        when={!form.submitting && (form.isDirty || place !== null || image !== null)}
      />
    </Stack>
  );
}
