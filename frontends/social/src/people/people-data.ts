import {
  type DirectoryMember,
  type DirectoryOrder,
  locationApi,
  NEARBY_PEOPLE_TAKE,
  type NearbyPerson,
  peopleApi,
} from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';
import { useCursorList } from '@plantfolk/ui/cursor-list';
import type { Viewer } from '../app/viewer';

export const peopleKeys = {
  directory: (viewer: string, order: DirectoryOrder) =>
    ['people', viewer, 'directory', order] as const,
  nearby: (viewer: string, latitude: number, longitude: number) =>
    ['people', viewer, 'nearby', latitude, longitude] as const,
  guestLocation: () => ['location', 'from-ip'] as const,
};

type Listed = DirectoryMember & { id: string };
const withIds = (page: { items: DirectoryMember[]; next_cursor: string | null }) => ({
  items: page.items.map((member): Listed => ({ ...member, id: member.uuid })),
  next_cursor: page.next_cursor,
});

/** `/users`: the directory in one of its orders, a page at a time (spec §4: by cursor). */
export function useDirectory(viewer: Viewer, order: DirectoryOrder) {
  return useCursorList({
    queryKey: peopleKeys.directory(viewer.key, order),
    first: (signal) => peopleApi.directory(order, null, signal).then(withIds),
    more: (cursor, signal) => peopleApi.directory(order, cursor, signal).then(withIds),
  });
}

/**
 * Members nearest a point (spec §9: the request asks for 20, and the list is fetched again only
 * when it holds one or fewer).
 */
export function useNearbyPeople(
  viewer: Viewer,
  point: { latitude: number; longitude: number } | null,
  take = NEARBY_PEOPLE_TAKE,
) {
  const user = viewer.user;
  const refetchWhenNearlyEmpty = (query: { state: { data?: NearbyPerson[] } }) =>
    (query.state.data?.length ?? 0) <= 1 ? ('always' as const) : false;
  return useQuery({
    queryKey: peopleKeys.nearby(viewer.key, point?.latitude ?? 0, point?.longitude ?? 0),
    enabled: Boolean(user && point),
    queryFn: ({ signal }) =>
      peopleApi.nearby(
        {
          userId: user?.uuid ?? '',
          latitude: point?.latitude ?? 0,
          longitude: point?.longitude ?? 0,
          take,
        },
        signal,
      ),
    staleTime: Infinity,
    refetchOnMount: refetchWhenNearlyEmpty,
    refetchOnWindowFocus: refetchWhenNearlyEmpty,
    refetchOnReconnect: refetchWhenNearlyEmpty,
  });
}

/** A guest's probable location, from their IP address (asked once per visit). */
export function useGuestLocation(enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.guestLocation(),
    enabled,
    queryFn: ({ signal }) => locationApi.fromIp(signal),
    staleTime: Infinity,
  });
}

/** "Fitzroy, Victoria": the place a member gave, as far as they gave it. */
export function placeOf(member: {
  suburb_city: string | null;
  state: string | null;
  country?: string | null;
}): string {
  return [member.suburb_city, member.state].filter(Boolean).join(', ');
}

/** "3 km away" (distances are whole km, at least 1). */
export function distanceText(km: number): string {
  return `${km.toLocaleString('en')} km away`;
}
