import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PurgeUnattachedUploadsJob } from '../../src/modules/content/jobs/purge-unattached-uploads.job';
import { ImagePipeline } from '../../src/platform/images/image-pipeline.service';
import { newEventBody } from '../support/events';
import { createMember, type TestMember } from '../support/members';
import { jpeg } from '../support/test-images';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * Avatars, pages' avatars and events' images get upload records as post photos do
 * (platform/images/image-tracking.ts): one stored but never saved on its row is swept with its
 * files a day later; one a row shows is never swept; one replaced or removed leaves no record.
 */
describe('content: upload records of avatars, page avatars and event images', () => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline', RATE_LIMITS: 'off' } });
    member = await createMember(t, 'trusted');
  });
  afterAll(() => t.close());

  interface Row {
    ref: string;
    user_id: string;
    folder: string;
    status: string;
    attached_at: Date | null;
    variants: Array<{ ref: string }>;
  }

  async function record(ref: string): Promise<Row | undefined> {
    const [row] = await t.dataSource.query(
      'SELECT ref, user_id, folder, status, attached_at, variants FROM uploaded_image WHERE ref = $1',
      [ref],
    );
    return row as Row | undefined;
  }

  const stored = (ref: string) => existsSync(join(t.storageDir, 'images', ref));

  /** Makes every record of these refs look a day and an hour old, then runs the sweep. */
  async function sweepAfterADay(refs: string[]): Promise<void> {
    await t.dataSource.query(
      "UPDATE uploaded_image SET created_at = now() - interval '25 hours' WHERE ref = ANY($1)",
      [refs],
    );
    await t.app.get(PurgeUnattachedUploadsJob).handle();
  }

  function upload(path: string, who: TestMember, bytes: Buffer) {
    return t
      .http()
      .post(path)
      .set('client-platform', 'browser')
      .set(who.headers)
      .attach('file', bytes, 'picture.jpg');
  }

  it('sweeps an image stored for a row that was never saved, files and all', async () => {
    // What a request leaves when it dies between storing the files and saving the row.
    const image = await t.app
      .get(ImagePipeline)
      .processUpload(member.id, await jpeg(600, 400), { folder: 'avatars' });
    const files = image.variants.map((variant) => variant.ref);
    expect(files).toContain(image.ref);
    expect(files.every(stored)).toBe(true);
    expect(await record(image.ref)).toMatchObject({
      user_id: member.id,
      folder: 'avatars',
      status: 'ready',
      attached_at: null,
    });
    expect((await record(image.ref))?.variants.map((variant) => variant.ref).sort()).toEqual(
      [...files].sort(),
    );

    await sweepAfterADay([image.ref]);
    expect(await record(image.ref)).toBeUndefined();
    await eventually(async () => expect(files.filter(stored)).toEqual([]));

    // Too late to save it now: the files are gone, so the row is not changed.
    await expect(
      t.dataSource.transaction((manager) =>
        t.app.get(ImagePipeline).attachUpload(manager, image.ref, member.id),
      ),
    ).rejects.toMatchObject({ code: 'UPLOAD_EXPIRED', status: 409 });
  });

  it("keeps a member's avatar; replacing or removing it leaves no record behind", async () => {
    const owner = await createMember(t, 'registered');
    const first = (await upload('/api/iam/users/avatar', owner, await jpeg(600, 400)).expect(201))
      .body.data.avatar as string;
    expect(await record(first)).toMatchObject({ user_id: owner.id, folder: 'avatars' });
    expect((await record(first))?.attached_at).toBeInstanceOf(Date);

    const second = (await upload('/api/iam/users/avatar', owner, await jpeg(500, 500)).expect(201))
      .body.data.avatar as string;
    expect(await record(first)).toBeUndefined();
    expect((await record(second))?.attached_at).toBeInstanceOf(Date);

    await sweepAfterADay([second]);
    expect(await record(second)).toBeDefined();
    expect(stored(second)).toBe(true);

    await t
      .http()
      .delete('/api/iam/users/avatar')
      .set('client-platform', 'browser')
      .set(owner.headers)
      .expect(200);
    expect(await record(second)).toBeUndefined();
    await eventually(async () => expect(stored(second)).toBe(false));
  });

  it("keeps a page's avatar while the page shows it, and forgets it with the page", async () => {
    const created = await t
      .http()
      .post('/api/iam/pages/new')
      .set(member.headers)
      .send({
        handle: `pg_tracked_${Date.now().toString(36)}`,
        name: 'Tracked Ferns',
        about: 'Ferns.',
        suburb_city: 'Fitzroy',
        state: 'Victoria',
        country: 'Australia',
        latitude: -37.79871,
        longitude: 144.97834,
      })
      .expect(201);
    const pageId = created.body.data.id as string;
    const path = `/api/iam/pages/avatar/${pageId}`;
    const first = (await upload(path, member, await jpeg(300, 300)).expect(201)).body.data
      .avatarUrl as string;
    expect(await record(first)).toMatchObject({ user_id: member.id, folder: 'avatars' });
    expect((await record(first))?.attached_at).toBeInstanceOf(Date);

    const second = (await upload(path, member, await jpeg(320, 320)).expect(201)).body.data
      .avatarUrl as string;
    expect(await record(first)).toBeUndefined();
    await sweepAfterADay([second]);
    expect(stored(second)).toBe(true);

    await t
      .http()
      .delete('/api/iam/pages/page')
      .set('client-platform', 'browser')
      .set(member.headers)
      .send({ pageId })
      .expect(200);
    expect(await record(second)).toBeUndefined();
  });

  it("keeps an event's image while the event shows it, and forgets it when removed", async () => {
    const created = await t
      .http()
      .post('/api/iam/events/new')
      .set('client-platform', 'browser')
      .set(member.headers)
      .send(newEventBody({ title: 'Tracked fern swap' }))
      .expect(201);
    const eventId = created.body.data.id as string;
    const path = `/api/iam/events/image/${eventId}`;
    const first = (await upload(path, member, await jpeg(400, 300)).expect(201)).body.data
      .templates[0].image.ref as string;
    expect(await record(first)).toMatchObject({ user_id: member.id, folder: 'events' });

    const second = (await upload(path, member, await jpeg(480, 360)).expect(201)).body.data
      .templates[0].image.ref as string;
    expect(await record(first)).toBeUndefined();
    expect((await record(second))?.attached_at).toBeInstanceOf(Date);
    await sweepAfterADay([second]);
    expect(stored(second)).toBe(true);

    await t.http().delete(path).set('client-platform', 'browser').set(member.headers).expect(200);
    expect(await record(second)).toBeUndefined();
    expect(stored(second)).toBe(false);
  });
});
