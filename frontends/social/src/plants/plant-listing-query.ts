import { identityApi, plantsApi } from '@plantfolk/api-client';
import { refetchWhileRendering } from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import type { Viewer } from '../app/viewer';
import { withAuthor, type PostEntry } from '../content/entries';
import { contentKeys } from '../content/query-keys';

/**
 * A plant listing by plant id (members: the member route, with their reaction; guests: the
 * public one). Where the answer carries no author summary, the public user summary fills it in.
 */
export function usePlantListing(viewer: Viewer, plantId: string) {
  return useQuery({
    queryKey: contentKeys.plant(viewer.key, plantId),
    enabled: viewer.ready && plantId.length > 0,
    queryFn: async ({ signal }) => {
      const { data, responders } = viewer.user
        ? await plantsApi.listing(plantId, signal)
        : await plantsApi.publicListing(plantId, signal);
      const entry = withAuthor(data, responders);
      if (entry.author) return entry;
      const author = await identityApi.userSummary(data.user_id, signal).catch(() => null);
      return { ...entry, author };
    },
    // A listing saved right after its photos were uploaded shows their blurhash until they exist.
    refetchInterval: refetchWhileRendering((listing: PostEntry) => listing.photos),
  });
}
