import type { PatchRoutesOnNavigationFunction } from 'react-router';
import type { LiveRouteOwnership, RemoteName } from './ownership';
import type { RemoteRegistry } from './remote-registry';

/** The handle of the route that holds one remote's routes: which remote they came from. */
export interface RemoteSlotHandle {
  remote: RemoteName;
}

export const remoteSlotId = (remote: RemoteName) => `remote:${remote}`;

/**
 * react-router's lazy route discovery: when a URL is not matched by a known route, find the
 * slice that owns it, load that remote (only then) and add its routes under `parentRouteId`, in
 * a slot route that records where they came from (the guard keeps each remote to the URLs the
 * ownership table gives it). A remote that fails to load adds nothing; the catch-all route then
 * shows its fallback.
 */
export function createRouteDiscovery(
  registry: RemoteRegistry,
  ownership: LiveRouteOwnership,
  parentRouteId: string,
): PatchRoutesOnNavigationFunction {
  const patched = new Set<string>();
  return async ({ path, patch, signal }) => {
    await ownership.ready;
    const owner = ownership.ownerOf(new URL(path, 'http://plantfolk.invalid').pathname);
    if (!owner || owner === 'shell' || patched.has(owner)) return;
    const routes = await registry.load(owner);
    if (!routes || signal.aborted) return;
    const handle: RemoteSlotHandle = { remote: owner };
    patch(parentRouteId, [{ id: remoteSlotId(owner), handle, children: routes }]);
    patched.add(owner);
  };
}
