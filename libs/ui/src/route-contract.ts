import type { SessionUser } from '@plantfolk/session';
import type { ComponentType } from 'react';
import { data, type NonIndexRouteObject } from 'react-router';

/** The layouts the shell can wrap a page in. */
export const layoutNames = ['3-col', 'default', 'no-margin'] as const;
export type LayoutName = (typeof layoutNames)[number];
export const DEFAULT_LAYOUT: LayoutName = '3-col';

/** The spec's guard names (section 2); the API enforces the same policies on its handlers. */
export const accessPolicies = [
  'none',
  'guest-or-authd',
  'authd-only',
  'logged-in-only',
  'completed-regn',
  'trusted-only',
  'admin-auth',
] as const;
export type AccessPolicy = (typeof accessPolicies)[number];

export function isAccessPolicy(value: unknown): value is AccessPolicy {
  return typeof value === 'string' && (accessPolicies as readonly string[]).includes(value);
}

/** What a route tells the frame around it, through react-router's `handle`. */
export interface RouteHandle {
  layout?: LayoutName;
  /** Page title; the document title becomes "{title} · Plantfolk". */
  title?: string;
  /** Who may open the page; the shell's guard enforces it before the page renders. */
  access?: AccessPolicy;
}

/** A page's handle: a page says who may open it, or it is not a page (fail closed). */
export interface PageRouteHandle extends RouteHandle {
  access: AccessPolicy;
}

/**
 * A route a remote hands to the shell: an absolute path (`/events`, `/:handle`) the shell mounts
 * as it is, so a remote owns exactly the URLs it declares, and the access policy the shell's guard
 * enforces for it. A route without a policy does not type-check, and the shell refuses a remote
 * that sends one anyway (see `remoteModuleProblems`). A `:handle` parameter never matches a word
 * reserved for the app's own paths.
 */
export type RemoteRouteObject = Omit<NonIndexRouteObject, 'path' | 'handle' | 'children'> & {
  path: string;
  handle: PageRouteHandle;
};

/** What the shell hands each settings section. */
export interface SettingsSectionProps {
  /** The signed-in member (/settings is for registered members). */
  user: SessionUser;
  /**
   * Registers how to tell whether the section has unsaved changes, so leaving /settings asks
   * first (one page, one prompt for all sections); returns the function that unregisters it.
   */
  registerDirtyCheck: (key: string, isDirty: () => boolean) => () => void;
}

/**
 * A section of /settings. The shell has its own (profile, photo, phone, password, sessions,
 * notifications, account deletion); a remote adds one by exporting it next to its routes.
 */
export interface SettingsSection {
  /** The section's anchor (`/settings#notifications`), unique across the slices. */
  id: string;
  /** Where it sits, lowest first; the shell's own sections take the hundreds (100 … 900). */
  order: number;
  /** Named in the fallback shown while the section loads or if it fails. */
  title: string;
  /** Wrap anything sizeable in React.lazy, so contributing costs the remote's entry nothing. */
  Component: ComponentType<SettingsSectionProps>;
}

/** What the shell hands each header item. */
export interface HeaderItemProps {
  /** The signed-in member (header items are shown to signed-in members only). */
  user: SessionUser;
}

/**
 * An item a remote adds to the shell's header, left of the account menu (the notifications bell).
 * The shell shows it only to signed-in members its `access` admits (guests never load a remote
 * for it), lazily, in a slot that fails alone.
 */
export interface HeaderItem {
  /** Unique across the slices. */
  id: string;
  /** Where it sits, lowest first (leftmost). */
  order: number;
  /** Who sees it; guests never do, whatever it says. */
  access: AccessPolicy;
  /** Named in the fallback shown while the item loads or if it fails. */
  label: string;
  /** Wrap anything sizeable in React.lazy, so contributing costs the remote's entry nothing. */
  Component: ComponentType<HeaderItemProps>;
}

/**
 * What every remote's `./routes` module exports: its pages, and optionally the sections it adds
 * to /settings (the runtime config's `settingsSectionsFrom` names the remotes the shell asks) and
 * the items it adds to the header (`headerItemsFrom`).
 */
export interface RemoteModule {
  routes: RemoteRouteObject[];
  settingsSections?: SettingsSection[];
  headerItems?: HeaderItem[];
}

/** Identity helper that type-checks a remote's route list against the contract. */
export function defineRemoteRoutes(routes: RemoteRouteObject[]): RemoteRouteObject[] {
  return routes;
}

/** Identity helper that type-checks a remote's settings sections against the contract. */
export function defineSettingsSections(sections: SettingsSection[]): SettingsSection[] {
  return sections;
}

/** Identity helper that type-checks a remote's header items against the contract. */
export function defineHeaderItems(items: HeaderItem[]): HeaderItem[] {
  return items;
}

/**
 * What is wrong with a loaded `./routes` module, checked at runtime because a remote is built
 * and deployed apart from the shell: a route without a path or a known access policy, or a
 * malformed settings section. Empty when the module keeps the contract.
 */
export function remoteModuleProblems(module: unknown): string[] {
  const { routes, settingsSections, headerItems } = (module ?? {}) as Partial<
    Record<string, unknown>
  >;
  if (!Array.isArray(routes)) return ['it does not export a routes array'];
  const problems: string[] = [];
  routes.forEach((route: Partial<RemoteRouteObject> | null, index) => {
    const name = typeof route?.path === 'string' ? route.path : `routes[${index}]`;
    if (typeof route?.path !== 'string' || !route.path.startsWith('/')) {
      problems.push(`${name} has no absolute path`);
    }
    if (!isAccessPolicy(route?.handle?.access)) problems.push(`${name} declares no access policy`);
  });
  if (settingsSections !== undefined && !Array.isArray(settingsSections)) {
    problems.push('settingsSections is not an array');
  }
  for (const section of Array.isArray(settingsSections) ? settingsSections : []) {
    const { id, order, title, Component } = (section ?? {}) as Partial<SettingsSection>;
    if (typeof id !== 'string' || typeof order !== 'number' || typeof title !== 'string') {
      problems.push(`settings section ${String(id)} needs an id, an order and a title`);
    } else if (typeof Component !== 'function' && typeof Component !== 'object') {
      problems.push(`settings section ${id} has no Component`);
    }
  }
  if (headerItems !== undefined && !Array.isArray(headerItems)) {
    problems.push('headerItems is not an array');
  }
  for (const item of Array.isArray(headerItems) ? headerItems : []) {
    const { id, order, label, access, Component } = (item ?? {}) as Partial<HeaderItem>;
    if (typeof id !== 'string' || typeof order !== 'number' || typeof label !== 'string') {
      problems.push(`header item ${String(id)} needs an id, an order and a label`);
    } else if (!isAccessPolicy(access)) {
      problems.push(`header item ${id} declares no access policy`);
    } else if (typeof Component !== 'function' && typeof Component !== 'object') {
      problems.push(`header item ${id} has no Component`);
    }
  }
  return problems;
}

/** The literal first segments a list of route patterns claims (`/tag/:name` → `tag`). */
export function claimedFirstSegments(patterns: readonly string[]): string[] {
  const segments = patterns
    .map((pattern) => pattern.split('/').filter(Boolean)[0])
    .filter(
      (segment): segment is string => !!segment && !segment.startsWith(':') && segment !== '*',
    );
  return [...new Set(segments)];
}

/**
 * For loaders whose URL parameters fail validation: a fatal 404 with the spec's message
 * 'Page Not Found: {path}', rendered by the error page.
 */
export function routeNotFound(path: string): never {
  throw data(`Page Not Found: ${path}`, { status: 404, statusText: 'Page Not Found' });
}
