import { encode as encodeBlurhash } from 'blurhash';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { AppError } from '../http/app-error';
import { type AcceptedImageFormat, endsCleanly, sniffImageFormat } from './image-format';
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
  /** Null when the caller asked for none (`blurhash: false`). */
  blurhash: string | null;
  animated: boolean;
}

export interface RenderOptions {
  /** False: no blurhash. */
  blurhash?: boolean;
  /**
   * Gets the blurhash as soon as the image is decoded, before any rendition is encoded (encoding
   * is most of a render's time): a photo rendered on the `images` queue records it at once, so a
   * post shows it while the files are made. Taken from the decoded main rendition's pixels; its
   * errors are the caller's (not a refusal of the bytes). Implies a blurhash.
   */
  onBlurhash?: (blurhash: string) => Promise<void>;
}

/** What the upload request learns from the bytes before anything is rendered. */
export interface InspectedImage {
  format: AcceptedImageFormat;
  animated: boolean;
  /** The size the main rendition will have (oriented, fitted to the preset); for layout. */
  width: number;
  height: number;
}

/**
 * libvips threads per image. Renders run side by side (one per `images` worker slot), each on
 * one thread: for photos, parallel images use cores better than parallel tiles of one image,
 * and a render never takes more than its slot's core from the API next to it.
 */
export const SHARP_THREADS_PER_RENDER = 1;

/**
 * WebP settings by rendition size. Encoding is most of a photo's render time, and nearly all of it
 * goes to the large renditions: on a 12-megapixel photo libwebp's default effort 4 spends ~420 ms
 * on the 2048 px file and ~135 ms on the 1280 px one, effort 1 ~115 ms and ~50 ms for files 6–8 %
 * larger at the same quality. Those two are opened one at a time (post page, lightbox); the small
 * ones fill every feed and cost little to encode thoroughly. See bench/image-pipeline.ts.
 */
const WEBP_QUALITY = 82;
const LARGE_RENDITION_PIXELS = 1_000_000;
export function webpOptions(width: number, height: number) {
  return { quality: WEBP_QUALITY, effort: width * height > LARGE_RENDITION_PIXELS ? 1 : 4 };
}

const PROCESSING_TIMEOUT_SECONDS = 30;
const BLURHASH_SIZE = 32;

interface CheckedHeader {
  format: AcceptedImageFormat;
  animated: boolean;
  /** Of one frame, as stored (before orientation). */
  width: number;
  height: number;
  metadata: Metadata;
}

/**
 * The checks that need no decoding, in this order:
 * 1. the bytes must be JPEG, PNG, WebP or GIF by their magic numbers, and sharp must read them
 *    as the same format (415 otherwise: SVG, HTML, PDF, … never reach a decoder);
 * 2. the header's dimensions: 40 megapixels per frame, 100 over all frames of an animation.
 */
async function checkHeader(bytes: Buffer): Promise<CheckedHeader> {
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
  const frames = metadata.pages ?? 1;
  const animated = frames > 1 && (format === 'gif' || format === 'webp');
  const width = metadata.width;
  const height = animated ? (metadata.pageHeight ?? metadata.height) : metadata.height;
  if (!width || !height) throw ImageErrors.INVALID_IMAGE();
  if (width * height > MAX_IMAGE_PIXELS)
    throw ImageErrors.IMAGE_TOO_LARGE_PIXELS({ limit: `${MAX_IMAGE_PIXELS / 1e6} megapixels` });
  if (animated && width * height * frames > MAX_ANIMATION_PIXELS)
    throw ImageErrors.IMAGE_TOO_LARGE_PIXELS({
      limit: `${MAX_ANIMATION_PIXELS / 1e6} megapixels in all frames of an animation`,
    });
  return { format, animated, width, height, metadata };
}

/**
 * Opens the bytes for decoding: with the pixel limit, `failOn: 'error'` (corrupt or truncated data
 * is a 400) and a time limit; oriented by EXIF. Multi-frame images can only turn by 180°, and
 * GIF/WebP animations carry no orientation, so those are left as they are.
 */
function decoder(bytes: Buffer, animated: boolean): Sharp {
  const image = sharp(bytes, {
    animated,
    limitInputPixels: animated ? MAX_ANIMATION_PIXELS : MAX_IMAGE_PIXELS,
    failOn: 'error',
  }).timeout({ seconds: PROCESSING_TIMEOUT_SECONDS });
  return animated ? image : image.autoOrient();
}

function decodeProblem(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message))
    return ImageErrors.IMAGE_TOO_LARGE_PIXELS({ limit: `${MAX_IMAGE_PIXELS / 1e6} megapixels` });
  return ImageErrors.INVALID_IMAGE();
}

/** Runs sharp work on the upload's bytes or pixels; any failure is a refusal of the image. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw decodeProblem(error);
  }
}

/** The main rendition's size, as sharp's `fit: 'inside'` without enlargement makes it. */
function fittedSize(width: number, height: number, maxDimension: number) {
  const scale = Math.min(1, maxDimension / width, maxDimension / height);
  if (scale === 1) return { width, height };
  return width >= height
    ? { width: Math.min(width, maxDimension), height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: Math.min(height, maxDimension) };
}

/**
 * What an upload request does with the bytes before it accepts them, without decoding the image
 * (a decode reads every byte: ~35 ms of CPU for a 12-megapixel JPEG even at 1/8 scale, a sixth of
 * what rendering it costs, on the request path): the header checks (format, dimensions, pixel
 * limits), then whether the file ends as its format says (see endsCleanly), so a file cut off in
 * transfer is refused here. Only a file with bytes after its end (a phone's trailer, a motion
 * photo's video) is decoded, at the smallest scale, to be judged. Damage deep inside a file that
 * ends cleanly shows when the `images` queue renders it: the upload is then marked failed. The
 * main rendition's size comes from the header. Throws 415 UNSUPPORTED_IMAGE, 400 INVALID_IMAGE or
 * 400 IMAGE_TOO_LARGE_PIXELS.
 */
export async function inspectImage(bytes: Buffer, preset: ImagePreset): Promise<InspectedImage> {
  const header = await checkHeader(bytes);
  if (!endsCleanly(bytes, header.format))
    await refusing(() =>
      decoder(bytes, header.animated)
        .resize({ width: BLURHASH_SIZE, height: BLURHASH_SIZE, fit: 'inside' })
        .raw({ depth: 'uchar' })
        .toBuffer(),
    );
  const turned = !header.animated && (header.metadata.orientation ?? 1) >= 5;
  const shown = turned
    ? { width: header.height, height: header.width }
    : { width: header.width, height: header.height };
  return {
    format: header.format,
    animated: header.animated,
    ...fittedSize(shown.width, shown.height, preset.maxDimension),
  };
}

interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

/**
 * Turns untrusted upload bytes into WebP renditions with no metadata. After the header checks
 * (see checkHeader) the image is decoded ONCE, oriented by EXIF, converted to 8-bit sRGB and
 * fitted to the preset's square, into memory; every smaller width is then resized from the next
 * larger rendition's pixels (a cascade: each step reads fewer pixels than the last), and every
 * rendition is encoded as WebP without EXIF, GPS, XMP, IPTC or ICC data. Animated GIF and WebP
 * stay animated (all frames go down the same cascade). Throws 415 UNSUPPORTED_IMAGE, 400
 * INVALID_IMAGE or 400 IMAGE_TOO_LARGE_PIXELS. The blurhash comes from the smallest rendition's
 * pixels, or with `onBlurhash` from the main one's, before anything is encoded (see RenderOptions).
 */
export async function renderImage(
  bytes: Buffer,
  preset: ImagePreset,
  options?: RenderOptions & { blurhash?: true },
): Promise<RenderedImage & { blurhash: string }>;
export async function renderImage(
  bytes: Buffer,
  preset: ImagePreset,
  options: RenderOptions,
): Promise<RenderedImage>;
export async function renderImage(
  bytes: Buffer,
  preset: ImagePreset,
  options: RenderOptions = {},
): Promise<RenderedImage> {
  const header = await checkHeader(bytes);
  const { animated } = header;
  const timing = animated
    ? { delay: header.metadata.delay, loop: header.metadata.loop ?? 0 }
    : undefined;
  const decoded: Pixels = await refusing(() =>
    decoder(bytes, animated)
      .resize({
        width: preset.maxDimension,
        height: preset.maxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  let early: string | null = null;
  if (options.onBlurhash) {
    early = await refusing(() => blurhashOf(decoded));
    // Outside `refusing`: the caller's failure (storage, the database) is not the image's.
    await options.onBlurhash(early);
  }

  return refusing(async () => {
    // One rendition at a time, each from the previous one's pixels: a render keeps one thread
    // busy and at most two renditions' pixels in memory.
    const files = [await encode(decoded, timing)];
    let pixels = decoded;
    const widths = [...new Set(preset.widths)]
      .filter((width) => width < decoded.info.width)
      .sort((a, b) => b - a);
    const mainHeight = decoded.info.pageHeight ?? decoded.info.height;
    for (const width of widths) {
      // Each height from the main rendition's shape, so rounding does not add up down the cascade.
      const height = Math.max(1, Math.round((mainHeight * width) / decoded.info.width));
      pixels = await fromPixels(pixels)
        .resize({ width, height, fit: 'fill' })
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      files.push(await encode(pixels, timing));
    }
    return {
      main: files[0],
      variants: files.slice(1).reverse(),
      blurhash: early ?? (options.blurhash === false ? null : await blurhashOf(pixels)),
      animated,
    };
  });
}

/** Rendered pixels back into sharp, as one image or as the frames of an animation. */
function fromPixels({ data, info }: Pixels): Sharp {
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const pageHeight = info.pageHeight && info.pageHeight < info.height ? info.pageHeight : undefined;
  // A rendition is at most 2048² pixels a frame, within sharp's default limit.
  return pageHeight
    ? sharp(data, { raw: { ...raw, pageHeight }, animated: true })
    : sharp(data, { raw });
}

async function encode(
  pixels: Pixels,
  timing: { delay?: number[]; loop: number } | undefined,
): Promise<RenderedFile> {
  const frameHeight = pixels.info.pageHeight ?? pixels.info.height;
  // Without keepMetadata/withMetadata sharp writes no EXIF, XMP, IPTC or ICC.
  const { data, info } = await fromPixels(pixels)
    .webp({ ...webpOptions(pixels.info.width, frameHeight), ...timing })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.pageHeight ?? info.height };
}

/** A blurhash of the first frame, from a thumbnail of at most 32×32 (enough for 4×3 components). */
async function blurhashOf({ data, info }: Pixels): Promise<string> {
  const frameHeight = info.pageHeight ?? info.height;
  // Read as one tall image (no pages), so that the crop takes the first frame only.
  const thumbnail = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  })
    .extract({ left: 0, top: 0, width: info.width, height: frameHeight })
    .resize({ width: BLURHASH_SIZE, height: BLURHASH_SIZE, fit: 'inside' })
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return blurhashOfPixels(thumbnail.data, thumbnail.info);
}

function blurhashOfPixels(data: Buffer, info: OutputInfo): string {
  // An animation's thumbnail holds every frame, one under the other: the first is enough.
  const height = info.pageHeight && info.pageHeight < info.height ? info.pageHeight : info.height;
  const landscape = info.width >= height;
  return encodeBlurhash(
    new Uint8ClampedArray(data.buffer, data.byteOffset, info.width * height * 4),
    info.width,
    height,
    landscape ? 4 : 3,
    landscape ? 3 : 4,
  );
}
