import { ActionIcon, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { Modal } from '../overlays/lazy-overlays';
import { BlurhashImage } from './blurhash-image';
import { isRendering, largestImageRef, type ImageVariantLike } from './image-url';

/** A photo as posts carry it; the API's `Photo` fits this shape. */
export interface GridPhoto {
  id?: string;
  image_ref: string;
  variants?: readonly ImageVariantLike[] | null;
  /** Null for a moment after an upload (a neutral placeholder of its shape shows meanwhile). */
  blurhash?: string | null;
  /** It could not be processed: it will never have a picture (see BlurhashImage `failed`). */
  failed?: boolean | null;
  width?: number | null;
  height?: number | null;
  alt_text?: string | null;
  /** Shown under the photo in the viewer (plant photo descriptions). */
  description?: string | null;
}

/** What a photo says to someone who cannot see it; empty (decorative) when its author gave nothing. */
export const altTextOf = (photo: GridPhoto): string => photo.alt_text?.trim() ?? '';

/** A horizontal move at least this long (and more sideways than up or down) is a swipe. */
export const SWIPE_MIN_PX = 48;

export interface PhotoLightboxProps {
  photos: readonly GridPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/**
 * The full-screen photo viewer: one photo at a time, as large as the screen allows, with its alt
 * text and description under it. The arrow buttons, the arrow keys (wherever the focus is inside
 * the viewer) and swipes (touch, pen or mouse) move through the photos; Escape closes it.
 */
export function PhotoLightbox({ photos, index, onIndexChange }: PhotoLightboxProps) {
  const count = photos.length;
  const go = useCallback(
    (step: number) => {
      if (index === null || count < 2) return;
      onIndexChange((index + step + count) % count);
    },
    [count, index, onIndexChange],
  );
  // A photo list that shrank (a photo was removed) must not leave the viewer on a missing index.
  useEffect(() => {
    if (index !== null && index >= count) onIndexChange(count > 0 ? count - 1 : null);
  }, [count, index, onIndexChange]);

  const photo = index === null ? undefined : photos[index];
  const open = photo !== undefined;

  // The focus may be on the close button, the arrows or nowhere in particular: listen on the
  // window while open (the dialog is modal, so no other part of the page takes these keys).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        go(event.key === 'ArrowRight' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [go, open]);

  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // Leftwards shows the next photo, as the finger pulls it in from the right.
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  const alt = photo ? altTextOf(photo) : '';
  const description = photo?.description?.trim() ?? '';

  return (
    <Modal
      opened={open}
      onClose={() => onIndexChange(null)}
      fullScreen
      title={count > 1 && index !== null ? `Photo ${index + 1} of ${count}` : 'Photo'}
      closeButtonProps={{ 'aria-label': 'Close photo', size: 'lg' }}
      classNames={{
        content: 'pf-viewer',
        header: 'pf-viewer__header',
        title: 'pf-viewer__title',
        close: 'pf-viewer__close',
        body: 'pf-viewer__body',
      }}
      transitionProps={{ duration: 0 }}
    >
      {photo && (
        <>
          <div
            className="pf-viewer__stage"
            data-testid="photo-viewer-stage"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            <BlurhashImage
              key={photo.id ?? photo.image_ref}
              src={isRendering(photo) ? null : largestImageRef(photo.image_ref, photo.variants)}
              alt={alt}
              blurhash={photo.blurhash}
              failed={photo.failed ?? false}
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              className="pf-viewer__image"
              fit="contain"
              loading="eager"
              radius="0"
            />
            {count > 1 && (
              <>
                <ActionIcon
                  className="pf-viewer__nav"
                  data-direction="previous"
                  variant="default"
                  size={48}
                  radius="xl"
                  onClick={() => go(-1)}
                  aria-label="Previous photo"
                >
                  <IconChevronLeft size={26} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  className="pf-viewer__nav"
                  data-direction="next"
                  variant="default"
                  size={48}
                  radius="xl"
                  onClick={() => go(1)}
                  aria-label="Next photo"
                >
                  <IconChevronRight size={26} aria-hidden />
                </ActionIcon>
              </>
            )}
          </div>
          {(alt || description) && (
            <div className="pf-viewer__caption">
              {description && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {description}
                </Text>
              )}
              {/* The picture's alt already says this to screen readers: shown for everyone else. */}
              {alt && alt !== description && (
                <Text size="sm" className="pf-viewer__alt" aria-hidden>
                  {alt}
                </Text>
              )}
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
