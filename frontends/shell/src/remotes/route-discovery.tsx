import type { PatchRoutesOnNavigationFunction } from 'react-router';
import { resolveOwner } from './ownership';
import type { RemoteRegistry } from './remote-registry';
import { RemoteSlot } from './remote-slot';

/**
 * react-router's lazy route discovery: when a URL is not matched by a known route, find the
 * slice that owns it, load that remote (only then) and add its routes under `parentRouteId`,
 * inside a slot that keeps them to the URLs the remote owns. A remote that fails to load adds
 * nothing; the catch-all route then shows its fallback.
 */
export function createRouteDiscovery(
  registry: RemoteRegistry,
  parentRouteId: string,
): PatchRoutesOnNavigationFunction {
  const patched = new Set<string>();
  return async ({ path, patch, signal }) => {
    const owner = resolveOwner(new URL(path, 'http://plantfolk.invalid').pathname);
    if (!owner || owner === 'shell' || patched.has(owner)) return;
    const routes = await registry.load(owner);
    if (!routes || signal.aborted) return;
    patch(parentRouteId, [
      { id: `remote:${owner}`, element: <RemoteSlot owner={owner} />, children: routes },
    ]);
    patched.add(owner);
  };
}
