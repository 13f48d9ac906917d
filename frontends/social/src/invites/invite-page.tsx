import { invitesApi, isApiError, type PublicInvite } from '@plantfolk/api-client';
import {
  Button,
  Card,
  Group,
  PageTitle,
  Stack,
  Text,
  UserAvatar,
  formatFullDate,
} from '@plantfolk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useViewer, type Viewer } from '../app/viewer';
import { inviteKeys } from './invites-data';

export const EXPIRED_INVITE_PATH = '/invites/expired';

/** The shell's sign-up, carrying the invite through to the API. */
export function signUpWithInvite(uuid: string): string {
  return `/auth/signup?invite=${encodeURIComponent(uuid)}`;
}

function inviterName(invite: PublicInvite): string {
  return invite.inviter.display_name || invite.inviter.username || 'A member';
}

/** What someone holding a site invite can do: sign up with it, or (a member) go home. */
function SiteInviteAction({ invite, viewer }: { invite: PublicInvite; viewer: Viewer }) {
  if (viewer.user)
    return (
      <Stack gap="xs">
        <Text>You already have an account, so this invite is for someone else.</Text>
        <Button component={Link} to="/" variant="default" w="fit-content">
          Go to your feed
        </Button>
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Text>
        {invite.registration === 'invite-only'
          ? 'Plantfolk is open to new members by invitation. This invite lets one person create an account.'
          : 'Create an account to share cuttings, find plant swaps and meet plant lovers near you.'}
      </Text>
      <Button component={Link} to={signUpWithInvite(invite.uuid)} w="fit-content">
        Sign up with this invite
      </Button>
    </Stack>
  );
}

/** A page or event invite: members accept it and go there; guests log in first or just look. */
function TargetInviteAction({ invite, viewer }: { invite: PublicInvite; viewer: Viewer }) {
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => invitesApi.accept(invite.uuid),
    onSuccess: (accepted) => void navigate(accepted.link),
    onError: (error) => {
      if (isApiError(error) && error.status === 410) void navigate(EXPIRED_INVITE_PATH);
    },
  });
  const target = invite.target;
  if (!target)
    return <Text>The {invite.inviteType} this invite was for is no longer on Plantfolk.</Text>;
  const label = invite.inviteType === 'page' ? 'Open the page' : 'Open the event';
  if (!viewer.user)
    return (
      <Group gap="sm">
        <Button
          component={Link}
          to={`/auth/login?redirect=${encodeURIComponent(`/invites/${invite.uuid}`)}`}
        >
          Log in to accept
        </Button>
        <Button component={Link} to={target.link} variant="default">
          {label}
        </Button>
      </Group>
    );
  return (
    <Stack gap="xs">
      {accept.isError && (
        <Text c="red" size="sm" role="alert">
          The invite could not be accepted; please try again.
        </Text>
      )}
      <Button onClick={() => accept.mutate()} loading={accept.isPending} w="fit-content">
        Accept and {label.toLowerCase()}
      </Button>
    </Stack>
  );
}

/** `/invites/{id}`: an invite as anyone with its link sees it, with what to do next. */
export function InvitePage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const query = useQuery({
    queryKey: inviteKeys.view(viewer.key, id),
    queryFn: ({ signal }) => invitesApi.view(id, signal),
    retry: false,
  });

  if (query.isPending) return <Text c="dimmed">Loading the invite…</Text>;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404)
      return <Navigate to={EXPIRED_INVITE_PATH} replace state={{ reason: 'not-found' }} />;
    return (
      <Stack gap="xs" role="alert">
        <Text>The invite could not be loaded.</Text>
        <Button variant="default" w="fit-content" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const invite = query.data;
  if (invite.status !== 'valid')
    return <Navigate to={EXPIRED_INVITE_PATH} replace state={{ reason: invite.status }} />;

  const name = inviterName(invite);
  const what =
    invite.inviteType === 'site' ? 'Plantfolk' : (invite.target?.title ?? `a ${invite.inviteType}`);
  return (
    <Stack gap="md">
      <PageTitle title={`You’re invited to ${what}`} />
      <Card padding="md">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <UserAvatar
              user={{ username: invite.inviter.username, avatar: invite.inviter.avatar }}
              size="md"
            />
            <Text>
              <Text span fw={600}>
                {name}
              </Text>{' '}
              invited you
              {invite.inviteType === 'page'
                ? ' to their page'
                : invite.inviteType === 'event'
                  ? ' to their event'
                  : ' to join Plantfolk'}
              .
            </Text>
          </Group>
          {invite.noteText && (
            <Text
              component="blockquote"
              m={0}
              pl="sm"
              style={{ borderLeft: '3px solid var(--mantine-color-green-6)' }}
            >
              {invite.noteText}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            This invite works until {formatFullDate(invite.expires_at)}.
          </Text>
          {invite.inviteType === 'site' ? (
            <SiteInviteAction invite={invite} viewer={viewer} />
          ) : (
            <TargetInviteAction invite={invite} viewer={viewer} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

/** `/invites/expired`: an invite that no longer works, and what to do instead. */
export function ExpiredInvitePage() {
  const viewer = useViewer();
  return (
    <Stack gap="md">
      <PageTitle
        title="This invite no longer works"
        description="Invites work for 14 days, a sign-up invite works once, and the person who sent one can switch it off."
      />
      <Card padding="md">
        <Stack gap="sm">
          <Text fw={600}>What you can do</Text>
          <Text>Ask whoever sent it for a new invite.</Text>
          {viewer.user ? (
            <Group gap="sm">
              <Button component={Link} to="/">
                Go to your feed
              </Button>
              <Button component={Link} to="/events" variant="default">
                Find events
              </Button>
            </Group>
          ) : (
            <>
              <Text>
                If Plantfolk is open to everyone right now, you can create an account without an
                invite. Already a member? Log in.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/auth/signup">
                  Sign up
                </Button>
                <Button component={Link} to="/auth/login" variant="default">
                  Log in
                </Button>
                <Button component={Link} to="/" variant="subtle">
                  Look around
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
