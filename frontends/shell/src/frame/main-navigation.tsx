import { useSession } from '@plantfolk/session';
import { NavList } from '@plantfolk/ui';
import { navigationFor } from './navigation-items';

export function MainNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSession((state) => (state.loggedIn === true ? state.user : null));
  return <NavList items={navigationFor(user)} onNavigate={onNavigate} />;
}
