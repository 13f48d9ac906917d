import {
  api,
  invitesApi,
  pagesApi,
  type Invite,
  type InvitePage,
  type InviteStatus,
  type InviteType,
} from '@plantfolk/api-client';
import { useCursorList } from '@plantfolk/ui/cursor-list';
import { useQuery } from '@tanstack/react-query';
import type { Viewer } from '../app/viewer';

/** The query keys of the invite screens (under the viewer, as every cached answer). */
export const inviteKeys = {
  sent: (viewer: string) => ['invites', viewer, 'sent'] as const,
  view: (viewer: string, uuid: string) => ['invites', viewer, 'view', uuid] as const,
  targets: (viewer: string) => ['invites', viewer, 'targets'] as const,
};

/** Where a sent invite's public view lives, as a full address to copy or share. */
export function inviteUrl(uuid: string): string {
  return new URL(`/invites/${encodeURIComponent(uuid)}`, window.location.origin).toString();
}

export const STATUS_LABELS: Record<InviteStatus, string> = {
  valid: 'Active',
  used: 'Used',
  expired: 'Expired',
  revoked: 'Switched off',
};

export const TYPE_LABELS: Record<InviteType, string> = {
  site: 'Join Plantfolk',
  page: 'Page',
  event: 'Event',
};

export type SentInvite = Invite & { id: string };

const withIds = (page: InvitePage) => ({
  ...page,
  items: page.items.map((invite): SentInvite => ({ ...invite, id: invite.uuid })),
});

/** The viewer's sent invites, newest first, by cursor. */
export function useSentInvites(viewer: Viewer) {
  return useCursorList({
    queryKey: inviteKeys.sent(viewer.key),
    enabled: viewer.ready && viewer.canWrite,
    first: async (signal) => withIds(await invitesApi.sent(null, signal)),
    more: async (cursor, signal) => withIds(await invitesApi.sent(cursor, signal)),
  });
}

export interface InviteTarget {
  id: string;
  title: string;
}

/** What the viewer may invite to: the pages they own and the events they created. */
export function useInviteTargets(viewer: Viewer) {
  const userId = viewer.user?.uuid ?? '';
  return useQuery({
    queryKey: inviteKeys.targets(viewer.key),
    enabled: viewer.ready && viewer.canWrite && userId !== '',
    queryFn: async ({ signal }) => {
      const [pages, events] = await Promise.all([
        pagesApi.byUser(userId, signal),
        api.get('/api/iam/events/get-by-user/{id}', { path: { id: userId }, signal }),
      ]);
      return {
        pages: pages
          .filter((page) => page.owner_id === userId)
          .map((page): InviteTarget => ({ id: page.id, title: page.name })),
        events: events.data.items
          .filter((event) => event.creator_id === userId)
          .map((event): InviteTarget => ({ id: event.id, title: event.title })),
      };
    },
  });
}
