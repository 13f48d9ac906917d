import { compilePattern, matchesPattern, splitPath } from '../routing/path-pattern';

/** The slices of Plantfolk. The shell is built in; the others are remotes loaded at runtime. */
export const remoteNames = ['social', 'events', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];
export type SliceName = 'shell' | RemoteName;

/**
 * First path segments that name an area of the app. A profile or page handle may not take one
 * of them, so `/events` is the events list and never the profile of someone called "events".
 */
export const reservedWords: ReadonlySet<string> = new Set([
  'about',
  'admin',
  'api',
  'auth',
  'docs',
  'event',
  'events',
  'invites',
  'join',
  'messages',
  'pages',
  'plant',
  'post',
  'profile',
  'remotes',
  'settings',
  'storage',
  'tag',
  'user',
  'users',
  'welcome',
]);

/**
 * Who serves which URL (architecture.md), so the shell knows which remote to load without
 * loading any. Patterns as in routing/path-pattern.ts; the first matching row wins.
 */
export const ownershipTable: ReadonlyArray<readonly [pattern: string, owner: SliceName]> = [
  ['/settings/location', 'admin'],
  ['/admin', 'admin'],
  ['/admin/*', 'admin'],

  ['/join', 'shell'],
  ['/about', 'shell'],
  ['/welcome', 'shell'],
  ['/auth/*', 'shell'],
  ['/docs/*', 'shell'],
  ['/settings', 'shell'],

  ['/events', 'events'],
  ['/event/*', 'events'],
  ['/:handle/events', 'events'],
  ['/:handle/events/*', 'events'],

  ['/', 'social'],
  ['/tag/*', 'social'],
  ['/pages', 'social'],
  ['/pages/*', 'social'],
  ['/users', 'social'],
  ['/users/*', 'social'],
  ['/invites', 'social'],
  ['/invites/*', 'social'],
  ['/user/*', 'social'],
  ['/plant/*', 'social'],
  ['/post/*', 'social'],
  ['/profile', 'social'],
  ['/profile/*', 'social'],
  ['/messages', 'social'],
  ['/messages/*', 'social'],
  ['/:handle', 'social'],
  ['/:handle/edit', 'social'],
];

const compiledTable = ownershipTable.map(([pattern, owner]) => ({
  pattern: compilePattern(pattern),
  owner,
}));

/** The slice that owns `pathname`, or null when nobody does (then the 404 page shows). */
export function resolveOwner(pathname: string): SliceName | null {
  const segments = splitPath(pathname);
  return (
    compiledTable.find((row) => matchesPattern(row.pattern, segments, reservedWords))?.owner ?? null
  );
}

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (remoteNames as readonly string[]).includes(value);
}
