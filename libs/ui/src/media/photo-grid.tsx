import { UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { BlurhashImage, PHOTO_FAILED_TEXT } from './blurhash-image';
import { isRendering, variantSrcSet } from './image-url';
import { altTextOf, PhotoLightbox, type GridPhoto } from './photo-viewer';

export { PhotoLightbox, type GridPhoto, type PhotoLightboxProps } from './photo-viewer';

export interface PhotoGridProps {
  photos: readonly GridPhoto[];
  /** Tiles shown before the rest collapse into "+N". */
  maxTiles?: number;
}

/** A single photo keeps its own shape within sensible bounds; tiles of several are cropped. */
function singleAspectRatio(photo: GridPhoto): string {
  if (!photo.width || !photo.height) return '4 / 3';
  const ratio = Math.min(Math.max(photo.width / photo.height, 4 / 5), 16 / 9);
  return `${Math.round(ratio * 1000)} / 1000`;
}

/**
 * The photos of a post: one large, or a grid of up to four tiles (the last showing how many more
 * there are). Each tile opens the full-screen viewer. Blurhash placeholders hold the space while
 * loading, and size variants let the browser fetch the smallest file that fills the tile. A photo
 * without alt text gets an empty alt (nothing is made up in its place: "Photo by maria 1" would
 * be read out as if it described the picture).
 */
export function PhotoGrid({ photos, maxTiles = 4 }: PhotoGridProps) {
  const [opened, setOpened] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = photos.slice(0, maxTiles);
  const hidden = photos.length - shown.length;
  const single = photos.length === 1;

  return (
    <>
      <div className="pf-photo-grid" data-count={Math.min(photos.length, maxTiles)}>
        {shown.map((photo, index) => {
          const alt = altTextOf(photo);
          const more = index === shown.length - 1 && hidden > 0 ? hidden : 0;
          const failed = photo.failed ? `: ${PHOTO_FAILED_TEXT}` : alt ? `: ${alt}` : '';
          return (
            <UnstyledButton
              key={photo.id ?? photo.image_ref}
              className="pf-photo-grid__tile"
              onClick={() => setOpened(index)}
              aria-label={`Open photo ${index + 1} of ${photos.length}${failed}`}
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
                failed={photo.failed ?? false}
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
      <PhotoLightbox photos={photos} index={opened} onIndexChange={setOpened} />
    </>
  );
}
