import { decode, isBlurhashValid } from 'blurhash';
import { useMemo, useState, type CSSProperties } from 'react';
import { storageImageUrl } from './image-url';

/** What a photo that could not be processed says in its place. */
export const PHOTO_FAILED_TEXT = 'Photo could not be processed';

/** Blurhash decodes into a tiny bitmap; the browser scales it up smoothly as a background. */
const PLACEHOLDER_SIZE = 32;

/** Renders a blurhash into a PNG data URL, or null where no canvas is available. */
export function blurhashToDataUrl(hash: string, size = PLACEHOLDER_SIZE): string | null {
  if (typeof document === 'undefined' || !isBlurhashValid(hash).result) return null;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const imageData = context.createImageData(size, size);
  imageData.data.set(decode(hash, size, size));
  context.putImageData(imageData, 0, 0);
  return canvas.toDataURL();
}

export interface BlurhashImageProps {
  /**
   * Storage reference or URL of the image; null while it does not exist yet (an upload still
   * being rendered): then only the blurhash shows, in the image's shape.
   */
  src: string | null;
  alt: string;
  /** Null or absent: a neutral placeholder in the image's shape (an upload not decoded yet). */
  blurhash?: string | null;
  /**
   * The image could not be processed (an upload whose file turned out damaged): it will never
   * exist, so its box says so in place of a placeholder that would look as if it were loading.
   */
  failed?: boolean;
  width?: number;
  height?: number;
  /** Box aspect ratio (e.g. "4 / 3") so the placeholder reserves the final space. */
  aspectRatio?: string;
  radius?: string;
  className?: string;
  /** Candidate files by width (see `variantSrcSet`), so the browser picks a fitting size. */
  srcSet?: string;
  /** How wide the image is shown, for choosing from `srcSet`. */
  sizes?: string;
  /** `contain` shows the whole picture (lightbox); `cover` fills the box (grids). */
  fit?: 'cover' | 'contain';
  /** Eager for the picture the user opened; lazy (default) for lists. */
  loading?: 'lazy' | 'eager';
}

/**
 * An image that shows its blurred preview until the real picture has loaded, or for as long as
 * there is no picture yet (`src` null); without a blurhash, a neutral box of the image's shape.
 */
export function BlurhashImage({
  src,
  alt,
  blurhash,
  width,
  height,
  aspectRatio,
  radius = 'var(--mantine-radius-md)',
  className,
  srcSet,
  sizes,
  fit = 'cover',
  loading = 'lazy',
  failed = false,
}: BlurhashImageProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => (blurhash ? blurhashToDataUrl(blurhash) : null), [blurhash]);
  const style: CSSProperties = {
    aspectRatio: aspectRatio ?? (width && height ? `${width} / ${height}` : undefined),
    borderRadius: radius,
    backgroundImage: placeholder && !loaded ? `url(${placeholder})` : undefined,
  };
  if (failed) {
    return (
      <div
        className={['pf-image', className].filter(Boolean).join(' ')}
        style={{ ...style, backgroundImage: undefined }}
        role="img"
        aria-label={alt ? `${alt} (${PHOTO_FAILED_TEXT.toLowerCase()})` : PHOTO_FAILED_TEXT}
        data-failed="true"
        data-fit={fit}
      >
        <span className="pf-image__failed" aria-hidden>
          {PHOTO_FAILED_TEXT}
        </span>
      </div>
    );
  }
  if (src === null) {
    return (
      <div
        className={['pf-image', className].filter(Boolean).join(' ')}
        style={style}
        // Like an <img alt="">: a photo without alt text is left out, not announced unnamed.
        {...(alt ? { role: 'img', 'aria-label': alt, 'aria-busy': true } : { 'aria-hidden': true })}
        data-pending="true"
        data-placeholder={placeholder ? 'blurhash' : 'neutral'}
        data-fit={fit}
      />
    );
  }
  return (
    <div
      className={['pf-image', className].filter(Boolean).join(' ')}
      style={style}
      data-loaded={loaded || undefined}
      data-placeholder={placeholder && !loaded ? 'blurhash' : undefined}
      data-fit={fit}
    >
      <img
        src={storageImageUrl(src)}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
