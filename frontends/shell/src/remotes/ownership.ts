import { isReservedHandle } from '@plantfolk/api-client';
import { compilePattern, matchesPattern, splitPath } from '../routing/path-pattern';

/** The slices of Plantfolk. The shell is built in; the others are remotes loaded at runtime. */
export const remoteNames = ['social', 'events', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];
export type SliceName = 'shell' | RemoteName;

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (remoteNames as readonly string[]).includes(value);
}

/**
 * What the shell serves itself (architecture.md). It is built in, so it comes first: the runtime
 * config cannot give these paths to a remote.
 */
export const shellPatterns: readonly string[] = [
  '/join',
  '/about',
  '/welcome',
  '/auth/*',
  '/docs/*',
  '/settings',
];

/** Who serves which URL, so the shell knows which remote to load without loading any. */
export interface RouteOwnership {
  /** The slice that owns `pathname`, or null when nobody does (then the 404 page shows). */
  ownerOf(pathname: string): SliceName | null;
}

/**
 * The ownership table: the shell's own patterns, then each remote's from the runtime config, in
 * the order of `remoteNames`; the first matching row wins. Patterns as in
 * routing/path-pattern.ts, where `:handle` never matches a reserved word.
 */
export function createRouteOwnership(
  remoteRoutes: Readonly<Record<RemoteName, readonly string[]>>,
): RouteOwnership {
  const rows = [
    ...shellPatterns.map((pattern) => ({ pattern, owner: 'shell' as SliceName })),
    ...remoteNames.flatMap((owner) => remoteRoutes[owner].map((pattern) => ({ pattern, owner }))),
  ].map(({ pattern, owner }) => ({ pattern: compilePattern(pattern), owner }));
  return {
    ownerOf(pathname) {
      const segments = splitPath(pathname);
      return (
        rows.find((row) => matchesPattern(row.pattern, segments, isReservedHandle))?.owner ?? null
      );
    },
  };
}

/** Ownership as the shell uses it while running: the runtime config's table once it is read. */
export interface LiveRouteOwnership extends RouteOwnership {
  /** Settles when the runtime config has been read; until then only the shell's paths are known. */
  ready: Promise<void>;
}

export function ownershipFromConfig(
  config: Promise<{ routes: Readonly<Record<RemoteName, readonly string[]>> }>,
): LiveRouteOwnership {
  let current = createRouteOwnership({ social: [], events: [], admin: [] });
  const ready = config.then(({ routes }) => {
    current = createRouteOwnership(routes);
  });
  return { ready, ownerOf: (pathname) => current.ownerOf(pathname) };
}
