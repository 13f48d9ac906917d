import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing';
import { displayDomain, LinkPreviewCard, type LinkPreviewLike } from './link-preview-card';

const preview: LinkPreviewLike = {
  url: 'https://www.leafy.example/care/monstera?ref=1',
  title: 'Monstera care & repotting',
  description: 'How to repot a Swiss cheese plant',
  siteName: 'Leafy',
  image: {
    image_ref: 'posts/ab/0a1b2c3d-0000-4000-8000-000000000000.webp',
    variants: [
      { width: 320, height: 168, ref: 'posts/ab/0a1b2c3d-0000-4000-8000-000000000000-320.webp' },
      { width: 600, height: 314, ref: 'posts/ab/0a1b2c3d-0000-4000-8000-000000000000.webp' },
    ],
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    width: 600,
    height: 314,
  },
};

/** jsdom has no canvas; this stands in for the 2D context the blurhash decoder draws into. */
function stubCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
        putImageData: vi.fn(),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAA');
}

describe('LinkPreviewCard', () => {
  beforeEach(stubCanvas);
  afterEach(() => vi.restoreAllMocks());

  it('is one link to the page, in a new tab, naming title, description and domain', async () => {
    renderWithUi(<LinkPreviewCard preview={preview} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', preview.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    expect(link).toHaveAccessibleName(
      'Leafy · leafy.example Monstera care & repotting How to repot a Swiss cheese plant',
    );
    // Our re-hosted image, never the page's own.
    const image = link.querySelector('img');
    expect(image?.getAttribute('src')).toBe(
      '/storage/v1/object/public/images/posts/ab/0a1b2c3d-0000-4000-8000-000000000000.webp',
    );
    expect(image?.getAttribute('srcset')).toContain('-320.webp 320w');
    expect(image).toHaveAttribute('alt', '');
    // Its blurhash shows until it has loaded, in the image's shape.
    const frame = image?.parentElement as HTMLElement;
    expect(frame).toHaveAttribute('data-placeholder', 'blurhash');
    expect(frame.style.backgroundImage).toContain('data:image/png;base64,AAA');
    // Reached with the keyboard.
    await userEvent.tab();
    expect(link).toHaveFocus();
  });

  it('does without an image, a description or a site name', () => {
    renderWithUi(
      <LinkPreviewCard preview={{ ...preview, image: null, description: null, siteName: null }} />,
    );
    const link = screen.getByRole('link');
    expect(link.querySelector('img')).toBeNull();
    expect(link).toHaveAccessibleName('leafy.example Monstera care & repotting');
  });

  it('passes axe', async () => {
    const { container } = renderWithUi(<LinkPreviewCard preview={preview} />);
    // Colour contrast needs a real layout engine: the journeys check it in both colour modes.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('shows a domain without www., or the text when it is no URL', () => {
    expect(displayDomain('https://www.leafy.example/x')).toBe('leafy.example');
    expect(displayDomain('not a url')).toBe('not a url');
  });
});
