import { invitesApi, type Invite, type InviteType } from '@plantfolk/api-client';
import { hasRole } from '@plantfolk/session';
import {
  Badge,
  Button,
  Card,
  FormAlert,
  Group,
  PageTitle,
  ShareButton,
  Stack,
  Text,
  formatFullDate,
  useForm,
} from '@plantfolk/ui';
import { Radio, Select, Textarea } from '@plantfolk/ui/controls';
import { CursorListView } from '@plantfolk/ui/cursor-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useViewer, type Viewer } from '../app/viewer';
import {
  inviteKeys,
  STATUS_LABELS,
  TYPE_LABELS,
  useInviteTargets,
  useSentInvites,
  type InviteTarget,
} from './invites-data';

export const NOTE_MAX = 500;

/** Shown to members who cannot send invites yet (they have not finished registering). */
function FinishRegistering() {
  return (
    <Card padding="md">
      <Stack gap="xs">
        <Text>Finish setting up your account to invite people.</Text>
        <Button component={Link} to="/auth/register" variant="default" w="fit-content">
          Finish registering
        </Button>
      </Stack>
    </Card>
  );
}

/** The link of a new or listed invite, to copy or share. */
function InviteLink({ invite }: { invite: Invite }) {
  const what = invite.target ? invite.target.title : 'Plantfolk';
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {new URL(invite.link, window.location.origin).toString()}
      </Text>
      <ShareButton
        url={invite.link}
        title={`An invite to ${what}`}
        subject={`invite to ${what}`}
        size="xs"
      />
    </Group>
  );
}

interface InviteFormProps {
  viewer: Viewer;
  onCreated: (invite: Invite) => void;
}

function InviteForm({ viewer, onCreated }: InviteFormProps) {
  const queryClient = useQueryClient();
  const targets = useInviteTargets(viewer);
  const maySiteInvite = hasRole(viewer.user, 'trusted') || viewer.isAdmin;
  const pages = targets.data?.pages ?? [];
  const events = targets.data?.events ?? [];
  const choices: Array<{ value: InviteType; label: string }> = [
    ...(maySiteInvite ? [{ value: 'site' as const, label: 'To join Plantfolk' }] : []),
    ...(pages.length ? [{ value: 'page' as const, label: 'To a page you own' }] : []),
    ...(events.length ? [{ value: 'event' as const, label: 'To an event you created' }] : []),
  ];
  const form = useForm({
    initialValues: { inviteType: '', targetId: '', noteText: '' },
    validate: (values) => ({
      inviteType: values.inviteType ? null : 'Choose what the invite is for',
      targetId:
        values.inviteType && values.inviteType !== 'site' && !values.targetId
          ? `Choose the ${values.inviteType}`
          : null,
      noteText: [...values.noteText].length > NOTE_MAX ? `At most ${NOTE_MAX} characters` : null,
    }),
  });
  const type = form.values.inviteType as InviteType | '';
  const list: InviteTarget[] = type === 'page' ? pages : type === 'event' ? events : [];

  if (targets.isPending) return <Text c="dimmed">Loading what you can invite to…</Text>;
  if (!choices.length)
    return (
      <Text c="dimmed">
        You can invite people to the pages you own and the events you create. Trusted members can
        also invite people to join Plantfolk.
      </Text>
    );

  return (
    <form
      noValidate
      aria-label="New invite"
      onSubmit={form.onSubmit(async (values) => {
        const invite = await invitesApi.create({
          userId: viewer.user!.uuid,
          inviteType: values.inviteType as InviteType,
          ...(values.inviteType !== 'site' ? { targetId: values.targetId } : {}),
          noteText: values.noteText.trim(),
        });
        await queryClient.invalidateQueries({ queryKey: inviteKeys.sent(viewer.key) });
        form.resetTo({ inviteType: values.inviteType, targetId: '', noteText: '' });
        onCreated(invite);
      })}
    >
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <Radio.Group
          label="What is the invite for?"
          withAsterisk
          value={form.values.inviteType}
          onChange={(value) => {
            form.setFieldValue('inviteType', value);
            form.setFieldValue('targetId', '');
          }}
          error={form.errors.inviteType}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Stack>
        </Radio.Group>
        {type && type !== 'site' && (
          <Select
            label={type === 'page' ? 'Page' : 'Event'}
            withAsterisk
            data={list.map((target) => ({ value: target.id, label: target.title }))}
            value={form.values.targetId || null}
            onChange={(value) => form.setFieldValue('targetId', value ?? '')}
            error={form.errors.targetId}
            allowDeselect={false}
          />
        )}
        <Textarea
          label="A note for whoever opens it"
          description={`Optional; shown on the invite. At most ${NOTE_MAX} characters.`}
          autosize
          minRows={2}
          name="noteText"
          value={form.values.noteText}
          error={form.errors.noteText}
          onChange={(event) => form.setFieldValue('noteText', event.currentTarget.value)}
        />
        <Button type="submit" loading={form.submitting} w="fit-content">
          Create invite
        </Button>
      </Stack>
    </form>
  );
}

/** `/invites`: make an invite to the site, a page you own or an event you created. */
export function InvitesPage() {
  const viewer = useViewer();
  const [created, setCreated] = useState<Invite | null>(null);
  return (
    <Stack gap="md">
      <PageTitle
        title="Invite people"
        description="Make a link that brings someone to Plantfolk, to your page or to your event. Invites work for 14 days."
        actions={
          <Button component={Link} to="/invites/user" variant="default">
            Your invites
          </Button>
        }
      />
      {!viewer.ready ? null : !viewer.canWrite ? (
        <FinishRegistering />
      ) : (
        <Card padding="md">
          <InviteForm viewer={viewer} onCreated={setCreated} />
        </Card>
      )}
      <div role="status" aria-label="Your new invite">
        {created && (
          <Card padding="md">
            <Stack gap="xs">
              <Text fw={600}>
                Your invite is ready. Send this link to whoever you are inviting:
              </Text>
              <InviteLink invite={created} />
            </Stack>
          </Card>
        )}
      </div>
    </Stack>
  );
}

function inviteTitle(invite: Invite): string {
  if (invite.inviteType === 'site') return 'Invite to join Plantfolk';
  return `${TYPE_LABELS[invite.inviteType]}: ${invite.target?.title ?? 'no longer on Plantfolk'}`;
}

function SentInviteCard({ invite, viewer }: { invite: Invite; viewer: Viewer }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (isValid: boolean) => invitesApi.setValidity(invite.uuid, isValid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.sent(viewer.key) }),
  });
  const what = invite.target?.title ?? (invite.inviteType === 'site' ? 'Plantfolk' : 'Gone');
  const live = invite.status === 'valid';
  return (
    <Card padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{inviteTitle(invite)}</Text>
          <Badge color={live ? 'green' : 'gray'} variant="light">
            {STATUS_LABELS[invite.status]}
          </Badge>
        </Group>
        {invite.noteText && <Text size="sm">{invite.noteText}</Text>}
        <Text size="sm" c="dimmed">
          {invite.status === 'expired' ? 'Expired' : 'Works until'}{' '}
          {formatFullDate(invite.expires_at)}
          {invite.inviteType !== 'site' ? ` · accepted by ${invite.use_count}` : ''}
        </Text>
        {live && <InviteLink invite={invite} />}
        {toggle.isError && (
          <Text size="sm" c="red" role="alert">
            The invite could not be changed; please try again.
          </Text>
        )}
        {(invite.status === 'valid' || invite.status === 'revoked') && (
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            loading={toggle.isPending}
            onClick={() => toggle.mutate(!invite.is_valid)}
            aria-label={`${invite.is_valid ? 'Switch off' : 'Switch on'} the invite to ${what}`}
          >
            {invite.is_valid ? 'Switch off' : 'Switch on'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** `/invites/user`: the invites the member sent, with their state; switch one off or on. */
export function SentInvitesPage() {
  const viewer = useViewer();
  const list = useSentInvites(viewer);
  return (
    <Stack gap="md">
      <PageTitle
        title="Your invites"
        actions={
          <Button component={Link} to="/invites">
            Invite people
          </Button>
        }
      />
      {!viewer.ready ? null : !viewer.canWrite ? (
        <FinishRegistering />
      ) : (
        <CursorListView
          list={list}
          label="Your invites"
          loadingText="Loading your invites…"
          errorTitle="Your invites could not be loaded."
          emptyMessage="You have not sent any invites yet."
          loadMoreLabel="Show more invites"
        >
          {(invites) =>
            invites.map((invite) => (
              // A feed's items are articles (ARIA feed), each named for what it invites to.
              <article key={invite.uuid} aria-label={inviteTitle(invite)}>
                <SentInviteCard invite={invite} viewer={viewer} />
              </article>
            ))
          }
        </CursorListView>
      )}
    </Stack>
  );
}
