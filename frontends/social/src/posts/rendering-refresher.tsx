import { contentApi } from '@plantfolk/api-client';
import { refetchWhileRendering } from '@plantfolk/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Viewer } from '../app/viewer';
import { updatePost } from '../content/cache';
import type { PostEntry } from '../content/entries';
import { contentKeys } from '../content/query-keys';

/**
 * A feed card whose photos are still being rendered (a post saved right after its upload) fetches
 * its post again now and then, and hands the rendered photos to every cached copy of it, so the
 * blurhash gives way to the photos without a reload. Lazy: only such a card loads it.
 */
export function RenderingRefresher({ post, viewer }: { post: PostEntry; viewer: Viewer }) {
  const queryClient = useQueryClient();
  useQuery({
    queryKey: [...contentKeys.post(viewer.key, post.random_id), 'photos'],
    queryFn: async ({ signal }) => {
      const photos = viewer.user
        ? (await contentApi.post(post.random_id, signal)).data.photos
        : (await contentApi.publicPost(post.random_id, signal)).data.post.photos;
      updatePost(queryClient, post.id, (entry) => ({ ...entry, photos }));
      return photos;
    },
    refetchInterval: refetchWhileRendering((photos: PostEntry['photos']) => photos),
  });
  return null;
}
