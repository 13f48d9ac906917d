import { contentApi, isApiError, type Schemas } from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';
import { eventKeys } from '../api/query-keys';
import type { Viewer } from '../app/viewer';

export type HandlePage = Schemas['PageDto'];
export type HandleMember = Schemas['PublicProfileDto'];

/** Who `/{handle}` is: a page or a member (handles are unique across both), or nobody. */
export type HandleOwner =
  { kind: 'page'; page: HandlePage } | { kind: 'user'; user: HandleMember } | { kind: 'none' };

/** The page or member of a handle (`GET /api/iam/posts/user-or-page-basic/{handle}`). */
export async function resolveHandle(handle: string, signal?: AbortSignal): Promise<HandleOwner> {
  try {
    const basic = await contentApi.userOrPageBasic(handle, signal);
    if (basic.kind === 'page' && basic.page) return { kind: 'page', page: basic.page };
    if (basic.kind === 'user' && basic.user) return { kind: 'user', user: basic.user };
    return { kind: 'none' };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'none' };
    throw error;
  }
}

export function useHandleOwner(viewer: Viewer, handle: string) {
  return useQuery({
    queryKey: eventKeys.handle(viewer.key, handle),
    queryFn: ({ signal }) => resolveHandle(handle, signal),
    enabled: viewer.ready && handle.length > 0,
  });
}

/** May the viewer create an event at `/{handle}/events/new`: their own handle, or a page they manage. */
export function mayCreateFor(viewer: Viewer, owner: HandleOwner): boolean {
  if (!viewer.trusted || !viewer.user) return false;
  if (owner.kind === 'user') return owner.user.uuid === viewer.user.uuid;
  if (owner.kind === 'page') return owner.page.can_manage;
  return false;
}
