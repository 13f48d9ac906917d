import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  IconAlertTriangle,
  IconBolt,
  IconDatabase,
  IconHeartbeat,
  IconRefresh,
  IconServer2,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
} from '@plantfolk/ui';
import type { ComponentType, ReactNode } from 'react';
import { summarizeHealth, type ComponentStatus } from './health-summary';
import { useSystemHealth } from './use-system-health';

const statusBadge: Record<ComponentStatus, { label: string; color: string }> = {
  up: { label: 'Up', color: 'green' },
  down: { label: 'Down', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

function StatusTile({
  icon: Icon,
  label,
  children,
}: {
  icon: ComponentType<{ size?: number }>;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group
      wrap="nowrap"
      gap="sm"
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <ThemeIcon variant="light" color="gray" size={38} radius="md">
        <Icon size={20} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

function StatusBadge({ status }: { status: ComponentStatus }) {
  const { label, color } = statusBadge[status];
  return (
    <Badge color={color} variant="light" mt={2}>
      {label}
    </Badge>
  );
}

/** PostgreSQL, Redis and version as the API reports them right now. */
export function SystemStatusCard() {
  const health = useSystemHealth();
  const summary = summarizeHealth(health.data, health.error);
  const checkedAt = Math.max(health.dataUpdatedAt, health.errorUpdatedAt);

  return (
    <Card title="System status" titleOrder={2}>
      <Group justify="space-between" mb="md" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {health.isPending
            ? 'Checking…'
            : `Last checked at ${new Date(checkedAt).toLocaleTimeString()}`}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void health.refetch()}
          loading={health.isFetching}
        >
          Check now
        </Button>
      </Group>

      {!health.isPending && summary.problem && (
        <Alert
          color={summary.apiReachable ? 'yellow' : 'red'}
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={summary.apiReachable ? 'The system is degraded' : 'The API is unreachable'}
          mb="md"
        >
          {summary.problem}
        </Alert>
      )}

      {health.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-hidden>
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={64} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="system-status">
          <StatusTile icon={IconHeartbeat} label="API">
            <Badge color={summary.apiReachable ? 'green' : 'red'} variant="light" mt={2}>
              {summary.apiReachable ? 'Reachable' : 'Unreachable'}
            </Badge>
          </StatusTile>
          <StatusTile icon={IconDatabase} label="PostgreSQL">
            <StatusBadge status={summary.postgres} />
          </StatusTile>
          <StatusTile icon={IconBolt} label="Redis">
            <StatusBadge status={summary.redis} />
          </StatusTile>
          <StatusTile icon={IconServer2} label="Version">
            <Text fw={600}>{summary.version ?? '—'}</Text>
          </StatusTile>
        </SimpleGrid>
      )}
    </Card>
  );
}
