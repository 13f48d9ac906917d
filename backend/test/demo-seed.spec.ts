import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUUID } from 'class-validator';
import { Client } from 'pg';
import {
  counterMismatches,
  DATASET_SIZES,
  datasetCounts,
  DEMO_LOGIN,
  seedDemo,
} from '../bench/dataset';
import { signIn } from './support/members';
import { startTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

/** Every file under a folder, for "nothing changed". */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** `npm start -- --demo`: the demo slice of the dataset generator, on an empty database. */
describe('the demo site seed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let storageDir: string;
  let client: Client;
  let t: TestApp;
  const progress: string[] = [];
  let counts: Record<string, number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = await mkdtemp(join(tmpdir(), 'plantfolk-demo-'));
    client = new Client({ connectionString: database.url });
    await client.connect();
    const outcome = await seedDemo(client, {
      storageDir,
      onProgress: (line) => progress.push(line),
    });
    if (!outcome.seeded) throw new Error(`not seeded: ${outcome.reason}`);
    counts = outcome.counts;
    t = await startTestApp({ databaseUrl: database.url, env: { STORAGE_DIR: storageDir } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await client?.end();
    await database?.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('fills the database with a small, consistent site, reporting its progress', async () => {
    const size = DATASET_SIZES.demo;
    expect(counts).toMatchObject({ user_account: size.members, post: size.posts });
    expect(counts.plant).toBeGreaterThan(10);
    expect(counts.comment).toBeGreaterThan(30);
    expect(counts.reaction).toBeGreaterThan(100);
    expect(counts.post_tag).toBeGreaterThan(50);
    expect(await counterMismatches(client)).toEqual([]);
    expect(progress.some((line) => line.startsWith('step content'))).toBe(true);

    const { rows: members } = await client.query<{ username: string; suburb_city: string }>(
      `SELECT username, suburb_city FROM user_account ORDER BY username`,
    );
    expect(members.map((member) => member.username)).toContain('demo');
    expect(members.every((member) => !/^(member|bench)_/.test(member.username))).toBe(true);
    expect(new Set(members.map((member) => member.suburb_city)).size).toBeGreaterThan(5);
    const { rows: texts } = await client.query<{ text: string }>(`SELECT text FROM post`);
    expect(new Set(texts.map((row) => row.text)).size).toBeGreaterThan(size.posts * 0.8);
    // Starter interest tags (migration) carry posts, and listings say whether they are available.
    const { rows: tags } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tag WHERE (is_parent OR parent_id IS NOT NULL) AND post_count > 0`,
    );
    expect(tags[0].n).toBeGreaterThan(10);
    const { rows: plants } = await client.query<{ available: boolean }>(
      `SELECT DISTINCT available FROM plant`,
    );
    expect(plants).toHaveLength(2);
  });

  it('has invites, form entries, an announcement with receipts, settings and an audit log', async () => {
    const { rows: invites } = await client.query<{
      invite_type: string;
      use_count: number;
      expired: boolean;
      accepted: number;
    }>(
      `SELECT i.invite_type, i.use_count, i.expires_at < now() AS expired,
              (SELECT count(*)::int FROM invite_acceptance a WHERE a.invite_id = i.id) AS accepted
         FROM invite i ORDER BY i.created_at`,
    );
    expect(new Set(invites.map((invite) => invite.invite_type))).toEqual(
      new Set(['site', 'page', 'event']),
    );
    expect(
      invites.filter((invite) => invite.invite_type === 'site' && invite.use_count === 1),
    ).toHaveLength(1);
    expect(invites.filter((invite) => invite.expired)).toHaveLength(1);
    expect(invites.some((invite) => invite.invite_type === 'page' && invite.accepted === 1)).toBe(
      true,
    );

    const { rows: forms } = await client.query<{ kind: string; handled: boolean }>(
      `SELECT kind, handled_at IS NOT NULL AS handled FROM form_entry`,
    );
    expect(new Set(forms.map((form) => form.kind))).toEqual(new Set(['contact', 'feedback']));
    expect(forms.some((form) => form.handled)).toBe(true);

    const { rows: receipts } = await client.query<{ receipts: number; members: number }>(
      `SELECT (SELECT count(*)::int FROM announcement_receipt) AS receipts,
              (SELECT count(*)::int FROM user_account WHERE registered_at IS NOT NULL) AS members`,
    );
    expect(receipts[0].receipts).toBe(receipts[0].members);
    expect(receipts[0].members).toBeGreaterThan(0);

    const { rows: audit } = await client.query<{ action: string; admin: boolean }>(
      `SELECT a.action, u.is_admin AS admin FROM audit_log a
         JOIN user_account u ON u.id = a.actor_id ORDER BY a.created_at`,
    );
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(audit.every((entry) => entry.admin)).toBe(true);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['site-setting.update', 'announcement.create']),
    );

    // The changed setting is what the site says about itself.
    const settings = (await t.http().get('/api/settings/get-all').expect(200)).body.data as Array<{
      name: string;
      value: unknown;
    }>;
    expect(settings.find((setting) => setting.name === 'site_description')?.value).toMatch(
      /^A demo Plantfolk/,
    );
  });

  it('renders every photo through the image pipeline: uploads ready, files served', async () => {
    const { rows: uploads } = await client.query<{ status: string; variants: unknown[] }>(
      `SELECT status, variants FROM uploaded_image`,
    );
    expect(uploads.length).toBeGreaterThan(5);
    expect(uploads.every((upload) => upload.status === 'ready' && upload.variants.length > 1)).toBe(
      true,
    );
    const { rows } = await client.query<{ image_ref: string; variants: Array<{ ref: string }> }>(
      `SELECT ph.image_ref, ph.variants FROM post_photo ph JOIN post p ON p.id = ph.post_id
        WHERE p.privacy = 'public' ORDER BY p.created_at DESC LIMIT 1`,
    );
    for (const ref of [rows[0].image_ref, rows[0].variants[0].ref]) {
      const response = await t
        .http()
        .get(`/storage/v1/object/public/images/${ref}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(response.headers['content-type']).toMatch(/^image\/(webp|jpeg)/);
      expect((response.body as Buffer).subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it("shows a guest a feed of the demo's posts", async () => {
    const response = await t.http().get('/api/content-items/recent').expect(200);
    const items: Array<{ text: string; photos: unknown[]; plant: unknown }> =
      response.body.data.contentItems;
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(items.some((item) => item.photos.length > 0)).toBe(true);
    expect(items.some((item) => item.plant)).toBe(true);
    expect(items.every((item) => !/lorem/i.test(item.text))).toBe(true);
    expect(response.body.data.counts.posts ?? response.body.data.counts).toBeTruthy();
    expect(response.body.responders.map((r: { username: string }) => r.username)).not.toContain(
      null,
    );
  });

  it('lets the printed demo login in, verified and registered', async () => {
    const session = await signIn(t, DEMO_LOGIN);
    expect(session.body.data.user).toMatchObject({
      email: DEMO_LOGIN.email,
      stage: 'registered',
      email_verified: true,
      username: 'demo',
    });
  });

  it('seeds ids the API accepts (version-4 uuids), so a member can ask for plants near them', async () => {
    // Every uuid the seed writes, whichever table: a seeded id the validator refused would make
    // the screens that send it back (plants nearby, events, pages) fail with 400.
    const { rows: columns } = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type = 'uuid'`,
    );
    const nonV4: string[] = [];
    for (const { table_name, column_name } of columns) {
      const { rows } = await client.query<{ id: string }>(
        `SELECT DISTINCT "${column_name}"::text AS id FROM "${table_name}" WHERE "${column_name}" IS NOT NULL`,
      );
      for (const { id } of rows)
        if (!isUUID(id, '4')) nonV4.push(`${table_name}.${column_name}=${id}`);
    }
    expect(nonV4).toEqual([]);

    const { rows: demo } = await client.query<{ id: string; lat: number; lng: number }>(
      `SELECT id, latitude::float8 AS lat, longitude::float8 AS lng
         FROM user_account WHERE username = 'demo'`,
    );
    const nearby = await t
      .http()
      .put('/api/plants/avail-nearby')
      .send({ uuid: demo[0].id, latitude: demo[0].lat, longitude: demo[0].lng, radius_km: 50 })
      .expect(200);
    expect(nearby.body.data.length).toBeGreaterThan(0);
  });

  it('refuses a second seed and changes nothing', async () => {
    const before = await datasetCounts(client);
    const filesBefore = await filesUnder(storageDir);
    const outcome = await seedDemo(client, { storageDir });
    expect(outcome).toEqual({ seeded: false, reason: expect.stringContaining('members') });
    expect(await datasetCounts(client)).toEqual(before);
    expect(await filesUnder(storageDir)).toEqual(filesBefore);
  });
});
