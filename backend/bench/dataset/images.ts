import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '../../src/platform/images/image-presets';
import { renderImage } from '../../src/platform/images/image-renderer';
import { idOf } from './seed-context';

/** A stored photo as post_photo rows reference it. */
export interface SeedImage {
  ref: string;
  width: number;
  height: number;
  blurhash: string;
  variants: Array<{ width: number; height: number; ref: string }>;
}

const LEAF_HUES = [118, 96, 140, 80, 160, 104];

/**
 * A plant-ish picture made here (no download): leaves of a hue on a soft background, as an SVG
 * rendered by sharp to a JPEG like a camera's.
 */
async function sourcePhoto(index: number, width: number, height: number): Promise<Buffer> {
  const hue = LEAF_HUES[index % LEAF_HUES.length];
  const leaves = Array.from({ length: 14 }, (_, leaf) => {
    const angle = (leaf * 360) / 14 + index * 7;
    const length = height * (0.28 + ((leaf * 37 + index * 11) % 10) / 60);
    return `<ellipse cx="${width / 2}" cy="${height / 2 - length / 2}" rx="${length / 6}" ry="${length / 2}"
      fill="hsl(${hue + (leaf % 3) * 8}, ${45 + (leaf % 4) * 8}%, ${28 + (leaf % 5) * 6}%)"
      transform="rotate(${angle} ${width / 2} ${height / 2})" opacity="0.92"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="bg"><stop offset="0" stop-color="hsl(${(hue + 180) % 360}, 30%, 92%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 200) % 360}, 25%, 70%)"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>${leaves}
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 30}" fill="hsl(45, 70%, 55%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/**
 * A 12-megapixel camera-like JPEG (4000×3000, a few MB: the picture with sensor-like noise, so
 * it does not compress to nothing as a flat drawing would), for the image-upload scenarios.
 */
export async function twelveMegapixelPhoto(index = 0): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  let state = 0x9e3779b9 ^ index;
  for (let at = 0; at < noise.length; at += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    noise[at] = 128 + ((state & 63) - 32);
  }
  const picture = await sharp(await sourcePhoto(index, width, height))
    .raw()
    .toBuffer();
  return sharp(picture, { raw: { width, height, channels: 3 } })
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * `count` photos rendered by the app's own renderer (the posts preset) and written where the local
 * storage driver serves them, so every seeded post's image URLs answer. Same refs every time.
 */
export async function writeSeedImages(
  storageDir: string,
  count: number,
  options: {
    /** Names the refs (default `seed-image`: the bench's). */
    kind?: string;
    /** The photo as a camera would upload it (default the bench's drawing). */
    source?: (index: number) => Promise<Buffer>;
    onImage?: (index: number) => void;
  } = {},
): Promise<SeedImage[]> {
  const images: SeedImage[] = [];
  const source = options.source ?? ((index: number) => sourcePhoto(index, 1600, 1200));
  for (let index = 0; index < count; index += 1) {
    const rendered = await renderImage(await source(index), IMAGE_PRESETS.posts);
    const id = idOf(options.kind ?? 'seed-image', index);
    const ref = `posts/${id.slice(0, 2)}/${id}.webp`;
    const files = [
      ...rendered.variants.map((variant) => ({
        ...variant,
        ref: ref.replace(/\.webp$/, `-${variant.width}.webp`),
      })),
      { ...rendered.main, ref },
    ];
    for (const file of files) {
      const path = join(storageDir, 'images', file.ref);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.data);
    }
    images.push({
      ref,
      width: rendered.main.width,
      height: rendered.main.height,
      blurhash: rendered.blurhash,
      variants: files.map(({ width, height, ref: fileRef }) => ({ width, height, ref: fileRef })),
    });
    options.onImage?.(index);
  }
  return images;
}
