import { fakePost, fakeResponder, ok, okWith } from '@plantfolk/api-client/testing';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderSocial, signIn, stubCanvas } from '../testing/social-test-kit';

const fern = fakeResponder();
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO = 'https://vimeo.com/76979871';

function videoRules(overrides: Record<string, unknown> = {}) {
  return [
    { name: 'site_name', value: 'Plantfolk', dataType: 'string' },
    { name: 'video_embeds_enabled', value: true, dataType: 'boolean' },
    { name: 'video_allowed_hosts', value: ['www.youtube.com', 'vimeo.com'], dataType: 'json' },
    { name: 'video_max_per_post', value: 1, dataType: 'number' },
  ].map((setting) =>
    setting.name in overrides ? { ...setting, value: overrides[setting.name] } : setting,
  );
}

function feedWith(text: string, settings: unknown[]) {
  stubCanvas();
  signIn();
  return fakeApi()
    .on('GET', '/api/settings/get-all', ok(settings))
    .on(
      'GET',
      '/api/iam/posts/init-recent',
      okWith(
        {
          items: [
            fakePost({
              text,
              linkPreview: {
                url: YOUTUBE,
                title: 'Repotting, the video',
                description: null,
                siteName: 'YouTube',
                image: null,
              },
            }),
          ],
          next_cursor: null,
        },
        [fern],
      ),
    );
}

describe('video links in posts (site settings)', () => {
  it('plays the first allowed video link in place of its preview card', async () => {
    feedWith(`Watch ${YOUTUBE} and ${VIMEO}`, videoRules());
    renderSocial('/');
    const article = await screen.findByRole('article', { name: /fern/ });
    const players = await within(article).findAllByTestId('video-player');
    // At most video_max_per_post players.
    expect(players).toHaveLength(1);
    expect(players[0]?.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(within(article).queryByTestId('link-preview')).toBeNull();
    for (const scheme of ['light', 'dark']) {
      document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
      // The player's own page is the provider's: axe checks our frame (its title) only.
      const report = await axe.run(article, {
        iframes: false,
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(report.violations.map((violation) => violation.id)).toEqual([]);
    }
  });

  it('plays as many as the setting allows, in the order of the text', async () => {
    feedWith(`Watch ${YOUTUBE} and ${VIMEO}`, videoRules({ video_max_per_post: 2 }));
    renderSocial('/');
    const article = await screen.findByRole('article', { name: /fern/ });
    const players = await within(article).findAllByTestId('video-player');
    expect(players.map((player) => player.querySelector('iframe')?.getAttribute('src'))).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871',
    ]);
  });

  it('keeps links as links when embeds are off, or the host is not allowed', async () => {
    const api = feedWith(`Watch ${YOUTUBE}`, videoRules({ video_embeds_enabled: false }));
    renderSocial('/');
    const article = await screen.findByRole('article', { name: /fern/ });
    expect(await within(article).findByTestId('link-preview')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/settings/get-all')).toHaveLength(1);
    expect(within(article).queryByTestId('video-player')).toBeNull();
  });

  it('does not ask for the settings when no post links to a video', async () => {
    const api = feedWith('Just leaves today', videoRules());
    renderSocial('/');
    await screen.findByRole('article', { name: /fern/ });
    expect(api.requestsTo('GET', '/api/settings/get-all')).toHaveLength(0);
  });
});
