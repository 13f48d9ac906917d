import { isBlurhashValid } from 'blurhash';
import { UnrecoverableError } from 'bullmq';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  type RenderUploadPayload,
  renderUploadJobId,
} from '../../src/modules/content/jobs/content.jobs';
import { PurgeUnattachedUploadsJob } from '../../src/modules/content/jobs/purge-unattached-uploads.job';
import { RenderUploadJob } from '../../src/modules/content/jobs/render-upload.job';
import {
  deleteUnreferencedUploads,
  lockSweepableUploads,
} from '../../src/modules/content/uploads.queries';
import { DeleteStoredFilesJob } from '../../src/platform/storage/jobs/delete-stored-files.job';
import { StorageService } from '../../src/platform/storage/storage.service';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { OutboxRelay } from '../../src/platform/queues/outbox-relay.service';
import { QueueWorkers } from '../../src/platform/queues/queue-workers.service';
import { createPost, uploadPhotos, type UploadedPhoto } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import {
  damagedPng,
  GPS_MARKERS,
  gpsTaggedJpeg,
  HTML,
  jpeg,
  markersIn,
  pngWithAlpha,
  storedOriginals,
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

  /** Waits for the inline `images` worker to render the uploads; returns them as recorded. */
  async function rendered(refs: string[]): Promise<UploadedPhoto[]> {
    return eventually(async () => {
      const rows: UploadedPhoto[] = await t.dataSource.query(
        'SELECT ref, status, variants, blurhash, width, height FROM uploaded_image WHERE ref = ANY($1)',
        [refs],
      );
      expect(rows.map((row) => row.status)).toEqual(refs.map(() => 'ready'));
      return refs.map((ref) => rows.find((row) => row.ref === ref) as UploadedPhoto);
    });
  }

  it('takes several photos as pending uploads, which the images job renders with variants', async () => {
    const member = await createMember(t, 'registered');
    const response = await t
      .http()
      .post('/api/iam/posts/photos')
      .set(member.headers)
      .attach('photos', await jpeg(1600, 1200), 'big.jpg')
      .attach('photos', await pngWithAlpha(200, 100), 'small.png')
      .expect(201);
    const answered = response.body.data;
    expect(answered).toHaveLength(2);
    expect(answered[0]).toEqual({
      ref: expect.stringMatching(/^posts\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/),
      status: 'pending',
      variants: [],
      width: 1600,
      height: 1200,
      // Made by the render job from its one decode; the request decodes nothing.
      blurhash: null,
    });
    const rows = await t.dataSource.query(
      'SELECT ref, folder, attached_at FROM uploaded_image WHERE user_id = $1 ORDER BY created_at',
      [member.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((row: { attached_at: unknown }) => row.attached_at === null)).toBe(true);

    const photos = await rendered(answered.map((photo: { ref: string }) => photo.ref));
    expect(photos[0]).toMatchObject({ width: 1600, height: 1200 });
    for (const photo of photos) expect(isBlurhashValid(photo.blurhash!)).toEqual({ result: true });
    expect(photos[0].variants.map((variant) => variant.width)).toEqual([320, 640, 1280, 1600]);
    expect(photos[1].variants.map((variant) => variant.width)).toEqual([200]);
    for (const ref of photos.flatMap((photo) => photo.variants.map((variant) => variant.ref)))
      expect(existsSync(join(t.storageDir, 'images', ref))).toBe(true);
    // The originals are gone once rendered.
    await eventually(async () => expect(await storedOriginals(t.storageDir)).toEqual([]));

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
    // Saving the post does not wait for the rendering.
    const item = await createPost(t, member, { photos: [{ ref: photo.ref }] });
    // Oriented by its EXIF (300×200 stored sideways shows as 200×300), then EXIF dropped.
    expect(item.photos[0]).toMatchObject({ width: 200, height: 300, failed: false });
    const post = await eventually(async () => {
      const response = await t.http().get(`/api/iam/posts/${item.random_id}`).expect(200);
      expect(response.body.data.photos[0].variants).not.toEqual([]);
      return response.body.data;
    });
    expect(post.photos[0]).toMatchObject({ width: 200, height: 300, failed: false });
    expect(isBlurhashValid(post.photos[0].blurhash)).toEqual({ result: true });
    for (const variant of post.photos[0].variants) {
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
      expect(await storedOriginals(t.storageDir)).toEqual([]);
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
      // Cut off in transfer, header intact: refused by the check of the file's end.
      ...(['jpeg', 'png', 'webp'] as const).map(
        (format): [string, () => Promise<Buffer[]>, string, number, string] => [
          `a ${format} cut off after its header`,
          async () => {
            const whole = await sharp(await jpeg(400, 300))
              .toFormat(format)
              .toBuffer();
            return [whole.subarray(0, Math.floor(whole.length * 0.9))];
          },
          `cut.${format}`,
          400,
          'INVALID_IMAGE',
        ],
      ),
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
    expect([stale, recent, used].map((photo) => photo.status)).toEqual(['ready', 'ready', 'ready']);
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

  /** The upload's row as the sweep sees it, or undefined once it is gone. */
  async function sweepState(ref: string) {
    const [row] = await t.dataSource.query(
      'SELECT ref, attached_at, detached_at FROM uploaded_image WHERE ref = $1',
      [ref],
    );
    return row as { ref: string; attached_at: Date | null; detached_at: Date | null } | undefined;
  }
  const stored = (photo: UploadedPhoto) =>
    photo.variants.map((variant) => existsSync(join(t.storageDir, 'images', variant.ref)));
  const ageDetached = (refs: string[], hours: number) =>
    t.dataSource.query(
      `UPDATE uploaded_image SET detached_at = now() - make_interval(hours => $2)
        WHERE ref = ANY($1)`,
      [refs, hours],
    );

  it('sweeps an upload whose photo was taken off its post, a day after, and keeps the others', async () => {
    const member = await createMember(t, 'registered');
    const [removed, kept] = await uploadPhotos(t, member, 2);
    const post = await createPost(t, member, {
      photos: [{ ref: removed.ref }, { ref: kept.ref }],
    });
    expect((await sweepState(removed.ref))?.detached_at).toBeNull();
    // An edit that takes one photo off the post.
    await t.dataSource.query('DELETE FROM post_photo WHERE image_ref = $1', [removed.ref]);
    expect((await sweepState(removed.ref))?.detached_at).toBeInstanceOf(Date);
    expect((await sweepState(kept.ref))?.detached_at).toBeNull();

    // Within the grace period: nothing goes.
    await ageDetached([removed.ref], 23);
    await t.app.get(PurgeUnattachedUploadsJob).handle();
    expect(await sweepState(removed.ref)).toBeDefined();

    await ageDetached([removed.ref], 25);
    await t.app.get(PurgeUnattachedUploadsJob).handle();
    expect(await sweepState(removed.ref)).toBeUndefined();
    await eventually(async () =>
      expect(stored(removed)).toEqual(removed.variants.map(() => false)),
    );
    expect(await sweepState(kept.ref)).toBeDefined();
    expect(stored(kept).every(Boolean)).toBe(true);
    const [photo] = await t.dataSource.query(
      'SELECT ph.image_ref FROM post_photo ph JOIN post p ON p.id = ph.post_id WHERE p.random_id = $1',
      [post.random_id],
    );
    expect(photo.image_ref).toBe(kept.ref);
  });

  it('sweeps the uploads of a post deleted without them (a cascade that skipped the files)', async () => {
    const member = await createMember(t, 'registered');
    const photos = await uploadPhotos(t, member, 2);
    const post = await createPost(t, member, { photos: photos.map(({ ref }) => ({ ref })) });
    // Deleted by a path that leaves the uploads and their files behind.
    await t.dataSource.query('DELETE FROM post WHERE random_id = $1', [post.random_id]);
    const refs = photos.map((photo) => photo.ref);
    for (const ref of refs) expect((await sweepState(ref))?.detached_at).toBeInstanceOf(Date);
    await ageDetached(refs, 25);
    await t.app.get(PurgeUnattachedUploadsJob).handle();
    for (const ref of refs) expect(await sweepState(ref)).toBeUndefined();
    await eventually(async () =>
      expect(photos.flatMap(stored)).toEqual(photos.flatMap((p) => p.variants.map(() => false))),
    );
  });

  it('never deletes an upload a photo references when the delete runs, nor its files', async () => {
    const member = await createMember(t, 'registered');
    const [photo] = await uploadPhotos(t, member, 1);
    const post = await createPost(t, member, { photos: [{ ref: photo.ref }] });
    await t.dataSource.query('DELETE FROM post_photo WHERE image_ref = $1', [photo.ref]);
    await ageDetached([photo.ref], 25);
    const [{ id: postId }] = await t.dataSource.query('SELECT id FROM post WHERE random_id = $1', [
      post.random_id,
    ]);

    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const locked = await lockSweepableUploads(runner.manager, 'detached', 24, 100);
      expect(locked).toContain(photo.ref);
      // Between the lock and the delete, another writer commits a photo made of it.
      await t.dataSource.query(
        `INSERT INTO post_photo (post_id, position, image_ref, variants, blurhash, width, height)
         VALUES ($1, 0, $2, $3::jsonb, $4, $5, $6)`,
        [
          postId,
          photo.ref,
          JSON.stringify(photo.variants),
          photo.blurhash,
          photo.width,
          photo.height,
        ],
      );
      const deleted = await deleteUnreferencedUploads(runner.manager, locked);
      await runner.commitTransaction();
      expect(deleted.map((row) => row.ref)).not.toContain(photo.ref);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    // Kept, and no longer a candidate: later sweeps leave it alone.
    const row = await sweepState(photo.ref);
    expect(row?.detached_at).toBeNull();
    expect(row?.attached_at).toBeInstanceOf(Date);
    await t.app.get(PurgeUnattachedUploadsJob).handle();
    expect(await sweepState(photo.ref)).toBeDefined();
    expect(stored(photo).every(Boolean)).toBe(true);
    const [queued] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM outbox_message
        WHERE job_name = 'delete-stored-files' AND payload->'refs' ? $1`,
      [photo.ref],
    );
    expect(queued.count).toBe(0);
  });

  it('a post saved with an upload while the sweep holds it waits, then is refused cleanly', async () => {
    const member = await createMember(t, 'registered');
    const [photo] = await uploadPhotos(t, member, 1);
    await t.dataSource.query(
      "UPDATE uploaded_image SET created_at = now() - interval '25 hours' WHERE ref = $1",
      [photo.ref],
    );
    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    let saving: Promise<{ status: number; body: { error?: { code: string } } }> | undefined;
    try {
      await runner.startTransaction();
      const locked = await lockSweepableUploads(runner.manager, 'unattached', 24, 100);
      expect(locked).toContain(photo.ref);
      saving = Promise.resolve(
        t
          .http()
          .post('/api/iam/posts/new')
          .set(member.headers)
          .send({ text: 'racing', privacy: 'public', tags: [], photos: [{ ref: photo.ref }] }),
      );
      // The save is waiting for the upload's row lock.
      await eventually(async () => {
        const [waiting] = await t.dataSource.query(
          `SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%UPDATE uploaded_image u SET attached_at%'`,
        );
        expect(waiting.count).toBeGreaterThan(0);
      });
      const deleted = await deleteUnreferencedUploads(runner.manager, locked);
      expect(deleted.map((row) => row.ref)).toContain(photo.ref);
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    const response = await saving!;
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('UNKNOWN_PHOTO');
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM post_photo WHERE image_ref = $1',
      [photo.ref],
    );
    expect(count).toBe(0);
  });
});

/** The same uploads with no workers running: each step of the rendering is run by hand. */
describe('content: photo uploads are rendered off the request path', () => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'off' } });
    member = await createMember(t, 'registered');
  });
  afterAll(() => t.close());

  async function upload(bytes: Buffer): Promise<UploadedPhoto & { job: RenderUploadPayload }> {
    const response = await t
      .http()
      .post('/api/iam/posts/photos')
      .set(member.headers)
      .attach('photos', bytes, { filename: 'IMG_0002.JPG', contentType: 'image/jpeg' })
      .expect(201);
    const [photo] = response.body.data;
    const [job] = await t.dataSource.query(
      `SELECT payload FROM outbox_message
        WHERE queue = 'images' AND job_name = 'render-upload' AND payload->>'ref' = $1`,
      [photo.ref],
    );
    return { ...photo, job: job.payload };
  }

  async function uploadRow(ref: string) {
    const [row] = await t.dataSource.query(
      'SELECT status, variants, original_ref FROM uploaded_image WHERE ref = $1',
      [ref],
    );
    return row;
  }

  const jobOn = (attemptsMade: number) =>
    ({ attemptsMade, opts: { attempts: 3 } }) as Parameters<RenderUploadJob['handle']>[1];
  const render = (job: RenderUploadPayload, attemptsMade = 0) =>
    t.app.get(RenderUploadJob).handle(job, jobOn(attemptsMade));
  const fileOf = (ref: string) => join(t.storageDir, 'images', ref);

  it('answers at once; the original waits privately, never served, until the job renders it', async () => {
    const phone = await gpsTaggedJpeg(3000, 2000);
    const started = Date.now();
    const photo = await upload(phone);
    const answeredMs = Date.now() - started;
    expect(photo).toMatchObject({
      status: 'pending',
      variants: [],
      width: 1365,
      height: 2048,
      blurhash: null,
    });
    expect(photo.job).toEqual({
      ref: photo.ref,
      original: photo.ref.replace(/\.webp$/, '.jpg'),
    });

    // Nothing public yet; the original (GPS and all) sits in the private area only.
    expect(await storedRefs(t.storageDir)).toEqual([]);
    expect(await storedOriginals(t.storageDir)).toEqual([photo.job.original]);
    const kept = await readFile(join(t.storageDir, 'private', photo.job.original));
    expect(markersIn(kept, GPS_MARKERS)).toEqual(GPS_MARKERS);
    for (const path of [
      photo.job.original,
      photo.ref,
      `../private/${photo.job.original}`,
      `..%2Fprivate%2F${photo.job.original.replace(/\//g, '%2F')}`,
      `_private/${photo.job.original}`,
    ]) {
      const response = await t.http().get(`/storage/v1/object/public/images/${path}`);
      expect([400, 404]).toContain(response.status);
    }

    // A post saved now has the photo's size (for a placeholder), no blurhash nor variants yet.
    const item = await createPost(t, member, { photos: [{ ref: photo.ref }] });
    const pending = { image_ref: photo.ref, variants: [], width: 1365, height: 2048 };
    expect(item.photos[0]).toMatchObject({ ...pending, blurhash: null, failed: false });
    const before = await t.http().get(`/api/iam/posts/${item.random_id}`).expect(200);
    expect(before.body.data.photos[0]).toMatchObject({ ...pending, blurhash: null, failed: false });

    // The job records the blurhash before it writes the first file: the post shows it meanwhile.
    const storage = t.app.get(StorageService);
    const realPut = storage.put.bind(storage);
    const atFirstFile: unknown[] = [];
    const put = jest.spyOn(storage, 'put').mockImplementation(async (ref, body) => {
      if (!atFirstFile.length) {
        const shown = await t.http().get(`/api/iam/posts/${item.random_id}`).expect(200);
        atFirstFile.push(shown.body.data.photos[0]);
      }
      await realPut(ref, body);
    });

    const renderStarted = Date.now();
    try {
      await render(photo.job);
    } finally {
      put.mockRestore();
    }
    const renderMs = Date.now() - renderStarted;
    expect(atFirstFile).toEqual([
      expect.objectContaining({ ...pending, blurhash: expect.any(String), failed: false }),
    ]);
    const early = (atFirstFile[0] as { blurhash: string }).blurhash;
    expect(isBlurhashValid(early)).toEqual({ result: true });
    // The request did only a small part of the work the job does.
    expect(answeredMs).toBeLessThan(renderMs);

    const read = await t.http().get(`/api/iam/posts/${item.random_id}`).expect(200);
    const shown = read.body.data.photos[0];
    expect(shown).toMatchObject({ image_ref: photo.ref, width: 1365, height: 2048 });
    expect(shown).toMatchObject({ blurhash: early, failed: false });
    expect(shown.variants.map((variant: { width: number }) => variant.width)).toEqual([
      320, 640, 1280, 1365,
    ]);
    for (const variant of shown.variants) {
      const bytes = await readFile(fileOf(variant.ref));
      expect(markersIn(bytes, GPS_MARKERS)).toEqual([]);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    expect(await uploadRow(photo.ref)).toMatchObject({ status: 'ready', original_ref: null });
    expect(await storedOriginals(t.storageDir)).toEqual([]);
  });

  it('puts the render job on the queue at once; relaying its outbox row adds no second one', async () => {
    const photo = await upload(await jpeg(500, 400));
    const queue = t.app.get(JobQueue).queue('images');
    const jobsOf = async () =>
      (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'], 0, -1)).filter(
        (job) => job.data.ref === photo.ref,
      );
    const [queued, ...others] = await jobsOf();
    expect(others).toEqual([]);
    expect(queued).toMatchObject({
      id: renderUploadJobId(photo.ref),
      name: 'render-upload',
      data: photo.job,
    });

    await t.app.get(OutboxRelay).relayOnce();
    const [row] = await t.dataSource.query(
      `SELECT job_id, dispatched_at FROM outbox_message WHERE payload->>'ref' = $1`,
      [photo.ref],
    );
    expect(row.job_id).toBe(renderUploadJobId(photo.ref));
    expect(row.dispatched_at).not.toBeNull();
    expect((await jobsOf()).map((job) => job.id)).toEqual([queued.id]);
    await render(photo.job);
    expect(await storedOriginals(t.storageDir)).toEqual([]);
  });

  it('answers as usual when the queue is down: the outbox relays the render later', async () => {
    const add = jest
      .spyOn(t.app.get(JobQueue), 'add')
      .mockRejectedValue(new Error('Redis is down'));
    try {
      const photo = await upload(await jpeg(400, 300));
      expect(photo).toMatchObject({ status: 'pending', width: 400, height: 300 });
      expect(add).toHaveBeenCalledTimes(1);
      expect(photo.job).toEqual({ ref: photo.ref, original: photo.ref.replace(/\.webp$/, '.jpg') });
      await render(photo.job);
      expect(await uploadRow(photo.ref)).toMatchObject({ status: 'ready', original_ref: null });
    } finally {
      add.mockRestore();
    }
  });

  it('renders the same files again when a job is retried, or runs twice at once', async () => {
    const photo = await upload(await jpeg(1400, 900));
    await Promise.all([render(photo.job), render(photo.job)]);
    const first = await uploadRow(photo.ref);
    expect(first.status).toBe('ready');
    expect(first.variants.map((variant: { width: number }) => variant.width)).toEqual([
      320, 640, 1280, 1400,
    ]);
    const files = first.variants.map((variant: { ref: string }) => variant.ref);
    const before = await Promise.all(files.map((ref: string) => readFile(fileOf(ref))));

    // The job again, once the original is gone: nothing to do, nothing removed.
    await render(photo.job);
    expect(await uploadRow(photo.ref)).toEqual(first);
    const after = await Promise.all(files.map((ref: string) => readFile(fileOf(ref))));
    expect(after).toEqual(before);
    expect(await storedOriginals(t.storageDir)).toEqual([]);
  });

  it('retries a failing render, then marks the upload failed and removes its files', async () => {
    const photo = await upload(await jpeg(900, 600));
    const storage = t.app.get(StorageService);
    const realPut = storage.put.bind(storage);
    let puts = 0;
    const put = jest.spyOn(storage, 'put').mockImplementation(async (ref, body) => {
      puts += 1;
      if (puts % 3 === 0) throw new Error('disk full');
      await realPut(ref, body);
    });
    try {
      // Not the last attempt: the error goes back to the queue, the upload stays pending.
      await expect(render(photo.job, 0)).rejects.toThrow('disk full');
      expect(await uploadRow(photo.ref)).toMatchObject({ status: 'pending' });
      expect(await storedOriginals(t.storageDir)).toEqual([photo.job.original]);
      // The last attempt gives up.
      await expect(render(photo.job, 2)).rejects.toThrow('disk full');
    } finally {
      put.mockRestore();
    }
    expect(await uploadRow(photo.ref)).toMatchObject({
      status: 'failed',
      variants: [],
      original_ref: null,
    });
    expect(await storedRefs(t.storageDir)).not.toEqual(
      expect.arrayContaining([expect.stringContaining(photo.ref.replace('.webp', ''))]),
    );
    expect(await storedOriginals(t.storageDir)).toEqual([]);
    // A failed upload cannot be attached.
    const refused = await t
      .http()
      .post('/api/iam/posts/new')
      .set(member.headers)
      .send({ text: 'x', privacy: 'public', tags: [], photos: [{ ref: photo.ref }] })
      .expect(400);
    expect(refused.body.error.code).toBe('UNKNOWN_PHOTO');
  });

  it('marks a photo damaged deep inside failed: the post says so, never a 5xx', async () => {
    // Its header and end are intact, so the upload takes it; only decoding it shows the damage.
    const photo = await upload(await damagedPng(400, 300));
    expect(photo).toMatchObject({ status: 'pending', width: 400, height: 300, blurhash: null });
    const item = await createPost(t, member, { text: 'Still here', photos: [{ ref: photo.ref }] });
    await expect(render(photo.job, 0)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await uploadRow(photo.ref)).toMatchObject({ status: 'failed', original_ref: null });
    expect(await storedOriginals(t.storageDir)).toEqual([]);

    const read = await t.http().get(`/api/iam/posts/${item.random_id}`).expect(200);
    expect(read.body.data.text).toBe('Still here');
    expect(read.body.data.photos).toEqual([
      expect.objectContaining({
        image_ref: photo.ref,
        variants: [],
        blurhash: null,
        failed: true,
        width: 400,
        height: 300,
      }),
    ]);
    const guest = await t.http().get(`/api/post/${item.random_id}`).expect(200);
    expect(JSON.stringify(guest.body)).toContain('"failed":true');
  });

  it('gives up at once when the original is gone, without retrying', async () => {
    const photo = await upload(await jpeg(300, 200));
    await t.app.get(StorageService).removePrivate([photo.job.original]);
    await expect(render(photo.job, 0)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await uploadRow(photo.ref)).toMatchObject({ status: 'failed' });
  });

  it('leaves no file behind when the post goes before its photo is rendered', async () => {
    const photo = await upload(await jpeg(700, 500));
    const item = await createPost(t, member, { photos: [{ ref: photo.ref }] });
    await t
      .http()
      .delete('/api/iam/posts')
      .set(member.headers)
      .send({ postId: item.random_id, userId: member.id })
      .expect(200);
    await render(photo.job);
    expect(await uploadRow(photo.ref)).toBeUndefined();
    expect(
      (await storedRefs(t.storageDir)).filter((ref) => ref.startsWith(photo.ref.slice(0, -5))),
    ).toEqual([]);
    expect(await storedOriginals(t.storageDir)).toEqual([]);
  });

  it('purges an unattached upload never rendered, original included', async () => {
    const photo = await upload(await jpeg(640, 480));
    await t.dataSource.query(
      "UPDATE uploaded_image SET created_at = now() - interval '25 hours' WHERE ref = $1",
      [photo.ref],
    );
    await t.app.get(PurgeUnattachedUploadsJob).handle();
    expect(await uploadRow(photo.ref)).toBeUndefined();
    const [cleanup] = await t.dataSource.query(
      `SELECT payload FROM outbox_message
        WHERE job_name = 'delete-stored-files' AND payload->'privateRefs' ? $1`,
      [photo.job.original],
    );
    await t.app.get(DeleteStoredFilesJob).handle(cleanup.payload);
    expect(await storedOriginals(t.storageDir)).toEqual([]);
    // The render job, arriving late, finds nothing to do.
    await render(photo.job);
    expect(await storedRefs(t.storageDir)).not.toContain(photo.ref);
  });
});
