import { encode as encodeBlurhash } from 'blurhash';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../http/app-error';
import { sniffImageFormat } from './image-format';
import { MAX_ANIMATION_PIXELS, MAX_IMAGE_PIXELS, type ImagePreset } from './image-presets';
import { ImageErrors } from './images.errors';

export interface RenderedFile {
  width: number;
  height: number;
  data: Buffer;
}

export interface RenderedImage {
  main: RenderedFile;
  /** Narrower renditions, ascending by width; each narrower than `main`. */
  variants: RenderedFile[];
  blurhash: string;
  animated: boolean;
}

const WEBP = { quality: 82, effort: 4 } as const;
const PROCESSING_TIMEOUT_SECONDS = 30;

/**
 * Turns untrusted upload bytes into WebP renditions with no metadata:
 * 1. the bytes must be JPEG, PNG, WebP or GIF by their magic numbers, and sharp must read them
 *    as the same format (415 otherwise: SVG, HTML, PDF, … never reach a decoder);
 * 2. the header's dimensions are checked before any pixel is decoded (40 megapixels per frame);
 * 3. each rendition is decoded with a pixel limit and `failOn: 'error'` (corrupt or truncated
 *    data is a 400), oriented by EXIF, converted to sRGB and re-encoded as WebP without EXIF,
 *    GPS, XMP, IPTC or ICC data. Animated GIF and WebP stay animated.
 */
export async function renderImage(bytes: Buffer, preset: ImagePreset): Promise<RenderedImage> {
  if (!bytes.length) throw ImageErrors.INVALID_IMAGE();
  const format = sniffImageFormat(bytes);
  if (!format) throw ImageErrors.UNSUPPORTED_IMAGE();

  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit is applied by hand below, with a clearer error.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw ImageErrors.INVALID_IMAGE();
  }
  if (metadata.format !== format) throw ImageErrors.UNSUPPORTED_IMAGE();
  const { width, height } = metadata;
  if (!width || !height) throw ImageErrors.INVALID_IMAGE();
  if (width * height > MAX_IMAGE_PIXELS)
    throw ImageErrors.IMAGE_TOO_LARGE_PIXELS({ limit: `${MAX_IMAGE_PIXELS / 1e6} megapixels` });
  const frames = metadata.pages ?? 1;
  const animated = frames > 1 && (format === 'gif' || format === 'webp');
  if (animated && width * height * frames > MAX_ANIMATION_PIXELS)
    throw ImageErrors.IMAGE_TOO_LARGE_PIXELS({
      limit: `${MAX_ANIMATION_PIXELS / 1e6} megapixels in all frames of an animation`,
    });

  const decode = (): Sharp => {
    const image = sharp(bytes, {
      animated,
      limitInputPixels: animated ? MAX_ANIMATION_PIXELS : MAX_IMAGE_PIXELS,
      failOn: 'error',
    }).timeout({ seconds: PROCESSING_TIMEOUT_SECONDS });
    // Multi-frame images can only turn by 180°, and GIF/WebP animations carry no orientation.
    return animated ? image : image.autoOrient();
  };

  try {
    const main = await encode(
      decode().resize({
        width: preset.maxDimension,
        height: preset.maxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    );
    const variants: RenderedFile[] = [];
    for (const variantWidth of [...new Set(preset.widths)].sort((a, b) => a - b)) {
      if (variantWidth >= main.width) continue;
      variants.push(
        await encode(decode().resize({ width: variantWidth, withoutEnlargement: true })),
      );
    }
    return { main, variants, blurhash: await blurhashOf(main.data), animated };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw ImageErrors.IMAGE_TOO_LARGE_PIXELS({ limit: `${MAX_IMAGE_PIXELS / 1e6} megapixels` });
    throw ImageErrors.INVALID_IMAGE();
  }
}

async function encode(image: Sharp): Promise<RenderedFile> {
  // Without keepMetadata/withMetadata sharp writes no EXIF, XMP, IPTC or ICC, and converts to sRGB.
  const { data, info } = await image.webp(WEBP).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.pageHeight ?? info.height };
}

/** A blurhash of the first frame, from a thumbnail of at most 32×32 (enough for 4×3 components). */
async function blurhashOf(webp: Buffer): Promise<string> {
  const { data, info } = await sharp(webp)
    .resize({ width: 32, height: 32, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const landscape = info.width >= info.height;
  return encodeBlurhash(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    landscape ? 4 : 3,
    landscape ? 3 : 4,
  );
}
