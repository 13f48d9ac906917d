import { isReservedHandle } from '@plantfolk/api-client';
import { isAccessPolicy, type AccessPolicy, type RouteHandle } from '@plantfolk/ui';
import type { UIMatch } from 'react-router';
import type { RouteOwnership } from '../remotes/ownership';
import type { RemoteSlotHandle } from '../remotes/route-discovery';

/** The page a location is, for the guard: a page with its policy, or none (the 404 page). */
export type PageAccess = { kind: 'page'; policy: AccessPolicy } | { kind: 'unmatched' };

const unmatched: PageAccess = { kind: 'unmatched' };

/**
 * Reads the policy the matched page declares in its route handle (every slice's pages declare
 * one). The client fails closed, as the API does: a location is no page at all when the matched
 * route declares no policy, when a remote's pattern reaches a URL the ownership table gives
 * another slice (social's `/:handle` also matches `/events`), or when a `:handle` parameter is a
 * word reserved for the app's own paths.
 */
export function pageAccessOf(
  matches: readonly UIMatch[],
  pathname: string,
  ownership: RouteOwnership,
): PageAccess {
  const page = matches.at(-1);
  const policy = (page?.handle as RouteHandle | undefined)?.access;
  if (!page || !isAccessPolicy(policy)) return unmatched;

  const slot = matches.find((match) => (match.handle as Partial<RemoteSlotHandle>)?.remote);
  const remote = (slot?.handle as RemoteSlotHandle | undefined)?.remote;
  if (remote && ownership.ownerOf(pathname) !== remote) return unmatched;

  const handle = page.params.handle;
  if (handle !== undefined && isReservedHandle(handle)) return unmatched;
  return { kind: 'page', policy };
}
