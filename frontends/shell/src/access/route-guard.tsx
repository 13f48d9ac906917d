import { useSession } from '@plantfolk/session';
import { PageLoader } from '@plantfolk/ui';
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useShellServices } from '../app/shell-context';
import { UnmatchedRoute } from '../remotes/unmatched-route';
import { decideAccess, LOGIN_PATH } from './access-decision';
import { ForbiddenView } from './forbidden-view';
import { pageAccessOf } from './page-access';

/**
 * Wraps every page (the shell's and the remotes'): reads the access policy the matched route
 * declares and lets the caller in, sends them where they need to go first, or explains why not.
 * A location that is no declared page shows what the catch-all route would (the 404 page, or a
 * remote's fallback). The server enforces the same policies; this spares the user a page full
 * of errors.
 */
export function RouteGuard() {
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const { ownership } = useShellServices();
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  const page = pageAccessOf(matches, location.pathname, ownership);
  const decision = decideAccess(
    page.kind === 'page' ? page.policy : null,
    { loggedIn, user },
    location.pathname + location.search,
  );

  // Whether the user was let in at this location. A page they were let in on that now wants
  // them at the login page is being left by a logout, and a logout navigates by itself (home,
  // or where it was told): sending them to the login page too would cancel that navigation.
  const [admitted, setAdmitted] = useState({ key: location.key, allowed: false });
  if (admitted.key !== location.key || (decision.kind === 'allow' && !admitted.allowed)) {
    setAdmitted({ key: location.key, allowed: decision.kind === 'allow' });
  }
  const loggingOut =
    admitted.key === location.key &&
    admitted.allowed &&
    decision.kind === 'redirect' &&
    decision.to.startsWith(LOGIN_PATH);

  if (page.kind === 'unmatched') return <UnmatchedRoute />;
  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'wait':
      return <PageLoader label="Checking your session" />;
    case 'forbidden':
      return <ForbiddenView missingRole={decision.missingRole} />;
    case 'redirect':
      // A navigation already under way (a logout going home) decides where the user ends up.
      if (loggingOut || navigation.state !== 'idle') return <PageLoader />;
      return <Navigate to={decision.to} replace />;
  }
}
