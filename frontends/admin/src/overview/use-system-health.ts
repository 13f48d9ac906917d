import { api, type components } from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';

export type SystemHealth = components['schemas']['HealthDto'];

export const HEALTH_REFRESH_MS = 30_000;

/** Live `GET /api/health`, refreshed every 30 seconds while the page is open. */
export function useSystemHealth() {
  return useQuery({
    queryKey: ['admin', 'health'],
    queryFn: async ({ signal }) => (await api.get('/api/health', { signal })).data,
    refetchInterval: HEALTH_REFRESH_MS,
    // A failed health check is an answer in itself; show it instead of retrying.
    retry: false,
  });
}
