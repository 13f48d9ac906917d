import { describe, expect, it } from 'vitest';
import { toPublicSettings } from '../site-settings-query';
import { videoEmbedOf, videoEmbedsFor } from './video-embed';

const rules = {
  enabled: true,
  allowedHosts: ['www.youtube.com', 'youtu.be', 'vimeo.com'],
  maxPerPost: 5,
};

describe('video links', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('plays %s through %s', (url, embedUrl) => {
    expect(videoEmbedOf(url)?.embedUrl).toBe(embedUrl);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/abc',
    'https://vimeo.com/about',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'not a url',
  ])('does not play %s', (url) => {
    expect(videoEmbedOf(url)).toBeNull();
  });

  it('keeps to the allowed hosts, the limit and the switch, once per video', () => {
    const urls = [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/1',
    ];
    expect(videoEmbedsFor(urls, rules).map((embed) => embed.url)).toEqual([
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/1',
    ]);
    expect(videoEmbedsFor(urls, { ...rules, maxPerPost: 1 })).toHaveLength(1);
    expect(videoEmbedsFor(urls, { ...rules, enabled: false })).toEqual([]);
  });

  it('reads the public settings with fallbacks for odd values', () => {
    const settings = toPublicSettings([
      { name: 'site_name', value: 'Fern Club', dataType: 'string' },
      { name: 'video_allowed_hosts', value: ['vimeo.com', 3], dataType: 'json' },
      { name: 'default_map_point', value: { lat: 1 }, dataType: 'json' },
    ]);
    expect(settings.siteName).toBe('Fern Club');
    expect(settings.video).toEqual({ enabled: false, allowedHosts: ['vimeo.com'], maxPerPost: 0 });
    expect(settings.defaultMapPoint).toBeNull();
    expect(settings.registrationMode).toBe('open');
  });
});
