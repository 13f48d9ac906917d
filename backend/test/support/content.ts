import { randomUUID } from 'node:crypto';
import { UploadsService } from '../../src/modules/content/uploads.service';
import type { TestMember } from './members';
import type { TestApp } from './test-app';
import { jpeg } from './test-images';

/** Helpers of the content suites: uploads, posts and plant listings made through the API. */

export interface UploadedPhoto {
  ref: string;
  status: 'pending' | 'ready' | 'failed';
  variants: Array<{ width: number; height: number; ref: string }>;
  /** Null in the upload's answer; the render job records it (as the upload's row has it). */
  blurhash: string | null;
  width: number;
  height: number;
}

/**
 * Uploads small JPEGs as photos. By default they are also rendered at once, as the `images` job
 * would render them (running both is harmless), and returned as recorded then: ready, with their
 * variants. `{ rendered: false }` returns the upload's own answer (pending).
 */
export async function uploadPhotos(
  t: TestApp,
  member: TestMember,
  count = 1,
  folder?: 'posts' | 'plants',
  options: { rendered?: boolean } = {},
): Promise<UploadedPhoto[]> {
  let request = t.http().post('/api/iam/posts/photos').set(member.headers);
  if (folder) request = request.field('folder', folder);
  for (let index = 0; index < count; index += 1)
    request = request.attach('photos', await jpeg(48 + index, 32), `photo-${index}.jpg`);
  const response = await request;
  if (response.status !== 201)
    throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  const photos: UploadedPhoto[] = response.body.data;
  return options.rendered === false ? photos : renderUploads(t, photos);
}

/** Renders pending uploads now (see uploadPhotos) and returns them as recorded, in order. */
export async function renderUploads(
  t: TestApp,
  photos: ReadonlyArray<{ ref: string }>,
): Promise<UploadedPhoto[]> {
  const uploads = t.app.get(UploadsService);
  const refs = photos.map((photo) => photo.ref);
  const pending: Array<{ ref: string; original_ref: string }> = await t.dataSource.query(
    'SELECT ref, original_ref FROM uploaded_image WHERE ref = ANY($1) AND original_ref IS NOT NULL',
    [refs],
  );
  for (const { ref, original_ref } of pending)
    await uploads.render({ ref, original: original_ref });
  const rows: UploadedPhoto[] = await t.dataSource.query(
    'SELECT ref, status, variants, blurhash, width, height FROM uploaded_image WHERE ref = ANY($1)',
    [refs],
  );
  return refs.map((ref) => rows.find((row) => row.ref === ref) as UploadedPhoto);
}

export interface PostInput {
  text?: string;
  privacy?: 'public' | 'members' | 'private';
  tags?: string[];
  photos?: Array<{ ref: string; alt_text?: string }>;
}

/** A text/image post made through POST /api/iam/posts/new; returns the ContentItem. */
export async function createPost(t: TestApp, member: TestMember, input: PostInput = {}) {
  const response = await t
    .http()
    .post('/api/iam/posts/new')
    .set(member.headers)
    .send({
      text: input.text ?? `A post ${randomUUID().slice(0, 8)}`,
      privacy: input.privacy ?? 'public',
      tags: input.tags ?? [],
      photos: input.photos ?? [],
    });
  if (response.status !== 201)
    throw new Error(`post failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export interface PlantInput extends PostInput {
  /** A listing's photos may have descriptions. */
  photos?: Array<{ ref: string; alt_text?: string; description?: string }>;
  plant?: {
    name?: string;
    species?: string | null;
    available?: boolean;
    quantity?: number | null;
    swap_terms?: string | null;
  };
}

/** A plant listing made through POST /api/iam/posts/plant/new (uploads one photo if none given). */
export async function createPlant(t: TestApp, member: TestMember, input: PlantInput = {}) {
  const photos = input.photos ?? [
    { ref: (await uploadPhotos(t, member, 1, 'plants'))[0].ref, alt_text: 'A plant' },
  ];
  const response = await t
    .http()
    .post('/api/iam/posts/plant/new')
    .set(member.headers)
    .send({
      text: input.text ?? 'For swap',
      privacy: input.privacy ?? 'public',
      tags: input.tags ?? [],
      photos,
      plant: { name: 'Monstera', available: true, ...input.plant },
    });
  if (response.status !== 201)
    throw new Error(`plant failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/**
 * Many posts at once, straight into the table (no rate limits, no photos): `count` posts by the
 * member, one second apart, newest last.
 */
export async function seedPosts(
  t: TestApp,
  userId: string,
  count: number,
  options: { privacy?: string; type?: string; start?: Date } = {},
): Promise<string[]> {
  const start = options.start ?? new Date(Date.now() - count * 1000 - 60_000);
  const rows: Array<{ id: string }> = await t.dataSource.query(
    `INSERT INTO post (random_id, type, user_id, text, privacy, created_at, updated_at, bumped_at)
     SELECT substr(md5(random()::text || g::text), 1, 10), $2, $1, 'seeded ' || g, $3,
            $4::timestamptz + g * interval '1 second', $4::timestamptz + g * interval '1 second',
            $4::timestamptz + g * interval '1 second'
       FROM generate_series(1, $5) AS g
     RETURNING id`,
    [userId, options.type ?? 'text/image', options.privacy ?? 'public', start, count],
  );
  return rows.map((row) => row.id);
}
