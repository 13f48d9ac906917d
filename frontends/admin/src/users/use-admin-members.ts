import {
  identityApi,
  type AdminMember,
  type AdminMemberList,
  type AdminMemberPage,
  type MemberRolesInput,
} from '@plantfolk/api-client';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

export const MEMBERS_PAGE_SIZE = 20;

type MemberPages = InfiniteData<AdminMemberPage, string | null>;

export const adminMembersKey = (list?: AdminMemberList, search?: string) =>
  ['admin', 'members', ...(list ? [list] : []), ...(search === undefined ? [] : [search])] as const;

/**
 * One of the admins' member lists, newest first, paged by cursor; `search` (already debounced)
 * keeps those whose username, display name or e-mail contains it.
 */
export function useAdminMembers(list: AdminMemberList, search: string) {
  const query = useInfiniteQuery({
    queryKey: adminMembersKey(list, search),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      identityApi.adminMembers(list, {
        search,
        cursor: pageParam,
        take: MEMBERS_PAGE_SIZE,
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // While a new search loads, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = query;

  // Pages never overlap on the server; a row that moved between loads is shown once.
  const members = useMemo(() => {
    const seen = new Set<string>();
    const all: AdminMember[] = [];
    for (const page of data?.pages ?? [])
      for (const member of page.items) {
        if (seen.has(member.uuid)) continue;
        seen.add(member.uuid);
        all.push(member);
      }
    return all;
  }, [data]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  return {
    query,
    members,
    hasMore: Boolean(hasNextPage),
    loadingMore: isFetchingNextPage,
    loadMore,
  };
}

/** Applies `change` to every cached page of every member list. */
function patchLists(
  queryClient: ReturnType<typeof useQueryClient>,
  change: (items: AdminMember[]) => AdminMember[],
) {
  queryClient.setQueriesData<MemberPages>({ queryKey: adminMembersKey() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) }
      : data,
  );
}

/**
 * What an admin does to a member: grant or withdraw trust, suspend or reinstate, delete. The
 * lists show the change as the API answers it (the member as stored, or gone).
 */
export function useMemberActions() {
  const queryClient = useQueryClient();
  const updateRoles = useMutation({
    mutationFn: ({ uuid, changes }: { uuid: string; changes: MemberRolesInput }) =>
      identityApi.updateMemberRoles(uuid, changes),
    onSuccess: (updated) =>
      patchLists(queryClient, (items) =>
        items.map((item) => (item.uuid === updated.uuid ? updated : item)),
      ),
    // Refused or failed: show the lists as they are now (another admin may have been first).
    onError: () => queryClient.invalidateQueries({ queryKey: adminMembersKey() }),
  });
  const remove = useMutation({
    mutationFn: (uuid: string) => identityApi.deleteMember(uuid),
    onSuccess: (_result, uuid) =>
      patchLists(queryClient, (items) => items.filter((item) => item.uuid !== uuid)),
    onError: () => queryClient.invalidateQueries({ queryKey: adminMembersKey() }),
  });
  return { updateRoles, remove };
}
