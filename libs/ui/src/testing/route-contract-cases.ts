import { describe, expect, it } from 'vitest';
import { claimedFirstSegments, type AccessPolicy, type RemoteRouteObject } from '../route-contract';

/**
 * The checks every slice runs over the routes it hands the shell: each route declares the access
 * policy of the spec's route table (section 2, given as `policies` by path pattern), and every
 * first path segment it claims is a word no handle may take (`isReserved`, the API's list from
 * @plantfolk/api-client), so `/{handle}` never shadows a page.
 */
export function describeRouteContract(
  slice: string,
  routes: readonly RemoteRouteObject[],
  policies: Readonly<Record<string, AccessPolicy>>,
  isReserved: (segment: string) => boolean,
): void {
  describe(`${slice} routes against the route contract`, () => {
    it.each(Object.entries(policies))("%s declares the spec's policy, %s", (path, policy) => {
      expect(routes.find((route) => route.path === path)?.handle.access).toBe(policy);
    });

    it('declares a policy for every route the spec lists, and for no other', () => {
      expect(routes.map((route) => route.path).sort()).toEqual(Object.keys(policies).sort());
    });

    it('claims only first path segments that no handle can take', () => {
      const paths = routes.map((route) => route.path);
      expect(claimedFirstSegments(paths).filter((segment) => !isReserved(segment))).toEqual([]);
    });
  });
}
