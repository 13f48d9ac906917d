import { adminOpsApi, type CleanupKind, type CleanupRun } from '@plantfolk/api-client';
import {
  Badge,
  Box,
  Button,
  Card,
  FormAlert,
  Group,
  Modal,
  PageTitle,
  Stack,
  Text,
  formatFullDate,
} from '@plantfolk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  cleanupJobs,
  cleanupTitle,
  describeRun,
  isRunning,
  percentOf,
  stateLabels,
  type CleanupInfo,
} from './cleanup-jobs';
import { cleanupRunKey, cleanupRunsKey, useLiveCleanupRuns } from './use-live-cleanup-runs';

/** How often a running cleanup's progress is asked for while the live socket is down. */
export const PROGRESS_POLL_MS = 700;
/** …and while it is up (its pushes carry the progress), in case one is lost. */
export const LIVE_SAFETY_MS = 15_000;

function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      style={{
        height: 12,
        borderRadius: 6,
        background: 'var(--mantine-color-default-border)',
        overflow: 'hidden',
      }}
    >
      <Box
        style={{
          width: `${percent}%`,
          height: '100%',
          background: 'var(--mantine-primary-color-filled)',
          transition: 'width 200ms ease',
        }}
      />
    </Box>
  );
}

/** The run just started from this screen, followed until it ends. */
function LiveRun({ info, runId, live }: { info: CleanupInfo; runId: string; live: boolean }) {
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: cleanupRunKey(runId),
    queryFn: ({ signal }) => adminOpsApi.cleanupRun(runId, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data && !isRunning(data)) {
        void queryClient.invalidateQueries({ queryKey: cleanupRunsKey });
        return false;
      }
      return live ? LIVE_SAFETY_MS : PROGRESS_POLL_MS;
    },
  });
  const data = run.data;
  const percent = data ? percentOf(data) : 0;
  return (
    <Stack gap={6}>
      <ProgressBar percent={percent} label={`${info.title}: progress`} />
      <Text size="sm" role="status" aria-live="polite" data-testid={`cleanup-status-${info.kind}`}>
        {run.isError
          ? 'The progress could not be loaded; it is asked for again shortly.'
          : data
            ? `${stateLabels[data.state] ?? data.state} · ${describeRun(data, info.unit)}`
            : 'Starting…'}
      </Text>
    </Stack>
  );
}

function CleanupCard({
  info,
  latest,
  live,
}: {
  info: CleanupInfo;
  latest: CleanupRun | undefined;
  live: boolean;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (kind: CleanupKind) => adminOpsApi.startCleanup(kind),
    onSuccess: (run) => {
      setRunId(run.id);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: cleanupRunsKey });
    },
  });
  // A run started earlier (another tab, before a reload) is followed too.
  const followed = runId ?? (latest && isRunning(latest) ? latest.id : null);
  return (
    <Card title={info.title} padding="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {info.description}
        </Text>
        {followed && <LiveRun info={info} runId={followed} live={live} />}
        <Button
          w="fit-content"
          onClick={() => {
            start.reset();
            setConfirming(true);
          }}
        >
          Run: {info.title.toLowerCase()}
        </Button>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`${info.title}?`}>
        <Stack gap="md">
          <Text size="sm">{info.confirm}</Text>
          <Text size="sm">It runs in the background; you can leave this page.</Text>
          <FormAlert
            message={start.isError ? 'The cleanup could not be started; please try again.' : null}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button loading={start.isPending} onClick={() => start.mutate(info.kind)}>
              Start the cleanup
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function RecentRuns({ runs }: { runs: CleanupRun[] }) {
  if (!runs.length) return <Text c="dimmed">No cleanup has run in the last day.</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {runs.map((run) => {
        const info = cleanupJobs.find((job) => job.kind === run.kind);
        return (
          <Box component="li" key={run.id} data-testid="cleanup-run">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" fw={600}>
                {cleanupTitle(run.kind)}
              </Text>
              <Badge
                variant="light"
                color={
                  run.state === 'completed' ? 'green' : run.state === 'failed' ? 'red' : 'blue'
                }
              >
                {stateLabels[run.state] ?? run.state}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {formatFullDate(run.requested_at)} · {describeRun(run, info?.unit ?? 'items')}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}

/** `/admin/database`: the location cleanups, run as background jobs with live progress. */
export function AdminDatabasePage() {
  const { live } = useLiveCleanupRuns();
  const runs = useQuery({
    queryKey: cleanupRunsKey,
    queryFn: ({ signal }) => adminOpsApi.cleanupRuns(signal),
  });
  const latest = (kind: CleanupKind) => runs.data?.find((run) => run.kind === kind);
  return (
    <Stack gap="lg">
      <PageTitle
        title="Database"
        description="Tidy the places events use. Each cleanup runs as a background job; nothing in use is lost."
      />
      {cleanupJobs.map((info) => (
        <CleanupCard key={info.kind} info={info} latest={latest(info.kind)} live={live} />
      ))}
      <Card title="Recent runs" titleOrder={2}>
        {runs.isPending ? (
          <Text c="dimmed">Loading recent runs…</Text>
        ) : runs.isError ? (
          <Stack gap="xs" role="alert">
            <Text>The recent runs could not be loaded.</Text>
            <Button variant="default" w="fit-content" onClick={() => void runs.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <RecentRuns runs={runs.data} />
        )}
      </Card>
    </Stack>
  );
}
