import { decode, isBlurhashValid } from 'blurhash';
import { useMemo, useState, type CSSProperties } from 'react';
import { storageImageUrl } from './image-url';

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
  blurhash?: string | null;
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
 * there is no picture yet (`src` null).
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
}: BlurhashImageProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => (blurhash ? blurhashToDataUrl(blurhash) : null), [blurhash]);
  const style: CSSProperties = {
    aspectRatio: aspectRatio ?? (width && height ? `${width} / ${height}` : undefined),
    borderRadius: radius,
    backgroundImage: placeholder && !loaded ? `url(${placeholder})` : undefined,
  };
  if (src === null) {
    return (
      <div
        className={['pf-image', className].filter(Boolean).join(' ')}
        style={style}
        // Like an <img alt="">: a photo without alt text is left out, not announced unnamed.
        {...(alt ? { role: 'img', 'aria-label': alt, 'aria-busy': true } : { 'aria-hidden': true })}
        data-pending="true"
        data-placeholder={placeholder ? 'blurhash' : undefined}
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
