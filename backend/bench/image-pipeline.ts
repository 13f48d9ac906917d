/**
 * Image pipeline benchmark: the app's renderer against raw sharp doing the same renditions.
 *
 *   node -r @swc-node/register backend/bench/image-pipeline.ts
 *
 * Env: BENCH_IMAGES (photos per round, default 16), BENCH_ROUNDS (default 3), BENCH_CONCURRENCY
 * (renders at once, default: the `images` queue's worker concurrency), BENCH_PHOTO (`made`, the
 * default: the photo below; `upload`: the one `npm run bench` uploads), BENCH_JSON (a path: also
 * write the numbers there as JSON).
 *
 * It makes one 12-megapixel JPEG locally (smooth colour fields, blotches and grain, so it
 * compresses like a phone photo: about 4 MB at quality 90) and renders it BENCH_IMAGES times per
 * round, BENCH_CONCURRENCY at a time, the way the worker does, with sharp's thread pool set the way
 * the worker sets it. Contenders, interleaved round by round so that noise from other processes
 * hits all of them alike:
 *
 * - `pipeline`: `renderImage` from src/platform/images/image-renderer.ts, the function the `images`
 *   job runs (byte checks, header limits, one decode, the WebP renditions of the `posts` preset,
 *   metadata stripped);
 * - `raw cascade`: bare sharp, the same renditions made the same way (decode once to pixels, each
 *   size from the next larger one, the same WebP settings), without any check: the floor of what
 *   this work costs;
 * - `raw clones`: bare sharp as its documentation suggests, one input and a `clone()` per
 *   rendition (the same sizes and WebP settings), run together; each clone decodes the JPEG again.
 * - `shrink-on-load`: each rendition decoded from the JPEG on its own, one after another, the
 *   resize first so that libjpeg decodes at 1/2, 1/4 or 1/8 where that still covers the size.
 * - `intake`: what the upload request itself now does per photo (`inspectImage`: sniffing, the
 *   header limits and the check of the file's end; no decode).
 * - `upload path`: all of the API's sharp work per photo: `intake`, then the job's `renderImage`
 *   with its blurhash taken from the decoded main rendition and handed out before the files are
 *   encoded. `npm run bench` compares it, end to end, with `pipeline` as the raw server runs it.
 *
 * It prints photos per second for each, this process's CPU time per photo (the number to trust on a
 * busy machine) and the pipeline's ratio to the raw contenders. Not a test: nothing is asserted.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '../src/platform/images/image-presets';
import { twelveMegapixelPhoto } from './dataset/images';
import * as renderer from '../src/platform/images/image-renderer';
import { QUEUE_SETTINGS } from '../src/platform/queues/job-registry';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? QUEUE_SETTINGS.images.concurrency);
const PRESET = IMAGE_PRESETS.posts;

/**
 * A 4000×3000 photo-like JPEG, made here (no download): a smooth colour field, light and shade at a
 * few scales, and sensor grain, so that it compresses like a phone photo (about 4 MB at quality 90).
 */
export async function makePhoto(width = 4000, height = 3000, seed = 1): Promise<Buffer> {
  const tint = Buffer.alloc(8 * 6 * 3);
  for (let index = 0; index < tint.length; index += 1)
    tint[index] = 60 + ((index * 97 + seed * 31) % 140);
  const field = await sharp(tint, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noise = (scale: number, sigma: number, blur: number, channels: 1 | 3 = 1) =>
    sharp({
      create: {
        width: Math.round(width / scale),
        height: Math.round(height / scale),
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .blur(blur)
      .resize(width, height, { kernel: 'cubic' })
      .extractChannel(0)
      .toColourspace('b-w')
      .raw()
      .toBuffer()
      .then((plane) => ({ plane, channels }));
  const [shapes, leaves, grain] = await Promise.all([
    noise(40, 70, 1.2),
    noise(6, 45, 0.8),
    noise(1, 30, 0.5),
  ]);
  const pixels = new Uint8ClampedArray(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const light =
      (shapes.plane[pixel] - 128) * 0.9 +
      (leaves.plane[pixel] - 128) * 0.5 +
      (grain.plane[pixel] - 128) * 0.35;
    for (let channel = 0; channel < 3; channel += 1)
      pixels[pixel * 3 + channel] = field[pixel * 3 + channel] + light;
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Decode once to pixels, then every size from the next larger one; no checks. */
async function rawCascade(bytes: Buffer): Promise<number> {
  const main = await sharp(bytes)
    .autoOrient()
    .resize({
      width: PRESET.maxDimension,
      height: PRESET.maxDimension,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let written = 0;
  let source = main;
  const encode = async (pixels: typeof main) => {
    const { width, height, channels } = pixels.info;
    written += (
      await sharp(pixels.data, { raw: { width, height, channels } })
        .webp(renderer.webpOptions(width, height))
        .toBuffer()
    ).length;
  };
  await encode(main);
  for (const width of [...PRESET.widths].sort((a, b) => b - a)) {
    if (width >= source.info.width) continue;
    const { info, data } = source;
    source = await sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    })
      .resize({ width })
      .raw()
      .toBuffer({ resolveWithObject: true });
    await encode(source);
  }
  return written;
}

/** One input, a clone per rendition, all at once. */
async function rawClones(bytes: Buffer): Promise<number> {
  const input = sharp(bytes).autoOrient();
  const { width = 0, height = 0 } = (await input.metadata()).autoOrient ?? {};
  const scale = Math.min(1, PRESET.maxDimension / Math.max(width, height));
  const sizes = [
    { width: Math.round(width * scale), height: Math.round(height * scale) },
    ...PRESET.widths
      .filter((narrower) => narrower < width * scale)
      .map((narrower) => ({ width: narrower, height: Math.round((height * narrower) / width) })),
  ];
  const outputs = await Promise.all(
    sizes.map((size) =>
      input.clone().resize(size).webp(renderer.webpOptions(size.width, size.height)).toBuffer(),
    ),
  );
  return outputs.reduce((sum, output) => sum + output.length, 0);
}

/** Each rendition from the JPEG itself, the resize first: libjpeg's shrink-on-load per size. */
async function shrinkOnLoad(bytes: Buffer): Promise<number> {
  let written = 0;
  for (const size of [PRESET.maxDimension, ...PRESET.widths]) {
    const fit = size === PRESET.maxDimension ? { height: size } : {};
    // A 4:3 photo's rendition of this width: the same WebP effort as the renderer gives it.
    const output = await sharp(bytes)
      .autoOrient()
      .resize({ width: size, ...fit, fit: 'inside', withoutEnlargement: true })
      .webp(renderer.webpOptions(size, Math.round((size * 3) / 4)))
      .toBuffer();
    written += output.length;
  }
  return written;
}

async function pipeline(bytes: Buffer): Promise<number> {
  const rendered = await renderer.renderImage(bytes, PRESET);
  return [rendered.main, ...rendered.variants].reduce((sum, file) => sum + file.data.length, 0);
}

async function intake(bytes: Buffer): Promise<number> {
  // Before the work moved off the request path there was no separate intake step.
  const inspect = (renderer as { inspectImage?: (b: Buffer, p: typeof PRESET) => Promise<unknown> })
    .inspectImage;
  if (!inspect) return 0;
  await inspect(bytes, PRESET);
  return 1;
}

async function uploadPath(bytes: Buffer): Promise<number> {
  await renderer.inspectImage(bytes, PRESET);
  const rendered = await renderer.renderImage(bytes, PRESET, { onBlurhash: async () => {} });
  return [rendered.main, ...rendered.variants].reduce((sum, file) => sum + file.data.length, 0);
}

type Contender = { name: string; run: (bytes: Buffer) => Promise<number> };

/** Photos per second, and this process's CPU time per photo (other processes' load barely moves it). */
async function timeRound(
  contender: Contender,
  photo: Buffer,
): Promise<{ rate: number; cpuMs: number }> {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < IMAGES) {
        next += 1;
        await contender.run(photo);
      }
    }),
  );
  const rate = IMAGES / ((performance.now() - started) / 1000);
  const { user, system } = process.cpuUsage(cpu);
  return { rate, cpuMs: (user + system) / 1000 / IMAGES };
}

async function main() {
  sharp.concurrency(renderer.SHARP_THREADS_PER_RENDER ?? 1);
  const made = performance.now();
  const photo =
    process.env.BENCH_PHOTO === 'upload' ? await twelveMegapixelPhoto() : await makePhoto();
  const meta = await sharp(photo).metadata();
  console.info(
    `photo: ${meta.width}×${meta.height} JPEG, ${(photo.length / 1e6).toFixed(1)} MB ` +
      `(made in ${Math.round(performance.now() - made)} ms); ${IMAGES} per round, ${ROUNDS} rounds, ` +
      `${CONCURRENCY} at a time, sharp threads ${sharp.concurrency()}, ${availableParallelism()} cores`,
  );
  const contenders: Contender[] = [
    { name: 'pipeline', run: pipeline },
    { name: 'raw cascade', run: rawCascade },
    { name: 'raw clones', run: rawClones },
    { name: 'shrink-on-load', run: shrinkOnLoad },
    { name: 'intake', run: intake },
    { name: 'upload path', run: uploadPath },
  ];
  // Warm up every code path once (sharp and libvips load lazily).
  for (const contender of contenders) await contender.run(photo);
  const rounds = new Map<string, Array<{ rate: number; cpuMs: number }>>(
    contenders.map((c) => [c.name, []]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 ? [...contenders].reverse() : contenders;
    for (const contender of order)
      rounds.get(contender.name)?.push(await timeRound(contender, photo));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const result = Object.fromEntries(
    [...rounds].map(([name, runs]) => [name, Number(median(runs.map((r) => r.rate)).toFixed(2))]),
  );
  const cpuMs = Object.fromEntries(
    [...rounds].map(([name, runs]) => [name, Math.round(median(runs.map((r) => r.cpuMs)))]),
  );
  console.info('\nphotos/s and CPU ms per photo (medians of rounds):');
  for (const [name, value] of Object.entries(result))
    console.info(`  ${name.padEnd(15)} ${String(value).padStart(6)}/s  ${cpuMs[name]} ms`);
  const ratio = (other: string) => (result.pipeline / result[other]).toFixed(2);
  console.info(`\npipeline ÷ raw cascade: ${ratio('raw cascade')}`);
  console.info(`pipeline ÷ raw clones:  ${ratio('raw clones')}`);
  console.info(
    `raw server's sharp work ÷ the API's (pipeline ÷ upload path, CPU): ` +
      (cpuMs.pipeline / cpuMs['upload path']).toFixed(2),
  );
  if (process.env.BENCH_JSON)
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(
        { images: IMAGES, rounds: ROUNDS, concurrency: CONCURRENCY, result, cpuMs },
        null,
        2,
      ),
    );
}

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
