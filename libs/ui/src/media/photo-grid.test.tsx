import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing';
import { isRendering, refetchWhileRendering, variantSrcSet } from './image-url';
import { PhotoGrid, type GridPhoto } from './photo-grid';

const photo = (n: number, extra: Partial<GridPhoto> = {}): GridPhoto => ({
  id: `p${n}`,
  image_ref: `posts/${n}.webp`,
  variants: [
    { width: 1080, height: 810, ref: `posts/${n}-1080.webp` },
    { width: 480, height: 360, ref: `posts/${n}-480.webp` },
  ],
  blurhash: null,
  width: 1600,
  height: 1200,
  alt_text: `Fern ${n}`,
  ...extra,
});

const renderGrid = (photos: GridPhoto[]) =>
  renderRoutes([{ path: '/', element: <PhotoGrid photos={photos} /> }]);

describe('PhotoGrid', () => {
  it('offers every stored size to the browser, smallest first, with the original', () => {
    renderGrid([photo(1)]);
    const image = screen.getByRole('img', { name: 'Fern 1' });
    expect(image).toHaveAttribute(
      'srcset',
      '/storage/v1/object/public/images/posts/1-480.webp 480w, /storage/v1/object/public/images/posts/1-1080.webp 1080w, /storage/v1/object/public/images/posts/1.webp 1600w',
    );
    expect(image).toHaveAttribute('sizes');
  });

  it('shows the blurhash of a photo still being rendered, requesting no file, then the photo', async () => {
    const pending = photo(1, { variants: [] });
    const { unmount } = renderGrid([pending, photo(2)]);
    const placeholder = screen.getByRole('img', { name: 'Fern 1' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveAttribute('data-pending', 'true');
    expect(document.querySelector('img[src*="posts/1"]')).toBeNull();
    expect(screen.getByRole('img', { name: 'Fern 2' }).tagName).toBe('IMG');
    // The lightbox shows the placeholder as well, not a broken picture.
    await userEvent.click(screen.getByRole('button', { name: /^Open photo 1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Fern 1' })).toHaveAttribute('data-pending');
    unmount();

    // A later fetch lists its variants: the picture itself.
    renderGrid([photo(1)]);
    expect(screen.getByRole('img', { name: 'Fern 1' }).tagName).toBe('IMG');
  });

  it('shows a photo that could not be processed as such, in the grid and the viewer', async () => {
    const { container } = renderGrid([photo(1, { variants: [], failed: true }), photo(2)]);
    // Colour contrast needs a real layout engine (the journeys check it in both colour modes).
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    const failed = screen.getByRole('img', { name: 'Fern 1 (photo could not be processed)' });
    expect(failed).toHaveTextContent('Photo could not be processed');
    expect(document.querySelector('img[src*="posts/1"]')).toBeNull();
    const open = screen.getByRole('button', {
      name: 'Open photo 1 of 2: Photo could not be processed',
    });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('img', { name: 'Fern 1 (photo could not be processed)' }),
    ).toHaveAttribute('data-failed', 'true');
  });

  it('refetches while a photo is rendering, and stops when none is or after a while', () => {
    expect(isRendering({ variants: [] })).toBe(true);
    expect(isRendering({ variants: null })).toBe(false);
    expect(isRendering(photo(1))).toBe(false);
    // One that could not be processed is not waited for.
    expect(isRendering({ variants: [], failed: true })).toBe(false);
    const interval = refetchWhileRendering((post: { photos: GridPhoto[] }) => post.photos);
    const state = (photos: GridPhoto[], dataUpdateCount = 1) => ({
      state: { data: { photos }, dataUpdateCount },
    });
    expect(interval(state([photo(1), photo(2, { variants: [] })]))).toBe(2000);
    expect(interval(state([photo(1)]))).toBe(false);
    expect(interval(state([photo(1), photo(2, { variants: [], failed: true })]))).toBe(false);
    expect(interval(state([photo(2, { variants: [] })], 100))).toBe(false);
    expect(interval({ state: { data: undefined, dataUpdateCount: 0 } })).toBe(false);
  });

  it('shows four tiles at most, the last counting the photos left', () => {
    renderGrid([1, 2, 3, 4, 5, 6].map((n) => photo(n)));
    expect(screen.getAllByRole('button', { name: /^Open photo/ })).toHaveLength(4);
    expect(screen.getByText('+2')).toBeInTheDocument();
  });

  it('opens a photo in the viewer and moves through all of them, with the buttons and the arrow keys', async () => {
    const user = userEvent.setup();
    renderGrid([photo(1), photo(2, { alt_text: null, description: 'Cuttings ready in May' })]);

    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 2: Fern 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 2' });
    expect(within(dialog).getByRole('img', { name: 'Fern 1' })).toHaveAttribute(
      'src',
      '/storage/v1/object/public/images/posts/1-1080.webp',
    );
    // The alt text is shown under the photo, not only read out.
    expect(within(dialog).getByText('Fern 1')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    const second = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(second).getByText('Cuttings ready in May')).toBeInTheDocument();

    // The keys work wherever the focus is in the viewer, the close button included.
    within(second).getByRole('button', { name: 'Close photo' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 2' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 2' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pages with a sideways swipe, and not with a tap or a move up and down', async () => {
    const user = userEvent.setup();
    renderGrid([photo(1), photo(2), photo(3)]);
    await user.click(screen.getByRole('button', { name: /^Open photo 1 of 3/ }));
    const stage = await screen.findByTestId('photo-viewer-stage');
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent(stage, pointer('pointerdown', from));
      fireEvent(stage, pointer('pointerup', to));
    };

    swipe([300, 200], [100, 210]);
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument();
    swipe([100, 200], [300, 190]);
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 3' })).toBeInTheDocument();
    // From the first photo, a swipe to the right wraps round to the last.
    swipe([100, 200], [300, 200]);
    expect(await screen.findByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();

    swipe([200, 200], [210, 200]);
    swipe([200, 100], [150, 400]);
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();
  });

  it('leaves a photo without alt text unnamed instead of making up a name, in the grid and the viewer', async () => {
    const user = userEvent.setup();
    const { container } = renderGrid([
      photo(1, { alt_text: null }),
      photo(2, { alt_text: '  ', variants: [] }),
    ]);

    const tile = screen.getByRole('button', { name: 'Open photo 1 of 2' });
    expect(tile.querySelector('img')).toHaveAttribute('alt', '');
    // A photo still rendering and without alt text is hidden from screen readers, as alt="" is.
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(container.querySelector('[data-pending]')).toHaveAttribute('aria-hidden', 'true');

    await user.click(tile);
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 2' });
    expect(dialog.querySelector('img')).toHaveAttribute('alt', '');
  });
});

/** A pointer event at a point; jsdom has no PointerEvent, so a MouseEvent carries the fields. */
function pointer(type: string, [clientX, clientY]: [number, number]) {
  const event = new MouseEvent(type, { bubbles: true, clientX, clientY, button: 0 });
  Object.assign(event, { pointerId: 1, pointerType: 'touch' });
  return event;
}

describe('variantSrcSet', () => {
  it('is undefined without any sizes', () => {
    expect(variantSrcSet([], { ref: 'x.webp' })).toBeUndefined();
  });
});
