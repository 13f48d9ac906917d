import { adminOverviewApi } from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';

export const OVERVIEW_REFRESH_MS = 30_000;
export const adminOverviewKey = ['admin', 'overview'] as const;

/** `GET /api/iam/admin/overview`, refreshed every 30 seconds while the page is open. */
export function useAdminOverview() {
  return useQuery({
    queryKey: adminOverviewKey,
    queryFn: ({ signal }) => adminOverviewApi.overview(signal),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}
