import type { RemoteRouteObject } from '@plantfolk/ui';
import type { ComponentType } from 'react';
import { AdminNav } from './admin-nav';
import { ADMIN_SCREENS } from './admin-screens';

const framedPaths = new Set(ADMIN_SCREENS.map((screen) => screen.path));

function framed(Screen: ComponentType) {
  function AdminFramedScreen() {
    return (
      <>
        <AdminNav />
        <Screen />
      </>
    );
  }
  return AdminFramedScreen;
}

/**
 * Puts the admin sub-navigation above every admin screen of the routes, without each screen
 * having to render it: the lazy route's Component is wrapped when it loads.
 */
export function withAdminFrame(routes: RemoteRouteObject[]): RemoteRouteObject[] {
  return routes.map((route) => {
    const { lazy } = route;
    if (!framedPaths.has(route.path) || typeof lazy !== 'function') return route;
    return {
      ...route,
      lazy: async () => {
        const loaded = await lazy();
        return loaded.Component ? { ...loaded, Component: framed(loaded.Component) } : loaded;
      },
    };
  });
}
