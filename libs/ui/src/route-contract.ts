import { data, type RouteObject } from 'react-router';

/** The layouts the shell can wrap a page in. */
export const layoutNames = ['3-col', 'default', 'no-margin'] as const;
export type LayoutName = (typeof layoutNames)[number];
export const DEFAULT_LAYOUT: LayoutName = '3-col';

/** What a route tells the frame around it, through react-router's `handle`. */
export interface RouteHandle {
  layout?: LayoutName;
  /** Page title; the document title becomes "{title} · Plantfolk". */
  title?: string;
}

/**
 * A route a remote hands to the shell. Paths are absolute (`/events`, `/:handle`): the shell
 * mounts them as they are, so a remote owns exactly the URLs it declares.
 */
export type RemoteRouteObject = RouteObject & { handle?: RouteHandle };

/** What every remote's `./routes` module exports. The shell types what it loads with this. */
export interface RemoteModule {
  routes: RemoteRouteObject[];
}

/** Identity helper that type-checks a remote's route list against the contract. */
export function defineRemoteRoutes(routes: RemoteRouteObject[]): RemoteRouteObject[] {
  return routes;
}

/**
 * For loaders whose URL parameters fail validation: a fatal 404 with the spec's message
 * 'Page Not Found: {path}', rendered by the error page.
 */
export function routeNotFound(path: string): never {
  throw data(`Page Not Found: ${path}`, { status: 404, statusText: 'Page Not Found' });
}
