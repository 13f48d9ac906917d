import { Outlet, useLocation } from 'react-router';
import { resolveOwner, type RemoteName } from './ownership';
import { UnmatchedRoute } from './unmatched-route';

/**
 * Parent of one remote's routes. A remote's pattern can match more than it owns (social's
 * `/:handle` also matches `/events`); the slot renders the remote only for URLs the ownership
 * table gives it, and otherwise what the catch-all route would (a fallback or the 404 page).
 */
export function RemoteSlot({ owner }: { owner: RemoteName }) {
  const { pathname } = useLocation();
  return resolveOwner(pathname) === owner ? <Outlet /> : <UnmatchedRoute />;
}
