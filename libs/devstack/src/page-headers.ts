/** The part of the runtime config (runtime-config.ts) the headers depend on. */
type RemoteUrls = { remotes: Record<string, string>; mapTiles?: { url: string } };

/** The origin map tiles come from, when it is not this one (images only). */
export function mapTilesOrigin(config: RemoteUrls): string | null {
  const url = config.mapTiles?.url;
  if (!url || (url.startsWith('/') && !url.startsWith('//'))) return null;
  return new URL(url.replace(/\{[xyz]\}/g, '0')).origin;
}

/**
 * The origin of the admins' `map_tiles_url` site setting (an http(s) URL template; the API refuses
 * anything else), or null when it is empty, a path on this origin, or not a plain http(s) URL: a
 * value that slipped through never reaches the header, and never breaks it.
 */
export function settingTilesOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || !value || value.length > 500) return null;
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?\//i.test(value)) return null;
  // What the API refuses in the setting: nothing of it could be meant for a header.
  if (/["\\\s'<>;,]/.test(value)) return null;
  const filled = value.replace(/\{[xyz]\}/g, '0');
  if (!URL.canParse(filled)) return null;
  const url = new URL(filled);
  if (url.username || url.password || !['http:', 'https:'].includes(url.protocol)) return null;
  return url.origin;
}

/** What the pages' headers take from the site settings, read per page (they change without a restart). */
export interface LiveSettings {
  /** The `map_tiles_url` site setting as the API has it (validated again here). */
  mapTilesUrl?: unknown;
}

/**
 * The origins the shell loads remotes from: each remote URL of the runtime config that is an
 * absolute http(s) URL gives its origin (lower-case, default port dropped); a path names this
 * origin, which 'self' already covers. In runtime-config order, each once.
 *
 * The production web tier computes the same list in frontends/deploy/40-plantfolk-runtime-config.sh;
 * a test holds the two to the same answers.
 */
export function remoteOrigins(config: RemoteUrls): string[] {
  const origins: string[] = [];
  for (const [name, value] of Object.entries(config.remotes)) {
    if (value.startsWith('/') && !value.startsWith('//')) continue;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password)
      throw new Error(
        `The ${name} remote URL must be a path on this origin or an http(s) URL: ${value}`,
      );
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/**
 * The Content-Security-Policy of the app's pages. Scripts, styles, fonts, images and fetches come
 * from this origin and the remotes' origins only. Styles may be inline: Mantine sets `style`
 * attributes and writes its CSS variables into a <style> element at run time (and index.html
 * carries the first-paint background). Images may also be `data:` (small inlined assets) and
 * `blob:` (a photo previewed before it is uploaded), and map tiles from their server's origin
 * (MAP_TILES_URL, and the admins' `map_tiles_url` site setting, read per page: images only, the
 * map draws its tiles as <img>). Frames may show only the video players a post may embed (VIDEO_PLAYER_ORIGINS,
 * the same list as libs/ui content/video-embed.tsx; whether a post plays one is a site setting).
 * Nothing may frame the app, and forms post only to this origin.
 */
export const VIDEO_PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

export function contentSecurityPolicy(config: RemoteUrls, live: LiveSettings = {}): string {
  const remotes = remoteOrigins(config);
  const sources = (...own: string[]) => [...own, ...remotes].join(' ');
  const images = [...remotes];
  // The deployment's tile server (MAP_TILES_URL) and the admins' one (the site setting, which wins).
  for (const tiles of [mapTilesOrigin(config), settingTilesOrigin(live.mapTilesUrl)])
    if (tiles && !images.includes(tiles)) images.push(tiles);
  return [
    "default-src 'self'",
    `script-src ${sources("'self'")}`,
    `style-src ${sources("'self'", "'unsafe-inline'")}`,
    `img-src ${["'self'", 'data:', 'blob:', ...images].join(' ')}`,
    `font-src ${sources("'self'", 'data:')}`,
    `connect-src ${sources("'self'")}`,
    `frame-src ${VIDEO_PLAYER_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The security headers of every page of the app (the shell's index.html, whatever the path). */
export function pageSecurityHeaders(
  config: RemoteUrls,
  live: LiveSettings = {},
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config, live),
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  };
}
