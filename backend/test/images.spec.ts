import { Controller, Module, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isBlurhashValid } from 'blurhash';
import sharp from 'sharp';
import { Access } from '../src/platform/access/access.decorator';
import {
  imageRefs,
  ImagePipeline,
  type ProcessedImage,
  storedRefsOf,
} from '../src/platform/images/image-pipeline.service';
import { AcceptsUpload, readUpload, readUploads } from '../src/platform/images/uploads';
import { StorageService } from '../src/platform/storage/storage.service';
import { eventually, startTestApp, type TestApp } from './support/test-app';
import {
  animated,
  damagedPng,
  displayP3Png,
  gifHeadersOnly,
  GPS_MARKERS,
  gpsTaggedJpeg,
  HTML,
  jpeg,
  markersIn,
  PDF,
  pngHeaderOnly,
  pngWithAlpha,
  storedRefs,
  SVG,
  webp,
} from './support/test-images';

/** Test-only upload routes, shaped like the avatar and post-photo endpoints will be. */
@Controller('api/test-upload')
class UploadProbeController {
  constructor(private readonly images: ImagePipeline) {}

  @Post('avatar')
  @Access('none')
  @AcceptsUpload({ field: 'file' })
  async avatar(@Req() request: FastifyRequest) {
    const file = await readUpload(request);
    return this.images.process(file.bytes, { folder: 'avatars' });
  }

  @Post('photos')
  @Access('none')
  @AcceptsUpload({ field: 'photos', maxFiles: 3 })
  async photos(@Req() request: FastifyRequest) {
    const { files, fields } = await readUploads(request);
    return { fields, sizes: files.map((file) => file.bytes.length) };
  }

  @Post('json')
  @Access('none')
  json() {
    return 'json only';
  }
}

@Module({ controllers: [UploadProbeController] })
class UploadProbeModule {}

async function storedFile(t: TestApp, ref: string): Promise<Buffer> {
  return readFile(join(t.storageDir, 'images', ref));
}

describe('image pipeline', () => {
  let t: TestApp;
  let pipeline: ImagePipeline;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline' } });
    pipeline = t.app.get(ImagePipeline);
  });
  afterAll(() => t.close());

  async function expectNothingStored() {
    expect(await storedRefs(t.storageDir)).toEqual([]);
  }

  async function cleanUp(image: ProcessedImage) {
    await t.app.get(StorageService).remove(imageRefs(image));
  }

  it('strips EXIF, GPS and XMP from a phone photo and applies its orientation', async () => {
    const input = await gpsTaggedJpeg(300, 200);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(markersIn(input, GPS_MARKERS)).toEqual(GPS_MARKERS);

    const image = await pipeline.process(input, { folder: 'posts' });
    // Orientation 6 means "turn 90°": 300×200 stored pixels show as 200×300.
    expect([image.width, image.height]).toEqual([200, 300]);

    for (const ref of imageRefs(image)) {
      const bytes = await storedFile(t, ref);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(markersIn(bytes, GPS_MARKERS)).toEqual([]);
    }
    await cleanUp(image);
  });

  it('really turns the pixels: the top row of the stored image was the left column', async () => {
    // A 40×20 image, left half black and right half white, stored with orientation 6 (90° CW).
    const pixels = Buffer.alloc(40 * 20 * 3);
    for (let y = 0; y < 20; y += 1)
      for (let x = 20; x < 40; x += 1) pixels.fill(255, (y * 40 + x) * 3, (y * 40 + x) * 3 + 3);
    const input = await sharp(pixels, { raw: { width: 40, height: 20, channels: 3 } })
      .jpeg({ quality: 100 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await pipeline.process(input, { folder: 'posts' });
    const { data, info } = await sharp(await storedFile(t, image.ref))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([20, 40]);
    const brightness = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    // Turned 90° clockwise, the former left (black) half is now the top half.
    expect(brightness(10, 5)).toBeLessThan(60);
    expect(brightness(10, 35)).toBeGreaterThan(200);
    await cleanUp(image);
  });

  it('converts a colour-profiled image to plain sRGB without the profile', async () => {
    const input = await displayP3Png(64, 48);
    expect((await sharp(input).metadata()).icc).toBeDefined();
    const image = await pipeline.process(input, { folder: 'posts' });
    const metadata = await sharp(await storedFile(t, image.ref)).metadata();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.space).toBe('srgb');
    await cleanUp(image);
  });

  it.each([
    ['a PNG with transparency', () => pngWithAlpha(120, 80), false],
    ['a WebP', () => webp(120, 80), false],
    ['an animated GIF', () => animated('gif', 120, 80), true],
    ['an animated WebP', () => animated('webp', 120, 80), true],
  ])('accepts %s', async (_label, make, isAnimated) => {
    const image = await pipeline.process(await make(), { folder: 'posts' });
    expect(image).toMatchObject({ width: 120, height: 80, animated: isAnimated });
    const metadata = await sharp(await storedFile(t, image.ref), { animated: true }).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.pages ?? 1).toBe(isAnimated ? 3 : 1);
    if (isAnimated) expect(metadata.delay).toEqual([120, 120, 120]);
    await cleanUp(image);
  });

  it('keeps an animation animated in every variant', async () => {
    const image = await pipeline.process(await animated('gif', 700, 300), { folder: 'posts' });
    expect(image.variants.map((variant) => variant.width)).toEqual([320, 640, 700]);
    for (const variant of image.variants) {
      const metadata = await sharp(await storedFile(t, variant.ref), { animated: true }).metadata();
      expect(metadata.pages).toBe(3);
      expect(metadata.width).toBe(variant.width);
      expect(metadata.pageHeight).toBe(variant.height);
    }
    await cleanUp(image);
  });

  it('makes the preset widths, never upscaling, and the main image last', async () => {
    const large = await pipeline.process(await jpeg(3000, 2000), { folder: 'posts' });
    expect([large.width, large.height]).toEqual([2048, 1365]);
    expect(large.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 213],
      [640, 427],
      [1280, 853],
      [2048, 1365],
    ]);
    expect(large.variants.at(-1)?.ref).toBe(large.ref);
    for (const variant of large.variants) {
      const metadata = await sharp(await storedFile(t, variant.ref)).metadata();
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }

    const small = await pipeline.process(await jpeg(500, 400), { folder: 'posts' });
    expect(small.variants.map((variant) => variant.width)).toEqual([320, 500]);
    const tiny = await pipeline.process(await jpeg(64, 64), { folder: 'avatars' });
    expect(tiny.variants).toEqual([{ width: 64, height: 64, ref: tiny.ref }]);
    const avatar = await pipeline.process(await jpeg(1000, 1000), { folder: 'avatars' });
    expect(avatar.variants.map((variant) => variant.width)).toEqual([96, 256, 512]);
    // A tall image fits the square: 2048 high, so narrower than the wider presets.
    const tall = await pipeline.process(await jpeg(500, 5000), { folder: 'plants' });
    expect([tall.width, tall.height]).toEqual([205, 2048]);
    expect(tall.variants.map((variant) => variant.width)).toEqual([205]);

    for (const image of [large, small, tiny, avatar, tall]) await cleanUp(image);
  });

  it('stores every file under a fresh random ref in its folder, with a valid blurhash', async () => {
    const first = await pipeline.process(await jpeg(800, 600), { folder: 'plants' });
    const second = await pipeline.process(await jpeg(800, 600), { folder: 'plants' });
    expect(first.ref).toMatch(/^plants\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/);
    expect(first.variants.map((variant) => variant.ref)).toEqual([
      first.ref.replace('.webp', '-320.webp'),
      first.ref.replace('.webp', '-640.webp'),
      first.ref,
    ]);
    expect(second.ref).not.toBe(first.ref);
    expect(isBlurhashValid(first.blurhash)).toEqual({ result: true });
    expect(first.blurhash.length).toBeGreaterThanOrEqual(20);
    expect((await storedRefs(t.storageDir)).sort()).toEqual(
      [...imageRefs(first), ...imageRefs(second)].sort(),
    );
    await cleanUp(first);
    await cleanUp(second);
  });

  it.each([
    ['SVG', SVG, 415, 'UNSUPPORTED_IMAGE'],
    ['HTML (whatever its name)', HTML, 415, 'UNSUPPORTED_IMAGE'],
    ['a PDF', PDF, 415, 'UNSUPPORTED_IMAGE'],
    ['an empty file', Buffer.alloc(0), 400, 'INVALID_IMAGE'],
    [
      'a PNG signature with garbage after it',
      Buffer.from('89504e470d0a1a0a6e6f7065', 'hex'),
      400,
      'INVALID_IMAGE',
    ],
  ])('refuses %s and stores nothing', async (_label, bytes, status, code) => {
    await expect(pipeline.process(bytes, { folder: 'posts' })).rejects.toMatchObject({
      status,
      code,
    });
    await expectNothingStored();
  });

  it('refuses a truncated JPEG and stores nothing', async () => {
    const whole = await jpeg(400, 300);
    for (const fraction of [0.5, 0.8, 0.97]) {
      const cut = whole.subarray(0, Math.floor(whole.length * fraction));
      await expect(pipeline.process(cut, { folder: 'posts' })).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_IMAGE',
      });
    }
    await expectNothingStored();
  });

  it('accepts a photo for the queue from its header and end: a cut-off file is refused at once', async () => {
    const phone = await gpsTaggedJpeg(3000, 2000);
    await expect(pipeline.accept(phone, 'posts')).resolves.toEqual({
      format: 'jpeg',
      animated: false,
      width: 1365,
      height: 2048,
      ref: expect.stringMatching(/^posts\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/),
      original: expect.stringMatching(/^posts\/[0-9a-f]{2}\/[0-9a-f-]{36}\.jpg$/),
    });
    for (const whole of [await jpeg(400, 300), await pngWithAlpha(300, 200), await webp(300, 200)])
      for (const fraction of [0.5, 0.8, 0.97])
        await expect(
          pipeline.accept(whole.subarray(0, Math.floor(whole.length * fraction)), 'posts'),
        ).rejects.toMatchObject({ status: 400, code: 'INVALID_IMAGE' });
    await expect(pipeline.accept(SVG, 'posts')).rejects.toMatchObject({ status: 415 });
    await expect(pipeline.accept(pngHeaderOnly(9000, 9000), 'posts')).rejects.toMatchObject({
      status: 400,
      code: 'IMAGE_TOO_LARGE_PIXELS',
    });
    await expectNothingStored();
  });

  it('renders an original with its blurhash handed out before any file is stored', async () => {
    const bytes = await jpeg(1400, 900);
    const accepted = await pipeline.accept(bytes, 'posts');
    await pipeline.storeOriginal(accepted, bytes);
    const seen: Array<{ blurhash: string; stored: string[] }> = [];
    const image = await pipeline.renderOriginal(
      accepted.ref,
      accepted.original,
      'posts',
      async (blurhash) => {
        seen.push({ blurhash, stored: await storedRefs(t.storageDir) });
      },
    );
    expect(seen).toHaveLength(1);
    expect(isBlurhashValid(seen[0].blurhash)).toEqual({ result: true });
    expect(seen[0].stored).toEqual([]);
    expect(image).toMatchObject({ ref: accepted.ref, blurhash: seen[0].blurhash, width: 1400 });
    expect(image!.variants.map((variant) => variant.width)).toEqual([320, 640, 1280, 1400]);
    await cleanUp(image!);
    await pipeline.removeOriginals([accepted.original]);
  });

  it('accepts a file damaged deep inside (its end is intact); rendering it refuses it', async () => {
    const bytes = await damagedPng(300, 200);
    const accepted = await pipeline.accept(bytes, 'posts');
    await pipeline.storeOriginal(accepted, bytes);
    const onBlurhash = jest.fn(async () => undefined);
    await expect(
      pipeline.renderOriginal(accepted.ref, accepted.original, 'posts', onBlurhash),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_IMAGE' });
    expect(onBlurhash).not.toHaveBeenCalled();
    await pipeline.removeOriginals([accepted.original]);
    await expectNothingStored();
  });

  it('refuses more than 40 megapixels from the header, before decoding anything', async () => {
    // The pixel data is garbage: decoding it would fail as INVALID_IMAGE, not as too large.
    await expect(
      pipeline.process(pngHeaderOnly(8000, 5001), { folder: 'posts' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'IMAGE_TOO_LARGE_PIXELS',
      message: 'This image has too many pixels: at most 40 megapixels',
    });
    // Just at the limit the header passes, and only then does decoding find the garbage.
    await expect(
      pipeline.process(pngHeaderOnly(8000, 5000), { folder: 'posts' }),
    ).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
    await expectNothingStored();
  });

  it('refuses a real 40+ megapixel JPEG quickly', async () => {
    const huge = await sharp({
      create: { width: 9000, height: 4500, channels: 3, background: '#2f6b3a' },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    const started = Date.now();
    await expect(pipeline.process(huge, { folder: 'posts' })).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE_PIXELS',
    });
    expect(Date.now() - started).toBeLessThan(500);
    await expectNothingStored();
  });

  it('refuses an animation with too many pixels over all its frames, before decoding', async () => {
    // Five 25-megapixel frames (each under the 40 MP limit) in 154 bytes.
    const long = gifHeadersOnly(5000, 5000, 5);
    const started = Date.now();
    await expect(pipeline.process(long, { folder: 'posts' })).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE_PIXELS',
      message:
        'This image has too many pixels: at most 100 megapixels in all frames of an animation',
    });
    expect(Date.now() - started).toBeLessThan(500);
    await expect(
      pipeline.process(gifHeadersOnly(7000, 6000, 1), { folder: 'posts' }),
    ).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE_PIXELS' });
    await expectNothingStored();
  });

  it('removes what it stored when storage fails part-way, then rethrows', async () => {
    const storage = t.app.get(StorageService);
    const realPut = storage.put.bind(storage);
    let calls = 0;
    const put = jest.spyOn(storage, 'put').mockImplementation(async (ref, body) => {
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      await realPut(ref, body);
    });
    try {
      await expect(pipeline.process(await jpeg(1600, 1200), { folder: 'posts' })).rejects.toThrow(
        'disk full',
      );
      expect(calls).toBe(3);
      await expectNothingStored();
    } finally {
      put.mockRestore();
    }
  });

  it('lists the refs of an image, and removes them all through the cleanup queue', async () => {
    const image = await pipeline.process(await jpeg(1400, 700), { folder: 'posts' });
    expect(imageRefs(image)).toHaveLength(4);
    // From the ref alone (what a record keeps), the folder's possible variants are derived.
    expect(storedRefsOf(image.ref)).toEqual(expect.arrayContaining(imageRefs(image)));
    expect(storedRefsOf('legacy/picture.png')).toEqual(['legacy/picture.png']);
    await pipeline.scheduleRemoval(image.ref);
    await eventually(async () => expect(await storedRefs(t.storageDir)).toEqual([]));

    const other = await pipeline.process(await jpeg(700, 700), { folder: 'avatars' });
    await pipeline.scheduleRemoval(other);
    await eventually(async () => expect(await storedRefs(t.storageDir)).toEqual([]));
  });
});

describe('image uploads (multipart)', () => {
  let t: TestApp;
  const MB = 1024 * 1024;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [UploadProbeModule] });
  });
  afterAll(() => t.close());

  it('takes an avatar upload end to end, and serves what it stored', async () => {
    const response = await t
      .http()
      .post('/api/test-upload/avatar')
      .attach('file', await gpsTaggedJpeg(900, 600), {
        filename: 'IMG_0001.JPG',
        contentType: 'image/jpeg',
      })
      .expect(201);
    const image = response.body.data as ProcessedImage;
    expect(image).toMatchObject({ width: 341, height: 512, animated: false });
    expect(image.variants.map((variant) => variant.width)).toEqual([96, 256, 341]);
    expect(image.ref).toMatch(/^avatars\//);

    const served = await t
      .http()
      .get(`/storage/v1/object/public/images/${image.ref}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(markersIn(served.body as Buffer, GPS_MARKERS)).toEqual([]);
    await t.app.get(StorageService).remove(imageRefs(image));
  });

  it('answers 413 PAYLOAD_TOO_LARGE for an 11 MB file and stores nothing', async () => {
    const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(11 * MB)]);
    const response = await t
      .http()
      .post('/api/test-upload/avatar')
      .attach('file', big, { filename: 'big.jpg', contentType: 'image/jpeg' })
      .expect(413);
    expect(response.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A file may be at most 10 MB',
    });
    expect(await storedRefs(t.storageDir)).toEqual([]);
  });

  it('reads a file of exactly 10 MB whole (the limit is inclusive)', async () => {
    const response = await t
      .http()
      .post('/api/test-upload/photos')
      .attach('photos', Buffer.alloc(10 * MB, 1), 'exactly.bin')
      .expect(201);
    expect(response.body.data.sizes).toEqual([10 * MB]);
  });

  it('answers 415 when the upload is not multipart', async () => {
    const asJson = await t
      .http()
      .post('/api/test-upload/avatar')
      .send({ file: 'aGVsbG8=' })
      .expect(415);
    expect(asJson.body.error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the file as multipart/form-data',
    });
    const raw = await t
      .http()
      .post('/api/test-upload/avatar')
      .set('content-type', 'image/jpeg')
      .send(await jpeg(16, 16));
    expect(raw.status).toBe(415);
    await t.http().post('/api/test-upload/avatar').expect(415);
  });

  it('keeps refusing multipart bodies on routes that take no upload', async () => {
    const response = await t
      .http()
      .post('/api/test-upload/json')
      .attach('file', await jpeg(16, 16), 'a.jpg')
      .expect(415);
    expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 when the file field is missing or empty', async () => {
    const missing = await t
      .http()
      .post('/api/test-upload/avatar')
      .field('note', 'hello')
      .expect(400);
    expect(missing.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'file', messages: ['file is required: attach an image file'] }],
    });
    // What a browser sends for a file input left empty.
    const empty = await t
      .http()
      .post('/api/test-upload/avatar')
      .attach('file', Buffer.alloc(0), { filename: '', contentType: 'application/octet-stream' })
      .expect(400);
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    const asText = await t
      .http()
      .post('/api/test-upload/avatar')
      .field('file', 'not a file')
      .expect(400);
    expect(asText.body.error.details).toEqual([
      { field: 'file', messages: ['file must be a file, not text'] },
    ]);
  });

  it('answers 400 for a file in another field, and 413 for too many files', async () => {
    const elsewhere = await t
      .http()
      .post('/api/test-upload/avatar')
      .attach('picture', await jpeg(16, 16), 'a.jpg')
      .expect(400);
    expect(elsewhere.body.error.details).toEqual([
      { field: 'picture', messages: ['picture is not a file field here'] },
    ]);

    const twoAvatars = await t
      .http()
      .post('/api/test-upload/avatar')
      .attach('file', await jpeg(16, 16), 'a.jpg')
      .attach('file', await jpeg(16, 16), 'b.jpg')
      .expect(413);
    expect(twoAvatars.body.error).toEqual({
      code: 'TOO_MANY_FILES',
      message: 'At most 1 file(s) can be uploaded at once',
    });

    let fourPhotos = t.http().post('/api/test-upload/photos');
    for (let index = 0; index < 4; index += 1)
      fourPhotos = fourPhotos.attach('photos', Buffer.from('x'), `${index}.jpg`);
    await fourPhotos.expect(413);
  });

  it('reads several files with the text fields sent along', async () => {
    const response = await t
      .http()
      .post('/api/test-upload/photos')
      .field('alt_0', 'A monstera leaf')
      .attach('photos', Buffer.alloc(3), 'one.jpg')
      .attach('photos', Buffer.alloc(5), 'two.jpg')
      .expect(201);
    expect(response.body.data).toEqual({ fields: { alt_0: 'A monstera leaf' }, sizes: [3, 5] });
    const repeated = await t
      .http()
      .post('/api/test-upload/photos')
      .field('alt_0', 'one')
      .field('alt_0', 'two')
      .attach('photos', Buffer.alloc(3), 'one.jpg')
      .expect(400);
    expect(repeated.body.error.details).toEqual([
      { field: 'alt_0', messages: ['alt_0 may be given only once'] },
    ]);
    await t
      .http()
      .post('/api/test-upload/photos')
      .field('alt_0', 'x'.repeat(17 * 1024))
      .attach('photos', Buffer.alloc(3), 'one.jpg')
      .expect(400);
  });

  it.each([
    ['an HTML page named .png', HTML, 'page.png', 'image/png'],
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml'],
    ['a PDF named .jpg', PDF, 'scan.jpg', 'image/jpeg'],
  ])(
    'refuses %s with 415 UNSUPPORTED_IMAGE and stores nothing',
    async (_label, bytes, filename, type) => {
      const response = await t
        .http()
        .post('/api/test-upload/avatar')
        .attach('file', bytes, { filename, contentType: type })
        .expect(415);
      expect(response.body.error).toEqual({
        code: 'UNSUPPORTED_IMAGE',
        message: 'Only JPEG, PNG, WebP and GIF images can be uploaded',
      });
      expect(await storedRefs(t.storageDir)).toEqual([]);
    },
  );

  it('refuses a truncated JPEG with 400 INVALID_IMAGE and stores nothing', async () => {
    const whole = await jpeg(300, 300);
    const response = await t
      .http()
      .post('/api/test-upload/avatar')
      .attach('file', whole.subarray(0, Math.floor(whole.length * 0.7)), 'cut.jpg')
      .expect(400);
    expect(response.body.error.code).toBe('INVALID_IMAGE');
    expect(await storedRefs(t.storageDir)).toEqual([]);
  });

  it('answers 400 for broken multipart framing', async () => {
    const response = await t
      .http()
      .post('/api/test-upload/avatar')
      .set('content-type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc')
      .expect(400);
    expect(response.body.error.code).toBe('MALFORMED_BODY');
  });
});
