import { identityApi, type Responder } from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** At most this many people are looked up one by one on a page. */
const MAX_LOOKUPS = 60;

/**
 * The people an event page names (organiser, who goes, who brings what) by user id: those the
 * API sent as `responders`, and any it did not send looked up through the public user summary,
 * as the plant page does for a listing's author. An id that cannot be found stays out.
 */
export function usePeople(
  known: readonly Responder[],
  needed: readonly string[],
): ReadonlyMap<string, Responder> {
  const knownById = useMemo(() => new Map(known.map((person) => [person.uuid, person])), [known]);
  const missing = useMemo(
    () =>
      [...new Set(needed)]
        .filter((id) => !knownById.has(id))
        .sort()
        .slice(0, MAX_LOOKUPS),
    [needed, knownById],
  );
  const lookup = useQuery({
    queryKey: ['events', 'people', ...missing],
    enabled: missing.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const found = await Promise.all(
        missing.map((uuid) => identityApi.userSummary(uuid, signal).catch(() => null)),
      );
      return found.filter((person): person is Responder => person !== null);
    },
  });
  return useMemo(() => {
    const all = new Map(knownById);
    for (const person of lookup.data ?? []) all.set(person.uuid, person);
    return all;
  }, [knownById, lookup.data]);
}
