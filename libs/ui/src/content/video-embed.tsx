/**
 * Video links a post may play in place: the providers we know how to embed, each with the player
 * origin the pages' Content-Security-Policy admits in `frame-src` (libs/devstack page-headers.ts
 * and frontends/deploy/40-plantfolk-runtime-config.sh). Which link hosts actually play is the
 * admins' choice (site settings `video_embeds_enabled`, `video_allowed_hosts`,
 * `video_max_per_post`).
 */
export const VIDEO_PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  /** The link as the post has it. */
  url: string;
  /** The player's address (one of VIDEO_PLAYER_ORIGINS). */
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The player for a video link, or null when it is not a video link we can play. */
export function videoEmbedOf(url: string): VideoEmbed | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = segments[0] ?? null;
  else if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com')
    youtubeId =
      segments[0] === 'watch'
        ? parsed.searchParams.get('v')
        : segments[0] === 'shorts' || segments[0] === 'embed' || segments[0] === 'live'
          ? (segments[1] ?? null)
          : null;
  if (youtubeId && YOUTUBE_ID.test(youtubeId))
    return {
      provider: 'youtube',
      url,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}`,
    };
  if ((host === 'vimeo.com' || host === 'www.vimeo.com') && /^\d{1,12}$/.test(segments[0] ?? ''))
    return { provider: 'vimeo', url, embedUrl: `https://player.vimeo.com/video/${segments[0]}` };
  return null;
}

export interface VideoRules {
  enabled: boolean;
  /** Lower-case host names whose links play. */
  allowedHosts: readonly string[];
  maxPerPost: number;
}

/** The players for a post's links, as the site's video rules allow (first links first). */
export function videoEmbedsFor(urls: readonly string[], rules: VideoRules): VideoEmbed[] {
  if (!rules.enabled || rules.maxPerPost <= 0) return [];
  const embeds: VideoEmbed[] = [];
  for (const url of urls) {
    const embed = videoEmbedOf(url);
    if (!embed || embeds.some((known) => known.embedUrl === embed.embedUrl)) continue;
    if (!rules.allowedHosts.includes(new URL(url).hostname.toLowerCase())) continue;
    embeds.push(embed);
    if (embeds.length >= rules.maxPerPost) break;
  }
  return embeds;
}

/** A video player in a 16:9 box, loaded when scrolled near, with nothing of ours handed to it. */
export function VideoPlayer({ embed, title }: { embed: VideoEmbed; title: string }) {
  return (
    // A plain element, not Mantine's Box: this module is bundled by the apps that import it (it is
    // not part of the kit's shared singleton), and Box would bring a copy of Mantine's core along.
    <div
      style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9' }}
      data-testid="video-player"
    >
      <iframe
        src={embed.embedUrl}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </div>
  );
}
