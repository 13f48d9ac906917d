import {
  type CleanupRun,
  onLiveReconnect,
  onLiveStatus,
  subscribeLive,
} from '@plantfolk/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isRunning } from './cleanup-jobs';

export const cleanupRunsKey = ['admin', 'cleanup-runs'] as const;
export const cleanupRunKey = (id: string) => ['admin', 'cleanup-run', id] as const;

function isCleanupRun(payload: unknown): payload is CleanupRun {
  const run = payload as Partial<CleanupRun> | null;
  return (
    typeof run === 'object' &&
    run !== null &&
    typeof run.id === 'string' &&
    typeof run.kind === 'string' &&
    typeof run.state === 'string' &&
    (run.progress === null || typeof run.progress === 'object')
  );
}

/**
 * Cleanup progress pushed live to the admin's sockets (the API sends each run's view as its job
 * moves on, to admins only): a pushed run replaces the cached one and its row in the recent runs,
 * and a run that ended (or one the list lacks) has the list rechecked. Every (re)connection
 * rechecks everything over REST (what came while it was down). `live` is whether the socket is up
 * now: the screen polls at its fallback pace while it is not.
 */
export function useLiveCleanupRuns(): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const stops = [
      onLiveStatus(setLive),
      subscribeLive('cleanup-run', (payload) => {
        if (!isCleanupRun(payload)) return;
        queryClient.setQueryData(cleanupRunKey(payload.id), payload);
        let listed = false;
        queryClient.setQueryData<CleanupRun[]>(cleanupRunsKey, (runs) =>
          runs?.map((run) => {
            if (run.id !== payload.id) return run;
            listed = true;
            return payload;
          }),
        );
        // A burst of pushes (a quick run) shares one list refetch: a push does not cancel the
        // refetch an earlier one started.
        if (!listed || !isRunning(payload))
          void queryClient.invalidateQueries(
            { queryKey: cleanupRunsKey },
            { cancelRefetch: false },
          );
      }),
      onLiveReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'cleanup-run'] });
        void queryClient.invalidateQueries({ queryKey: cleanupRunsKey });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return { live };
}
