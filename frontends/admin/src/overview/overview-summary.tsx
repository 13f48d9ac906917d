import { isApiError } from '@plantfolk/api-client';
import {
  Anchor,
  Badge,
  Card,
  FormAlert,
  formatCount,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TimeAgo,
} from '@plantfolk/ui';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { openQueueDashboard, QUEUE_DASHBOARD_PATH } from './open-queue-dashboard';
import { useAdminOverview } from './use-admin-overview';

const COUNT_LABELS: Record<string, string> = {
  accounts: 'Accounts',
  posts: 'Posts',
  pages: 'Pages',
  events: 'Events',
};

/** The overview's numbers: counts, queue health and the latest admin actions. */
export function OverviewSummary() {
  const { data, error, isPending } = useAdminOverview();
  const [openError, setOpenError] = useState<string | null>(null);
  const openDashboard = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpenError(null);
    openQueueDashboard().catch((problem: unknown) =>
      setOpenError(
        isApiError(problem) ? problem.message : 'The queue dashboard could not be opened.',
      ),
    );
  };
  if (isPending) return <Loader aria-label="Loading the overview" />;
  if (error || !data)
    return <FormAlert message={`The overview could not be loaded: ${error?.message ?? ''}`} />;
  return (
    <Stack gap="lg" data-testid="admin-overview">
      <Card title="Counts" titleOrder={2}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" style={{ margin: 0 }}>
          {data.counts.map((count) => (
            <div key={count.name}>
              <Text component="dt" size="sm" c="dimmed">
                {COUNT_LABELS[count.name] ?? count.name}
              </Text>
              <Text component="dd" fw={700} size="xl" style={{ margin: 0 }}>
                {count.approximate ? '≈ ' : ''}
                {formatCount(count.value)}
                {count.approximate && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (estimate)
                  </Text>
                )}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <Card title="Queues" titleOrder={2}>
        {data.queues_error ? (
          <FormAlert message={data.queues_error} />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.queues.map((queue) => (
              <Group key={queue.name} component="li" gap="xs" wrap="wrap">
                <Text fw={600} w={110}>
                  {queue.name}
                </Text>
                <Text size="sm">
                  {queue.waiting} waiting · {queue.active} running · {queue.delayed} delayed
                </Text>
                {queue.failed > 0 && (
                  <Badge color="red" variant="light">
                    {queue.failed} failed
                  </Badge>
                )}
                {queue.paused && <Badge variant="outline">paused</Badge>}
              </Group>
            ))}
          </Stack>
        )}
        <Anchor href={QUEUE_DASHBOARD_PATH} onClick={openDashboard} mt="sm" display="inline-block">
          Open the queue dashboard
        </Anchor>
        {openError && <FormAlert message={openError} />}
      </Card>
      <Card title="Recent admin actions" titleOrder={2}>
        {data.recent_audit.length === 0 ? (
          <Text size="sm" c="dimmed">
            No admin actions yet.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.recent_audit.map((entry) => (
              <li key={entry.id}>
                <Text size="sm">
                  <strong>{entry.actor ?? 'A former admin'}</strong> · {entry.action}
                  {entry.target ? ` · ${entry.target}` : ''} · <TimeAgo iso={entry.created_at} />
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to="/admin/audit" mt="sm" display="inline-block">
          The whole audit log
        </Anchor>
      </Card>
    </Stack>
  );
}
