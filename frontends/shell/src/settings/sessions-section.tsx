import { identityApi, type UserSessionInfo } from '@plantfolk/api-client';
import {
  Badge,
  Button,
  Card,
  FormAlert,
  Group,
  IconDeviceDesktop,
  IconDeviceMobile,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  splitServerError,
} from '@plantfolk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeDevice, formatRelativeTime, isMobileDevice } from './describe-device';

export const sessionsQueryKey = ['identity', 'sessions'] as const;

/** A session not renewed yet was last used when it began. */
const lastActive = (session: UserSessionInfo) => session.last_used_at ?? session.created_at;

function SessionRow({
  session,
  onRevoke,
  revoking,
}: {
  session: UserSessionInfo;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const DeviceIcon = isMobileDevice(session.user_agent) ? IconDeviceMobile : IconDeviceDesktop;
  const device = describeDevice(session.user_agent);
  return (
    <Group component="li" wrap="nowrap" gap="md" align="center" data-testid="session-row">
      <ThemeIcon variant="light" color="gray" size={40} radius="md" aria-hidden>
        <DeviceIcon size={22} aria-hidden />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{device}</Text>
          {session.current && (
            <Badge color="green" variant="light">
              This device
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {[
            session.ip,
            `last active ${formatRelativeTime(lastActive(session))}`,
            `logged in ${formatRelativeTime(session.created_at)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      {!session.current && (
        <Button
          variant="default"
          size="xs"
          onClick={onRevoke}
          loading={revoking}
          aria-label={`Log out ${device}`}
        >
          Log out
        </Button>
      )}
    </Group>
  );
}

/** Where the account is logged in (`GET /api/iam/authn/sessions`), each one revocable. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => identityApi.sessions(signal),
  });
  const revoke = useMutation({
    mutationFn: (ids: string[]) => Promise.all(ids.map((id) => identityApi.revokeSession(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
  const others = (sessions.data ?? []).filter((session) => !session.current);
  // Current first, then the most recently used.
  const ordered = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || lastActive(b).localeCompare(lastActive(a)),
  );

  return (
    <Card title="Where you are logged in">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Log out a browser or device you do not recognise or no longer use, then change your
          password.
        </Text>
        {sessions.isPending ? (
          <Stack gap="sm" aria-hidden>
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        ) : sessions.isError ? (
          <Group justify="space-between">
            <FormAlert message="Your sessions could not be loaded." />
            <Button variant="default" size="xs" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Group>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {ordered.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                revoking={revoke.isPending && (revoke.variables ?? []).includes(session.id)}
                onRevoke={() => revoke.mutate([session.id])}
              />
            ))}
          </Stack>
        )}
        {revoke.isError && <FormAlert message={splitServerError(revoke.error, []).formError} />}
        {others.length > 1 && (
          <Group>
            <Button
              variant="light"
              color="red"
              onClick={() => revoke.mutate(others.map((session) => session.id))}
              loading={revoke.isPending && (revoke.variables ?? []).length > 1}
            >
              Log out all other sessions
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
