import { NotFoundView } from '@plantfolk/ui';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { useRemoteState, useShellServices } from '../app/shell-context';
import { isRemoteName } from './ownership';
import { RemoteUnavailable } from './remote-unavailable';

/**
 * What shows where no page does. A path lands here when no loaded route serves it: either its
 * remote could not be loaded (show the fallback) or nobody serves it (show the 404 page).
 */
export function UnmatchedRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { remotes, ownership } = useShellServices();
  const owner = ownership.ownerOf(location.pathname);
  const remote = isRemoteName(owner) ? owner : null;
  const state = useRemoteState(remote);

  if (remote && state?.status === 'failed') {
    const retry = () => {
      remotes.reset(remote);
      // Navigating to the same URL runs route discovery again, which loads the remote anew.
      void navigate(location, { replace: true });
    };
    return (
      <RemoteUnavailable name={remote} onRetry={retry} retrying={navigation.state !== 'idle'} />
    );
  }
  return <NotFoundView path={location.pathname} />;
}
