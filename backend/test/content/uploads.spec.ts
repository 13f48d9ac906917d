import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PurgeUnattachedUploadsJob } from '../../src/modules/content/jobs/purge-unattached-uploads.job';
import { QueueWorkers } from '../../src/platform/queues/queue-workers.service';
import { createPost, uploadPhotos } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import {
  GPS_MARKERS,
  gpsTaggedJpeg,
  HTML,
  jpeg,
  markersIn,
  pngWithAlpha,
  storedRefs,
  SVG,
} from '../support/test-images';

describe('content: photo uploads', () => {
  let t: TestApp;
  const MB = 1024 * 1024;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline' } });
  });
  afterAll(() => t.close());

  async function uploadRows(member: TestMember): Promise<number> {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM uploaded_image WHERE user_id = $1',
      [member.id],
    );
    return count;
  }

  it('stores several photos re-encoded, with variants and blurhash, as unattached uploads', async () => {
    const member = await createMember(t, 'registered');
    const response = await t
      .http()
      .post('/api/iam/posts/photos')
      .set(member.headers)
      .attach('photos', await jpeg(1600, 1200), 'big.jpg')
      .attach('photos', await pngWithAlpha(200, 100), 'small.png')
      .expect(201);
    const photos = response.body.data;
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({
      ref: expect.stringMatching(/^posts\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/),
      width: 1600,
      height: 1200,
      blurhash: expect.any(String),
    });
    expect(photos[0].variants.map((variant: { width: number }) => variant.width)).toEqual([
      320, 640, 1280, 1600,
    ]);
    for (const ref of photos.flatMap((photo: { variants: Array<{ ref: string }> }) =>
      photo.variants.map((variant) => variant.ref),
    ))
      expect(existsSync(join(t.storageDir, 'images', ref))).toBe(true);
    const rows = await t.dataSource.query(
      'SELECT ref, folder, attached_at FROM uploaded_image WHERE user_id = $1 ORDER BY created_at',
      [member.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((row: { attached_at: unknown }) => row.attached_at === null)).toBe(true);

    const plants = await uploadPhotos(t, member, 1, 'plants');
    expect(plants[0].ref).toMatch(/^plants\//);
    await t
      .http()
      .post('/api/iam/posts/photos')
      .set(member.headers)
      .field('folder', 'avatars')
      .attach('photos', await jpeg(32, 32), 'a.jpg')
      .expect(400);
  });

  it('strips EXIF and GPS from a phone photo', async () => {
    const member = await createMember(t, 'registered');
    const [photo] = await t
      .http()
      .post('/api/iam/posts/photos')
      .set(member.headers)
      .attach('photos', await gpsTaggedJpeg(300, 200), {
        filename: 'IMG_0001.JPG',
        contentType: 'image/jpeg',
      })
      .expect(201)
      .then((response) => response.body.data);
    const item = await createPost(t, member, { photos: [{ ref: photo.ref }] });
    // Oriented by its EXIF (300×200 stored sideways shows as 200×300), then EXIF dropped.
    expect(item.photos[0]).toMatchObject({ width: 200, height: 300 });
    for (const variant of photo.variants) {
      const served = await t
        .http()
        .get(`/storage/v1/object/public/images/${variant.ref}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const bytes = served.body as Buffer;
      expect(markersIn(bytes, GPS_MARKERS)).toEqual([]);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    }
    const original = await readFile(join(t.storageDir, 'images', photo.ref));
    expect(markersIn(original, GPS_MARKERS)).toEqual([]);
  });

  describe('refuses bad uploads with 4xx and stores nothing', () => {
    let member: TestMember;
    beforeAll(async () => (member = await createMember(t, 'registered')));

    async function expectNothingStored() {
      expect(await storedRefs(t.storageDir)).toEqual(
        // Only files of the other tests' accepted uploads, none of this member's.
        await storedRefsOfOthers(),
      );
      expect(await uploadRows(member)).toBe(0);
    }

    async function storedRefsOfOthers(): Promise<string[]> {
      const rows: Array<{ variants: Array<{ ref: string }> }> = await t.dataSource.query(
        'SELECT variants FROM uploaded_image',
      );
      return rows.flatMap((row) => row.variants.map((variant) => variant.ref)).sort();
    }

    const cases: Array<[string, () => Promise<Buffer[]>, string, number, string]> = [
      ['an SVG', async () => [SVG], 'leaf.svg', 415, 'UNSUPPORTED_IMAGE'],
      ['HTML named .png', async () => [HTML], 'photo.png', 415, 'UNSUPPORTED_IMAGE'],
      [
        'a good photo with an SVG after it',
        async () => [await jpeg(64, 64), SVG],
        'x.png',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        'a file over 10 MB',
        async () => [Buffer.concat([await jpeg(64, 64), Buffer.alloc(10 * MB + 1)])],
        'big.jpg',
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        '11 files',
        async () => Promise.all(Array.from({ length: 11 }, () => jpeg(16, 16))),
        'a.jpg',
        413,
        'TOO_MANY_FILES',
      ],
      [
        'two good photos then a damaged one (the stored two are removed again)',
        async () => [
          await jpeg(700, 500),
          await jpeg(64, 64),
          (await jpeg(64, 64)).subarray(0, 40),
        ],
        'x.jpg',
        400,
        'INVALID_IMAGE',
      ],
      [
        'a damaged JPEG',
        async () => [(await jpeg(64, 64)).subarray(0, 40)],
        'cut.jpg',
        400,
        'INVALID_IMAGE',
      ],
    ];

    it.each(cases)('%s', async (_label, files, filename, status, code) => {
      let request = t.http().post('/api/iam/posts/photos').set(member.headers);
      for (const bytes of await files())
        request = request.attach('photos', bytes, { filename, contentType: 'image/png' });
      const response = await request.expect(status);
      expect(response.body.error.code).toBe(code);
      await expectNothingStored();
    });

    it('no file at all, or the wrong field', async () => {
      await t
        .http()
        .post('/api/iam/posts/photos')
        .set(member.headers)
        .field('folder', 'posts')
        .expect(400);
      await t
        .http()
        .post('/api/iam/posts/photos')
        .set(member.headers)
        .attach('file', await jpeg(16, 16), 'a.jpg')
        .expect(400);
      await t.http().post('/api/iam/posts/photos').set(member.headers).send({}).expect(415);
      await expectNothingStored();
    });
  });

  it('removes uploads left unattached for a day (rows and files), keeps attached and recent ones', async () => {
    expect(t.app.get(QueueWorkers).recurringJobs()).toContainEqual(
      expect.objectContaining({ queue: 'cleanup', name: 'purge-unattached-uploads' }),
    );
    const member = await createMember(t, 'registered');
    const [stale, recent, used] = await uploadPhotos(t, member, 3);
    await createPost(t, member, { photos: [{ ref: used.ref }] });
    await t.dataSource.query(
      "UPDATE uploaded_image SET created_at = now() - interval '25 hours' WHERE ref = ANY($1)",
      [[stale.ref, used.ref]],
    );
    await t.dataSource.query(
      "UPDATE uploaded_image SET created_at = now() - interval '23 hours' WHERE ref = $1",
      [recent.ref],
    );
    const file = (ref: string) => join(t.storageDir, 'images', ref);
    await t.app.get(PurgeUnattachedUploadsJob).handle();

    const left: Array<{ ref: string }> = await t.dataSource.query(
      'SELECT ref FROM uploaded_image WHERE user_id = $1 ORDER BY ref',
      [member.id],
    );
    expect(left.map((row) => row.ref).sort()).toEqual([recent.ref, used.ref].sort());
    await eventually(async () =>
      expect(stale.variants.filter((variant) => existsSync(file(variant.ref)))).toEqual([]),
    );
    expect([...recent.variants, ...used.variants].every((v) => existsSync(file(v.ref)))).toBe(true);
    // The stale one can no longer be attached.
    const response = await t
      .http()
      .post('/api/iam/posts/new')
      .set(member.headers)
      .send({ text: 'late', privacy: 'public', tags: [], photos: [{ ref: stale.ref }] })
      .expect(400);
    expect(response.body.error.code).toBe('UNKNOWN_PHOTO');
  });
});
