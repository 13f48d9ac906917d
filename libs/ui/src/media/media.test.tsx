import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing';
import { BlurhashImage } from './blurhash-image';
import { storageImageUrl } from './image-url';
import { UserAvatar } from './user-avatar';

const HASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj';

/** jsdom has no canvas; this stands in for the 2D context the decoder draws into. */
function stubCanvas() {
  const putImageData = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
        putImageData,
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAA');
  return putImageData;
}

describe('BlurhashImage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the decoded blurhash while loading and drops it once the image has loaded', () => {
    const putImageData = stubCanvas();
    renderWithUi(<BlurhashImage src="plants/fern.webp" alt="A fern" blurhash={HASH} />);

    const image = screen.getByRole('img', { name: 'A fern' });
    const frame = image.parentElement as HTMLElement;
    expect(putImageData).toHaveBeenCalled();
    expect(frame).toHaveAttribute('data-placeholder', 'blurhash');
    expect(frame.style.backgroundImage).toContain('data:image/png;base64,AAA');
    expect(image).toHaveAttribute('src', '/storage/v1/object/public/images/plants/fern.webp');

    fireEvent.load(image);

    expect(frame).toHaveAttribute('data-loaded');
    expect(frame).not.toHaveAttribute('data-placeholder');
    expect(frame.style.backgroundImage).toBe('');
  });

  it('shows only the blurhash, in the photo’s shape, while the photo is still being rendered', () => {
    stubCanvas();
    renderWithUi(
      <BlurhashImage src={null} alt="A fern" blurhash={HASH} width={1365} height={2048} />,
    );
    const frame = screen.getByRole('img', { name: 'A fern' });
    // No picture is requested: its files do not exist yet.
    expect(frame.tagName).toBe('DIV');
    expect(frame.querySelector('img')).toBeNull();
    expect(frame).toHaveAttribute('data-pending', 'true');
    expect(frame).toHaveAttribute('data-placeholder', 'blurhash');
    expect(frame).toHaveAttribute('aria-busy', 'true');
    expect(frame.style.backgroundImage).toContain('data:image/png;base64,AAA');
    expect(frame.style.aspectRatio).toBe('1365 / 2048');
  });

  it('shows a neutral box of the photo’s shape while it has no blurhash yet', () => {
    const putImageData = stubCanvas();
    renderWithUi(
      <BlurhashImage src={null} alt="A fern" blurhash={null} width={1600} height={900} />,
    );
    const frame = screen.getByRole('img', { name: 'A fern' });
    expect(frame.querySelector('img')).toBeNull();
    expect(frame).toHaveAttribute('data-pending', 'true');
    expect(frame).toHaveAttribute('data-placeholder', 'neutral');
    expect(frame).toHaveAttribute('aria-busy', 'true');
    expect(putImageData).not.toHaveBeenCalled();
    expect(frame.style.backgroundImage).toBe('');
    expect(frame.style.aspectRatio).toBe('1600 / 900');
  });

  it('says a photo could not be processed, in its shape, requesting nothing', () => {
    stubCanvas();
    renderWithUi(
      <BlurhashImage src={null} alt="A fern" blurhash={HASH} failed width={1200} height={900} />,
    );
    const frame = screen.getByRole('img', { name: 'A fern (photo could not be processed)' });
    expect(frame).toHaveAttribute('data-failed', 'true');
    expect(frame).not.toHaveAttribute('aria-busy');
    expect(frame).toHaveTextContent('Photo could not be processed');
    expect(frame.querySelector('img')).toBeNull();
    expect(frame.style.backgroundImage).toBe('');
    expect(frame.style.aspectRatio).toBe('1200 / 900');
  });

  it('renders without a placeholder when the blurhash is invalid', () => {
    stubCanvas();
    renderWithUi(<BlurhashImage src="/a.png" alt="Leaf" blurhash="not-a-hash" />);
    expect(screen.getByRole('img', { name: 'Leaf' }).parentElement).not.toHaveAttribute(
      'data-placeholder',
    );
  });
});

describe('storageImageUrl', () => {
  it('maps a reference into the public images bucket and keeps full URLs', () => {
    expect(storageImageUrl('avatars/a b.png')).toBe(
      '/storage/v1/object/public/images/avatars/a%20b.png',
    );
    expect(storageImageUrl('https://cdn.test/x.png')).toBe('https://cdn.test/x.png');
  });
});

describe('UserAvatar', () => {
  it("shows the user's picture, labelled with their name", () => {
    renderWithUi(<UserAvatar user={{ username: 'maria', avatar: 'avatars/maria.webp' }} />);
    expect(screen.getByRole('img', { name: 'maria' })).toHaveAttribute(
      'src',
      '/storage/v1/object/public/images/avatars/maria.webp',
    );
  });

  it('falls back to initials without a picture', () => {
    renderWithUi(<UserAvatar user={{ username: 'Maria Lopez', avatar: null }} />);
    expect(screen.getByText('ML')).toBeInTheDocument();
  });
});
