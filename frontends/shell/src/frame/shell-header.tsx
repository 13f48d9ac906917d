import { useSession } from '@plantfolk/session';
import {
  AppHeader,
  BrandLogo,
  Burger,
  Button,
  ColorModeToggle,
  Drawer,
  requestFeedReload,
  Skeleton,
  useDisclosure,
} from '@plantfolk/ui';
import { usePublicSettings } from '@plantfolk/ui/site-settings';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { MainNavigation } from './main-navigation';

/** Members only: guests (every first view Lighthouse measures) never download the menu code. */
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));
/** The search box: members only (search is a member call), so guests never download it. */
const HeaderSearch = lazy(async () => ({
  default: (await import('../search/header-search')).HeaderSearch,
}));
/** The remotes' header items (the bell): members only, so guests never load a remote for them. */
const HeaderItems = lazy(async () => ({ default: (await import('./header-items')).HeaderItems }));

export function ShellHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const busy = useNavigation().state !== 'idle';
  // The one read of the public settings on a page (every slice shares it from the cache): the
  // header shows the constant name at once and the admins' name when it arrives, never waiting.
  const { settings } = usePublicSettings();

  // The logo on the home page means "show me what's new": the feed reloads.
  const onLogoClick = () => {
    if (pathname === '/') requestFeedReload();
  };

  return (
    <>
      <AppHeader
        busy={busy}
        start={
          <>
            <Burger
              className="pf-only-compact"
              opened={menuOpened}
              onClick={menu.toggle}
              size="sm"
              aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={menuOpened}
              aria-controls="pf-mobile-navigation"
            />
            <BrandLogo onClick={onLogoClick} collapsible name={settings.siteName} />
          </>
        }
        end={
          <>
            <ColorModeToggle />
            <AccountActions />
          </>
        }
      />
      <Drawer
        id="pf-mobile-navigation"
        opened={menuOpened}
        onClose={menu.close}
        title="Navigation"
        size="xs"
      >
        <nav aria-label="Main">
          <MainNavigation onNavigate={menu.close} />
        </nav>
      </Drawer>
    </>
  );
}

function AccountActions() {
  const { loggedIn, user } = useSession();
  const { pathname, search } = useLocation();
  const loading = <Skeleton height={36} width={36} circle aria-label="Loading your account" />;
  if (loggedIn === 'unknown') return loading;
  if (loggedIn === true && user) {
    return (
      <>
        <Suspense fallback={null}>
          <HeaderSearch />
        </Suspense>
        <Suspense fallback={null}>
          <HeaderItems user={user} />
        </Suspense>
        <Suspense fallback={loading}>
          <AccountMenu user={user} />
        </Suspense>
      </>
    );
  }
  // From a page worth coming back to, the login brings the visitor back to it.
  const back = pathname.startsWith('/auth/') || pathname === '/' ? '' : pathname + search;
  return (
    <>
      <Button
        component={Link}
        to={back ? `/auth/login?redirect=${encodeURIComponent(back)}` : '/auth/login'}
        variant="default"
      >
        Log in
      </Button>
      <Button component={Link} to="/join" className="pf-hide-compact">
        Join
      </Button>
    </>
  );
}
