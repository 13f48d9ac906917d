import { REGISTRATION_INVITE_CHECK } from '../../src/platform/site-settings/registration-gate';
import type { RegistrationInviteGate } from '../../src/platform/site-settings/registration-gate';
import { Sql } from '../../src/platform/database/sql';
import { SiteSettingsService } from '../../src/platform/site-settings/site-settings.service';
import { createMember, type CallerKind, type TestMember } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import { adminAppPerSuite } from '../support/suite-app';

const GET_SITE = '/api/iam/site-settings/get-site';
const UPDATE = '/api/iam/admin/update/site-setting';
const PUBLIC = '/api/settings/get-all';

interface Setting {
  name: string;
  value: unknown;
  dataType: string;
  isPublic?: boolean;
  group?: string;
}

describe('admin: site settings', () => {
  let t: TestApp;
  let admin: TestMember;
  adminAppPerSuite((suite) => ({ t, admin } = suite));

  const update = (body: Record<string, unknown>, caller: TestMember = admin) =>
    t.http().put(UPDATE).set(caller.headers).send(body);
  const stored = async (name: string) =>
    (await t.dataSource.query('SELECT value FROM site_setting WHERE name = $1', [name])) as Array<{
      value: unknown;
    }>;

  it('answers 403 to every admin call of a member who is not an admin, and 401 to a guest', async () => {
    const kinds: Array<Exclude<CallerKind, 'guest' | 'admin'>> = [
      'signed-up',
      'verified',
      'registered',
      'trusted',
      'ops',
      'suspended',
    ];
    for (const kind of kinds) {
      const caller = await createMember(t, kind);
      await t.http().get(GET_SITE).set(caller.headers).expect(403);
      await update({ name: 'site_name', value: 'Taken over', dataType: 'string' }, caller).expect(
        403,
      );
    }
    await t.http().get(GET_SITE).expect(401);
    await t
      .http()
      .put(UPDATE)
      .send({ name: 'site_name', value: 'x', dataType: 'string' })
      .expect(401);
    expect(await stored('site_name')).toEqual([]);
  });

  it('gives admins every setting with its default, type and group', async () => {
    const response = await t.http().get(GET_SITE).set(admin.headers).expect(200);
    const settings = response.body.data as Setting[];
    const byName = new Map(settings.map((setting) => [setting.name, setting]));
    expect(byName.get('registration_mode')).toMatchObject({
      value: 'open',
      dataType: 'string',
      group: 'registration',
    });
    expect(byName.get('default_map_point')).toMatchObject({
      value: {
        lat: t.config.defaultMapPoint.latitude,
        lng: t.config.defaultMapPoint.longitude,
        zoom: expect.any(Number),
      },
      dataType: 'json',
      group: 'map',
    });
    expect(byName.get('video_embeds_enabled')).toMatchObject({
      dataType: 'boolean',
      group: 'video',
    });
    expect(byName.get('video_allowed_hosts')?.value).toEqual(expect.arrayContaining(['youtu.be']));
  });

  it('gives guests the public settings only, in the spec’s {status, data} envelope', async () => {
    const response = await t.http().get(PUBLIC).expect(200);
    expect(response.body.status).toBe('success');
    const settings = response.body.data as Setting[];
    expect(settings.map((setting) => setting.name)).toEqual(
      expect.arrayContaining(['site_name', 'registration_mode', 'default_map_point']),
    );
    for (const setting of settings)
      expect(Object.keys(setting).sort()).toEqual(['dataType', 'name', 'value']);
    const admins = (await t.http().get(GET_SITE).set(admin.headers).expect(200)).body
      .data as Setting[];
    const privateNames = admins
      .filter((setting) => !setting.isPublic)
      .map((setting) => setting.name);
    for (const name of privateNames)
      expect(settings.map((setting) => setting.name)).not.toContain(name);
  });

  it('changes a setting, answers the new value to admins and guests, and records it', async () => {
    const response = await update({
      name: 'site_name',
      value: 'Fern Club',
      dataType: 'string',
    }).expect(200);
    expect(response.body.data).toMatchObject({
      name: 'site_name',
      value: 'Fern Club',
      updatedBy: admin.id,
    });
    const guests = (await t.http().get(PUBLIC).expect(200)).body.data as Setting[];
    expect(guests.find((setting) => setting.name === 'site_name')?.value).toBe('Fern Club');
    const [entry] = (await t.dataSource.query(
      `SELECT actor_id, action, target_type, target_id, before, after FROM audit_log
        WHERE action = 'site-setting.update' AND target_id = 'site_name'
        ORDER BY created_at DESC LIMIT 1`,
    )) as Array<Record<string, unknown>>;
    expect(entry).toEqual({
      actor_id: admin.id,
      action: 'site-setting.update',
      target_type: 'site-setting',
      target_id: 'site_name',
      before: { value: 'Plantfolk' },
      after: { value: 'Fern Club' },
    });
  });

  it.each([
    ['a number for a string setting', { name: 'site_name', value: 42, dataType: 'string' }],
    ['the wrong dataType', { name: 'site_name', value: 'X', dataType: 'number' }],
    ['an unknown dataType', { name: 'site_name', value: 'X', dataType: 'text' }],
    [
      'a mode that does not exist',
      { name: 'registration_mode', value: 'closed', dataType: 'string' },
    ],
    ['text for a boolean', { name: 'video_embeds_enabled', value: 'true', dataType: 'boolean' }],
    ['a number out of range', { name: 'video_max_per_post', value: 99, dataType: 'number' }],
    [
      'a fraction for a whole number',
      { name: 'video_max_per_post', value: 1.5, dataType: 'number' },
    ],
    [
      'a map point without zoom',
      { name: 'default_map_point', value: { lat: 1, lng: 2 }, dataType: 'json' },
    ],
    [
      'a map point off the globe',
      { name: 'default_map_point', value: { lat: 91, lng: 2, zoom: 3 }, dataType: 'json' },
    ],
    ['a host list of numbers', { name: 'video_allowed_hosts', value: [1], dataType: 'json' }],
    [
      'a tile URL without {x}',
      { name: 'map_tiles_url', value: 'https://t.example/{z}/{y}.png', dataType: 'string' },
    ],
    [
      'a tile URL whose port no URL can have',
      {
        name: 'map_tiles_url',
        value: 'https://t.example:99999/{z}/{x}/{y}.png',
        dataType: 'string',
      },
    ],
    [
      'a tile URL on another scheme',
      { name: 'map_tiles_url', value: 'javascript://t.example/{z}/{x}/{y}', dataType: 'string' },
    ],
    [
      'a tile URL with credentials',
      { name: 'map_tiles_url', value: 'https://u:p@t.example/{z}/{x}/{y}.png', dataType: 'string' },
    ],
    ['a setting that does not exist', { name: 'no_such_setting', value: 'x', dataType: 'string' }],
    ['a null value', { name: 'site_name', value: null, dataType: 'string' }],
    ['no value', { name: 'site_name', dataType: 'string' }],
    ['a huge name', { name: 'n'.repeat(10_000), value: 'x', dataType: 'string' }],
    ['a huge site name', { name: 'site_name', value: 'n'.repeat(100_000), dataType: 'string' }],
  ])('refuses %s with a 400 and changes nothing', async (_case, body) => {
    const before = await t.dataSource.query('SELECT * FROM site_setting ORDER BY name');
    const audited = await t.dataSource.query('SELECT count(*)::int AS n FROM audit_log');
    const response = await update(body).expect(400);
    expect(response.body.status).toBe('error');
    expect(typeof response.body.error.message).toBe('string');
    expect(await t.dataSource.query('SELECT * FROM site_setting ORDER BY name')).toEqual(before);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM audit_log')).toEqual(audited);
  });

  it('names the expected type when the type is wrong', async () => {
    const response = await update({
      name: 'video_embeds_enabled',
      value: 'yes',
      dataType: 'string',
    }).expect(400);
    expect(response.body.error).toMatchObject({
      code: 'SITE_SETTING_WRONG_DATA_TYPE',
      message: 'The setting "video_embeds_enabled" is of type boolean, not string',
    });
  });

  it('takes typed values of every kind', async () => {
    await update({ name: 'video_embeds_enabled', value: false, dataType: 'boolean' }).expect(200);
    await update({ name: 'video_max_per_post', value: 3, dataType: 'number' }).expect(200);
    await update({
      name: 'default_map_point',
      value: { lat: -33.8688, lng: 151.2093, zoom: 9 },
      dataType: 'json',
    }).expect(200);
    await update({
      name: 'map_tiles_url',
      value: '/tiles/{z}/{x}/{y}.png',
      dataType: 'string',
    }).expect(200);
    const settings = t.app.get(SiteSettingsService);
    expect(await settings.get('video_embeds_enabled')).toBe(false);
    expect(await settings.get('video_max_per_post')).toBe(3);
    expect(await settings.get('default_map_point')).toEqual({
      lat: -33.8688,
      lng: 151.2093,
      zoom: 9,
    });
    expect(await settings.get('map_tiles_url')).toBe('/tiles/{z}/{x}/{y}.png');
  });

  it('names the map tiles’ other origin for the pages’ policy, as the setting changes', async () => {
    const tilesOrigin = async () =>
      (await t.http().get(PUBLIC).expect(200)).headers['x-map-tiles-origin'] as string | undefined;
    try {
      await update({
        name: 'map_tiles_url',
        value: 'https://Tiles.Example.net:8443/osm/{z}/{x}/{y}.png',
        dataType: 'string',
      }).expect(200);
      expect(await tilesOrigin()).toBe('https://tiles.example.net:8443');
      await update({ name: 'map_tiles_url', value: '/t/{z}/{x}/{y}.png', dataType: 'string' });
      expect(await tilesOrigin()).toBeUndefined();
      await update({ name: 'map_tiles_url', value: '', dataType: 'string' }).expect(200);
      expect(await tilesOrigin()).toBeUndefined();
    } finally {
      await update({ name: 'map_tiles_url', value: '', dataType: 'string' });
    }
  });

  it('shows a change to a second API instance without a restart (Redis pub/sub)', async () => {
    const second = await startTestApp({
      databaseUrl: t.databaseUrl,
      env: { REDIS_PREFIX: t.config.redisPrefix },
    });
    try {
      // The second instance reads (and caches) the current value first.
      const read = async () =>
        ((await second.http().get(PUBLIC).expect(200)).body.data as Setting[]).find(
          (setting) => setting.name === 'site_description',
        )?.value;
      const original = await read();
      expect(typeof original).toBe('string');
      await update({
        name: 'site_description',
        value: 'Swapping cuttings since today',
        dataType: 'string',
      }).expect(200);
      await eventually(
        async () => expect(await read()).toBe('Swapping cuttings since today'),
        5_000,
        20,
      );
    } finally {
      await second.close();
    }
  });

  describe('on a second API instance', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await startTestApp({
        databaseUrl: t.databaseUrl,
        env: { REDIS_PREFIX: t.config.redisPrefix },
      });
      await second.app.get(SiteSettingsService).settled();
    });
    afterAll(() => second.close());
    afterEach(() => jest.restoreAllMocks());

    const publicValue = async (name: string) =>
      ((await second.http().get(PUBLIC).expect(200)).body.data as Setting[]).find(
        (setting) => setting.name === name,
      )?.value;

    /**
     * Watches the second instance's reads of the settings table (they all go through its Sql):
     * `reads()` counts them; the first is held until `release` is called, or fails with `fail`.
     * `started` resolves when that first read was asked for (nothing reached the database).
     */
    function watchSettingsReads(options: { fail?: boolean } = {}) {
      const sql = second.app.get(Sql);
      const original = sql.query.bind(sql);
      let count = 0;
      let release!: () => void;
      let markStarted!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      jest.spyOn(sql, 'query').mockImplementation(async (text, values) => {
        if (/\bFROM site_setting\b/.test(text)) {
          count += 1;
          if (count === 1) {
            markStarted();
            if (options.fail) throw new Error('database unreachable');
            await released;
          }
        }
        return original(text, values);
      });
      return { started, release, reads: () => count };
    }

    it('refreshes on a change notice in the background: requests meanwhile get the copy they had, without a read', async () => {
      const settings = second.app.get(SiteSettingsService);
      const before = await publicValue('site_description');
      expect(typeof before).toBe('string');

      const watch = watchSettingsReads();
      await update({
        name: 'site_description',
        value: 'Refreshed behind the scenes',
        dataType: 'string',
      }).expect(200);
      // The notice started the second instance's reload, which is held: requests answer from the
      // copy at once, with the value it had, and read nothing.
      await watch.started;
      expect(await publicValue('site_description')).toBe(before);
      expect(await settings.get('site_description')).toBe(before);
      expect(watch.reads()).toBe(1);

      // Let the reload through: the copy changes with no request asking for it.
      watch.release();
      await settings.settled();
      expect(await settings.get('site_description')).toBe('Refreshed behind the scenes');
      expect(await publicValue('site_description')).toBe('Refreshed behind the scenes');
      expect(watch.reads()).toBe(1);
    });

    it('keeps the values it had when a background reload fails', async () => {
      const settings = second.app.get(SiteSettingsService);
      const before = await settings.get('site_name');
      const watch = watchSettingsReads({ fail: true });
      await update({ name: 'site_name', value: 'Moss Society', dataType: 'string' }).expect(200);
      await watch.started;
      await settings.settled();
      expect(watch.reads()).toBe(1);
      expect(await settings.get('site_name')).toBe(before);
      expect(await publicValue('site_name')).toBe(before);
    });
  });

  describe('registration mode', () => {
    const signUp = (body: Record<string, unknown>) =>
      t
        .http()
        .post('/api/iam/authn/signup')
        .send({ password: 'a long enough passphrase 77', ...body });
    const accountExists = async (email: string) =>
      (
        (await t.dataSource.query('SELECT 1 FROM user_account WHERE email = $1', [
          email,
        ])) as unknown[]
      ).length === 1;

    afterEach(async () => {
      await update({ name: 'registration_mode', value: 'open', dataType: 'string' }).expect(200);
    });

    it('lets anyone sign up while it is open', async () => {
      await signUp({ email: 'open-door@plantfolk.test' }).expect(201);
      expect(await accountExists('open-door@plantfolk.test')).toBe(true);
    });

    it('refuses sign-up without a valid invite while it is invite-only, creating nothing', async () => {
      await update({ name: 'registration_mode', value: 'invite-only', dataType: 'string' }).expect(
        200,
      );
      const without = await signUp({ email: 'no-invite@plantfolk.test' }).expect(403);
      expect(without.body.error.code).toBe('INVITE_REQUIRED');
      // The default check refuses every invite until the invites module provides one.
      const gate = t.app.get<RegistrationInviteGate>(REGISTRATION_INVITE_CHECK);
      const withUnknown = await signUp({
        email: 'no-invite@plantfolk.test',
        inviteId: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
      }).expect(403);
      expect(withUnknown.body.error.code).toBe('INVITE_REQUIRED');
      expect(await accountExists('no-invite@plantfolk.test')).toBe(false);

      // An invite the check accepts lets one person in, inside the sign-up's transaction.
      const used: string[] = [];
      gate.useCheck({
        consume: (inviteId) => {
          if (used.includes(inviteId)) return Promise.resolve(false);
          used.push(inviteId);
          return Promise.resolve(true);
        },
      });
      try {
        const inviteId = '2c5e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';
        await signUp({ email: 'invited@plantfolk.test', inviteId }).expect(201);
        expect(await accountExists('invited@plantfolk.test')).toBe(true);
        await signUp({ email: 'second@plantfolk.test', inviteId }).expect(403);
        expect(await accountExists('second@plantfolk.test')).toBe(false);
      } finally {
        gate.useCheck({ consume: () => Promise.resolve(false) });
      }
    });

    it('refuses an inviteId that is not a uuid with a 400', async () => {
      await signUp({ email: 'odd@plantfolk.test', inviteId: 'x'.repeat(5000) }).expect(400);
      await signUp({ email: 'odd@plantfolk.test', inviteId: 12 }).expect(400);
    });
  });
});
