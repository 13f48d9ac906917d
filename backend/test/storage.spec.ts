import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { S3Driver } from '../src/platform/storage/s3.driver';
import { StorageService } from '../src/platform/storage/storage.service';
import { startS3Server } from './support/s3-server';
import { eventually, startTestApp, type TestApp } from './support/test-app';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const BASE = '/storage/v1/object/public/images';

function binary(response: { body: unknown }): Buffer {
  return response.body as Buffer;
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function describeImageServing(
  name: string,
  setup: () => Promise<{ t: TestApp; teardown?: () => Promise<void> }>,
) {
  describe(`public images (${name} driver)`, () => {
    let t: TestApp;
    let teardown: (() => Promise<void>) | undefined;
    const ref = 'posts/ab/abcdef01-2345-4678-9abc-def012345678-640.png';

    beforeAll(async () => {
      ({ t, teardown } = await setup());
      await t.app.get(StorageService).put(ref, PNG);
    });
    afterAll(async () => {
      await t.close();
      await teardown?.();
    });

    it('serves a stored image with its type and long-lived caching headers', async () => {
      const response = await t
        .http()
        .get(`${BASE}/${ref}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(response.status).toBe(200);
      expect(binary(response).equals(PNG)).toBe(true);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers.etag).toBeTruthy();
    });

    it('answers a conditional request with 304', async () => {
      const first = await t.http().get(`${BASE}/${ref}`);
      await t.http().get(`${BASE}/${ref}`).set('if-none-match', first.headers.etag).expect(304);
    });

    it('answers HEAD without a body', async () => {
      const response = await t.http().head(`${BASE}/${ref}`).expect(200);
      expect(response.headers['content-length']).toBe(String(PNG.length));
    });

    it('answers 404 for an image that does not exist', async () => {
      const response = await t.http().get(`${BASE}/posts/ab/missing.png`).expect(404);
      expect(response.body.error).toEqual({ code: 'IMAGE_NOT_FOUND', message: 'Image not found' });
    });

    it('keeps private files where no public path reaches them', async () => {
      const storage = t.app.get(StorageService);
      const original = 'posts/cd/cdef0123-4567-489a-bcde-f0123456789a.png';
      await storage.putPrivate(original, PNG);
      expect((await storage.readPrivate(original))?.equals(PNG)).toBe(true);
      for (const path of [
        original,
        `_private/${original}`,
        `../private/${original}`,
        `%2E%2E/private/${original}`,
      ]) {
        const response = await t.http().get(`${BASE}/${path}`);
        expect([400, 404]).toContain(response.status);
      }
      await expect(storage.read(original)).rejects.toMatchObject({ code: 'IMAGE_NOT_FOUND' });
      await storage.removePrivate([original, 'posts/cd/not-there.png']);
      expect(await storage.readPrivate(original)).toBeNull();
    });
  });
}

describeImageServing('local', async () => ({ t: await startTestApp() }));

describeImageServing('s3', async () => {
  const s3 = await startS3Server();
  const t = await startTestApp({
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'images',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    },
  });
  return { t, teardown: s3.stop };
});

describe('public images: path traversal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // A file next to the images folder that no ref may reach.
    await writeFile(join(t.storageDir, 'secret.png'), 'not for you');
  });
  afterAll(() => t.close());

  it.each([
    '../secret.png',
    '..%2fsecret.png',
    '%2e%2e/secret.png',
    '%2e%2e%2fsecret.png',
    'a/../../secret.png',
    'a/..%2f..%2fsecret.png',
    '..%5csecret.png',
    '%2fetc%2fpasswd',
    'x.png%00.png',
    'logo.svg',
  ])('never serves %s', async (attempt) => {
    const response = await t.http().get(`${BASE}/${attempt}`);
    expect([400, 404]).toContain(response.status);
    expect(response.text).not.toContain('not for you');
    expect(response.body.status).toBe('error');
  });
});

describe('image cleanup job', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ env: { WORKERS: 'inline' } })));
  afterAll(() => t.close());

  it('removes files through the cleanup queue, tolerating ones already gone', async () => {
    const storage = t.app.get(StorageService);
    const refs = ['avatars/aa/one.webp', 'avatars/aa/two.webp'];
    for (const ref of refs) await storage.put(ref, PNG);
    await storage.scheduleRemoval([...refs, 'avatars/aa/never-existed.webp']);
    await eventually(async () => {
      for (const ref of refs) expect(existsSync(join(t.storageDir, 'images', ref))).toBe(false);
    });
  });

  it('refuses to store under an invalid ref', async () => {
    await expect(t.app.get(StorageService).put('../escape.png', PNG)).rejects.toMatchObject({
      code: 'INVALID_IMAGE_REF',
    });
  });
});

describe('S3 driver', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let driver: S3Driver;

  beforeAll(async () => {
    s3 = await startS3Server();
    driver = new S3Driver({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'images',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    driver.destroy();
    await s3.stop();
  });

  it('stores, reads and deletes objects by ref', async () => {
    await driver.put('plants/cd/leaf.png', PNG, 'image/png');
    const object = await driver.get('plants/cd/leaf.png');
    expect(object?.contentType).toBe('image/png');
    expect(object?.size).toBe(PNG.length);
    expect((await streamToBuffer(object!.body)).equals(PNG)).toBe(true);
    await driver.delete(['plants/cd/leaf.png', 'plants/cd/not-there.png']);
    expect(await driver.get('plants/cd/leaf.png')).toBeNull();
  });
});
