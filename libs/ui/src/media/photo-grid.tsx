import { ActionIcon, Group, Modal, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { BlurhashImage } from './blurhash-image';
import { isRendering, largestImageRef, variantSrcSet, type ImageVariantLike } from './image-url';

/** A photo as posts carry it; the API's `Photo` fits this shape. */
export interface GridPhoto {
  id?: string;
  image_ref: string;
  variants?: readonly ImageVariantLike[] | null;
  blurhash?: string | null;
  width?: number | null;
  height?: number | null;
  alt_text?: string | null;
  /** Shown under the photo in the lightbox (plant photo descriptions). */
  description?: string | null;
}

export interface PhotoGridProps {
  photos: readonly GridPhoto[];
  /** Text for photos without alt text, e.g. "Photo by maria". */
  fallbackAlt?: string;
  /** Tiles shown before the rest collapse into "+N". */
  maxTiles?: number;
}

const describe = (photo: GridPhoto, index: number, fallback: string) =>
  photo.alt_text?.trim() || `${fallback} ${index + 1}`;

/** A single photo keeps its own shape within sensible bounds; tiles of several are cropped. */
function singleAspectRatio(photo: GridPhoto): string {
  if (!photo.width || !photo.height) return '4 / 3';
  const ratio = Math.min(Math.max(photo.width / photo.height, 4 / 5), 16 / 9);
  return `${Math.round(ratio * 1000)} / 1000`;
}

/**
 * The photos of a post: one large, or a grid of up to four tiles (the last showing how many more
 * there are). Each tile opens the lightbox. Blurhash placeholders hold the space while loading,
 * and size variants let the browser fetch the smallest file that fills the tile.
 */
export function PhotoGrid({ photos, fallbackAlt = 'Photo', maxTiles = 4 }: PhotoGridProps) {
  const [opened, setOpened] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = photos.slice(0, maxTiles);
  const hidden = photos.length - shown.length;
  const single = photos.length === 1;

  return (
    <>
      <div className="pf-photo-grid" data-count={Math.min(photos.length, maxTiles)}>
        {shown.map((photo, index) => {
          const alt = describe(photo, index, fallbackAlt);
          const more = index === shown.length - 1 && hidden > 0 ? hidden : 0;
          return (
            <UnstyledButton
              key={photo.id ?? photo.image_ref}
              className="pf-photo-grid__tile"
              onClick={() => setOpened(index)}
              aria-label={`Open photo ${index + 1} of ${photos.length}: ${alt}`}
            >
              <BlurhashImage
                src={isRendering(photo) ? null : photo.image_ref}
                srcSet={variantSrcSet(photo.variants, {
                  ref: photo.image_ref,
                  width: photo.width,
                })}
                sizes={single ? '(max-width: 48em) 100vw, 680px' : '(max-width: 48em) 50vw, 340px'}
                alt={alt}
                blurhash={photo.blurhash}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                aspectRatio={single ? singleAspectRatio(photo) : undefined}
                radius="0"
              />
              {more > 0 && (
                <span className="pf-photo-grid__more" aria-hidden>
                  +{more}
                </span>
              )}
            </UnstyledButton>
          );
        })}
      </div>
      <PhotoLightbox
        photos={photos}
        index={opened}
        onIndexChange={setOpened}
        fallbackAlt={fallbackAlt}
      />
    </>
  );
}

export interface PhotoLightboxProps {
  photos: readonly GridPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  fallbackAlt?: string;
}

/** One photo at a time, as large as the screen allows; arrows (buttons or keys) move through them. */
export function PhotoLightbox({
  photos,
  index,
  onIndexChange,
  fallbackAlt = 'Photo',
}: PhotoLightboxProps) {
  const count = photos.length;
  const go = useCallback(
    (step: number) => {
      if (index === null || count < 2) return;
      onIndexChange((index + step + count) % count);
    },
    [count, index, onIndexChange],
  );
  // A photo list that shrank (a photo was removed) must not leave the box on a missing index.
  useEffect(() => {
    if (index !== null && index >= count) onIndexChange(count > 0 ? count - 1 : null);
  }, [count, index, onIndexChange]);

  const photo = index === null ? undefined : photos[index];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    if (event.key === 'ArrowLeft') go(-1);
  };
  const alt = photo && index !== null ? describe(photo, index, fallbackAlt) : '';

  return (
    <Modal
      opened={photo !== undefined}
      onClose={() => onIndexChange(null)}
      size="auto"
      centered
      title={count > 1 && index !== null ? `Photo ${index + 1} of ${count}` : 'Photo'}
      closeButtonProps={{ 'aria-label': 'Close photo' }}
      classNames={{ body: 'pf-lightbox__body' }}
    >
      {photo && index !== null && (
        <div onKeyDown={onKeyDown} role="group" aria-roledescription="photo viewer">
          <BlurhashImage
            key={photo.id ?? photo.image_ref}
            src={isRendering(photo) ? null : largestImageRef(photo.image_ref, photo.variants)}
            alt={alt}
            blurhash={photo.blurhash}
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
            className="pf-lightbox__image"
            fit="contain"
            loading="eager"
          />
          {(photo.description || photo.alt_text) && (
            <Text size="sm" mt="sm" maw={720} style={{ whiteSpace: 'pre-line' }}>
              {photo.description || photo.alt_text}
            </Text>
          )}
          {count > 1 && (
            <Group justify="space-between" mt="sm">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => go(-1)}
                aria-label="Previous photo"
              >
                <IconChevronLeft size={20} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="default" size="lg" onClick={() => go(1)} aria-label="Next photo">
                <IconChevronRight size={20} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </div>
      )}
    </Modal>
  );
}
