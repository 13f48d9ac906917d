import { isBlurhashValid } from 'blurhash';
import type { SharpOptions } from 'sharp';
import {
  animated,
  damagedPng,
  gpsTaggedJpeg,
  jpeg,
  pngWithAlpha,
  webp,
} from '../../../../test/support/test-images';
import { IMAGE_PRESETS } from '../image-presets';
import { inspectImage, renderImage } from '../image-renderer';

/** Every sharp pipeline the renderer opens: what it was given and with which options. */
const opened: Array<{ input: unknown; options: SharpOptions | undefined }> = [];

jest.mock('sharp', () => {
  const actual = jest.requireActual('sharp');
  const counting = (input: unknown, options?: SharpOptions) => {
    opened.push({ input, options });
    return actual(input, options);
  };
  return { __esModule: true, default: Object.assign(counting, actual) };
});

/** Pipelines that decode the upload's bytes (the header read opens them without decoding). */
function decodesOf(bytes: Buffer) {
  return opened.filter(({ input, options }) => input === bytes && options?.failOn === 'error');
}

describe('renderImage', () => {
  it('decodes a photo once and makes every rendition from that decode', async () => {
    const photo = await jpeg(3000, 2000);
    opened.length = 0;
    const rendered = await renderImage(photo, IMAGE_PRESETS.posts);
    expect([rendered.main, ...rendered.variants].map((file) => file.width)).toEqual([
      2048, 320, 640, 1280,
    ]);
    expect(decodesOf(photo)).toHaveLength(1);
    // Everything else works on pixels already decoded, never on the upload's bytes again.
    const others = opened.filter(({ input }) => input !== photo);
    expect(others.length).toBeGreaterThanOrEqual(4);
    expect(others.every(({ options }) => options?.raw !== undefined)).toBe(true);
  });

  it('skips the blurhash when the caller has one, with the same files and one pipeline fewer', async () => {
    const photo = await jpeg(1600, 1200);
    opened.length = 0;
    const full = await renderImage(photo, IMAGE_PRESETS.posts);
    const withBlurhash = opened.length;
    expect(isBlurhashValid(full.blurhash)).toEqual({ result: true });
    opened.length = 0;
    const bare = await renderImage(photo, IMAGE_PRESETS.posts, { blurhash: false });
    expect(bare.blurhash).toBeNull();
    expect(opened).toHaveLength(withBlurhash - 1);
    expect(decodesOf(photo)).toHaveLength(1);
    expect([bare.main, ...bare.variants].map((file) => [file.width, file.height])).toEqual(
      [full.main, ...full.variants].map((file) => [file.width, file.height]),
    );
    expect(bare.main.data.equals(full.main.data)).toBe(true);
  });

  it('hands out the blurhash after the one decode, before any rendition is encoded', async () => {
    const photo = await jpeg(2400, 1600);
    opened.length = 0;
    const handed: Array<{ blurhash: string; pipelines: number }> = [];
    const rendered = await renderImage(photo, IMAGE_PRESETS.posts, {
      onBlurhash: async (blurhash) => {
        handed.push({ blurhash, pipelines: opened.length });
      },
    });
    expect(handed).toHaveLength(1);
    expect(isBlurhashValid(handed[0].blurhash)).toEqual({ result: true });
    expect(rendered.blurhash).toBe(handed[0].blurhash);
    // The header read, the decode and the blurhash's thumbnail; the four renditions came after.
    expect(handed[0].pipelines).toBe(3);
    expect(opened.length).toBeGreaterThanOrEqual(handed[0].pipelines + 4);
    expect(decodesOf(photo)).toHaveLength(1);
  });

  it('passes the blurhash handler’s own failure on as it is, and refuses bad bytes before it', async () => {
    const failure = new Error('database down');
    await expect(
      renderImage(await jpeg(300, 200), IMAGE_PRESETS.posts, {
        onBlurhash: () => Promise.reject(failure),
      }),
    ).rejects.toBe(failure);
    const onBlurhash = jest.fn(async () => undefined);
    await expect(
      renderImage(await damagedPng(300, 200), IMAGE_PRESETS.posts, { onBlurhash }),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_IMAGE' });
    expect(onBlurhash).not.toHaveBeenCalled();
  });

  it('decodes an animation once too, keeping every frame in every rendition', async () => {
    const gif = await animated('gif', 700, 300);
    opened.length = 0;
    const rendered = await renderImage(gif, IMAGE_PRESETS.posts);
    expect(rendered.animated).toBe(true);
    expect(rendered.variants.map((file) => [file.width, file.height])).toEqual([
      [320, 137],
      [640, 274],
    ]);
    expect(decodesOf(gif)).toHaveLength(1);
  });
});

describe('inspectImage', () => {
  it('gives the main rendition’s oriented size from the header, decoding nothing', async () => {
    const phone = await gpsTaggedJpeg(3000, 2000);
    opened.length = 0;
    const inspected = await inspectImage(phone, IMAGE_PRESETS.posts);
    // Orientation 6: the stored 3000×2000 shows as 2000×3000, fitted into 2048.
    expect(inspected).toEqual({ format: 'jpeg', animated: false, width: 1365, height: 2048 });
    expect(decodesOf(phone)).toHaveLength(0);
    const rendered = await renderImage(phone, IMAGE_PRESETS.posts);
    expect([rendered.main.width, rendered.main.height]).toEqual([
      inspected.width,
      inspected.height,
    ]);
  });

  it('decodes nothing of a PNG, WebP or GIF that ends where its format says', async () => {
    for (const bytes of [
      await pngWithAlpha(300, 200),
      await webp(301, 201),
      await animated('gif', 120, 80),
    ]) {
      opened.length = 0;
      await inspectImage(bytes, IMAGE_PRESETS.posts);
      expect(decodesOf(bytes)).toHaveLength(0);
    }
  });

  it('refuses a file cut off in transfer, whatever its format', async () => {
    for (const whole of [await jpeg(400, 300), await pngWithAlpha(300, 200), await webp(300, 200)])
      for (const fraction of [0.5, 0.97])
        await expect(
          inspectImage(whole.subarray(0, Math.floor(whole.length * fraction)), IMAGE_PRESETS.posts),
        ).rejects.toMatchObject({ status: 400, code: 'INVALID_IMAGE' });
  });

  it('decodes a file with bytes after its end (a phone’s trailer) to judge it', async () => {
    const photo = Buffer.concat([await jpeg(400, 300), Buffer.from('trailer from a phone')]);
    opened.length = 0;
    await expect(inspectImage(photo, IMAGE_PRESETS.posts)).resolves.toMatchObject({
      width: 400,
      height: 300,
    });
    expect(decodesOf(photo)).toHaveLength(1);
    const whole = await jpeg(400, 300);
    const cut = Buffer.concat([whole.subarray(0, whole.length / 2), Buffer.from('trailer')]);
    await expect(inspectImage(cut, IMAGE_PRESETS.posts)).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_IMAGE',
    });
  });

  it('leaves damage deep inside a file that ends cleanly to the render', async () => {
    const damaged = await damagedPng(300, 200);
    await expect(inspectImage(damaged, IMAGE_PRESETS.posts)).resolves.toMatchObject({
      format: 'png',
    });
    await expect(renderImage(damaged, IMAGE_PRESETS.posts)).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_IMAGE',
    });
  });
});
