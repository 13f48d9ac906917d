/** The part of the runtime config (runtime-config.ts) the headers depend on. */
type RemoteUrls = { remotes: Record<string, string>; mapTiles?: { url: string } };

/** The origin map tiles come from, when it is not this one (images only). */
export function mapTilesOrigin(config: RemoteUrls): string | null {
  const url = config.mapTiles?.url;
  if (!url || (url.startsWith('/') && !url.startsWith('//'))) return null;
  return new URL(url.replace(/\{[xyz]\}/g, '0')).origin;
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
 * (MAP_TILES_URL). Frames may show only the video players a post may embed (VIDEO_PLAYER_ORIGINS,
 * the same list as libs/ui content/video-embed.tsx; whether a post plays one is a site setting).
 * Nothing may frame the app, and forms post only to this origin.
 */
export const VIDEO_PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

export function contentSecurityPolicy(config: RemoteUrls): string {
  const remotes = remoteOrigins(config);
  const sources = (...own: string[]) => [...own, ...remotes].join(' ');
  const tiles = mapTilesOrigin(config);
  const images = [...remotes, ...(tiles && !remotes.includes(tiles) ? [tiles] : [])];
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
export function pageSecurityHeaders(config: RemoteUrls): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  };
}
