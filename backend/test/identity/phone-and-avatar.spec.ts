import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MemorySmsSender } from '../../src/platform/sms/memory-sms.sender';
import { SmsSender } from '../../src/platform/sms/sms-sender';
import { createMember, type TestMember } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('identity: phone verification', () => {
  let t: TestApp;
  let sms: MemorySmsSender;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMS_DRIVER: 'memory' } });
    sms = t.app.get(SmsSender) as MemorySmsSender;
  });
  afterAll(() => t.close());

  function start(member: TestMember, phoneNo: string) {
    return t
      .http()
      .post('/api/iam/authn/init-phone-and-check/')
      .set(member.headers)
      .send({ phoneNo, userId: member.id });
  }
  function confirm(member: TestMember, phoneNo: string, recordId: string, code: string) {
    return t
      .http()
      .put('/api/iam/authn/confirm-phone-and-record/')
      .set(member.headers)
      .send({ phoneNo, userId: member.id, recordId, code });
  }
  function codeSentTo(phoneNo: string): string {
    const text = sms.lastTo(phoneNo)?.text ?? '';
    return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  }

  it('verifies a number with the texted code', async () => {
    const member = await createMember(t, 'registered');
    const started = await start(member, '+61412345678').expect(200);
    expect(started.body.data).toEqual({
      unverifiable: false,
      recordId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const code = codeSentTo('+61412345678');
    expect(code).toMatch(/^\d{6}$/);
    await confirm(member, '+61412345678', started.body.data.recordId, code).expect(200, {
      status: 'success',
      data: { verified: true, phone_verified: true },
    });
    const profile = await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
    expect(profile.body.data.phone_verified).toBe(true);
    // A code works once.
    await confirm(member, '+61412345678', started.body.data.recordId, code).expect(400);
    const [row] = await t.dataSource.query(
      'SELECT code_hash FROM phone_verification WHERE id = $1',
      [started.body.data.recordId],
    );
    expect(row.code_hash).not.toContain(code);
  });

  it('answers unverifiable with an empty recordId for a number that is not valid', async () => {
    const member = await createMember(t, 'registered');
    const response = await start(member, '0412 345 678').expect(200);
    expect(response.body.data).toEqual({ unverifiable: true, recordId: '' });
  });

  it('counts wrong codes and gives up after a few', async () => {
    const member = await createMember(t, 'registered');
    const { body } = await start(member, '+447700900123').expect(200);
    const right = codeSentTo('+447700900123');
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await confirm(member, '+447700900123', body.data.recordId, wrong).expect(400);
    expect(first.body.error).toMatchObject({ code: 'WRONG_CODE', details: { attemptsLeft: 4 } });
    for (let attempt = 2; attempt <= 5; attempt += 1)
      await confirm(member, '+447700900123', body.data.recordId, wrong).expect(400);
    const exhausted = await confirm(member, '+447700900123', body.data.recordId, right).expect(400);
    expect(exhausted.body.error.code).toBe('CODE_EXPIRED');
  });

  it('refuses an expired code, another number, and someone else’s record', async () => {
    const member = await createMember(t, 'registered');
    const stranger = await createMember(t, 'registered');
    const { body } = await start(member, '+14155550100').expect(200);
    const code = codeSentTo('+14155550100');
    expect(
      (await confirm(member, '+14155550199', body.data.recordId, code).expect(400)).body.error.code,
    ).toBe('PHONE_MISMATCH');
    expect(
      (await confirm(stranger, '+14155550100', body.data.recordId, code).expect(400)).body.error
        .code,
    ).toBe('CODE_EXPIRED');
    await t.dataSource.query(
      "UPDATE phone_verification SET expires_at = now() - interval '1 second' WHERE id = $1",
      [body.data.recordId],
    );
    expect(
      (await confirm(member, '+14155550100', body.data.recordId, code).expect(400)).body.error.code,
    ).toBe('CODE_EXPIRED');
  });

  it('only acts for the caller', async () => {
    const member = await createMember(t, 'registered');
    const other = await createMember(t, 'registered');
    await t
      .http()
      .post('/api/iam/authn/init-phone-and-check/')
      .set(member.headers)
      .send({ phoneNo: '+61412345678', userId: other.id })
      .expect(403);
  });
});

describe('identity: avatars', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ env: { WORKERS: 'inline' } })));
  afterAll(() => t.close());

  async function photo(): Promise<Buffer> {
    return sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Fern' } })
      .toBuffer();
  }

  function stored(ref: string): boolean {
    return existsSync(join(t.storageDir, 'images', ref));
  }

  it('stores a re-encoded avatar with variants and a blurhash, and replaces the old one', async () => {
    const member = await createMember(t, 'registered');
    const first = await t
      .http()
      .post('/api/iam/users/avatar')
      .set(member.headers)
      .attach('file', await photo(), 'me.jpg')
      .expect(201);
    const avatar: string = first.body.data.avatar;
    expect(avatar).toMatch(/^avatars\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/);
    expect(first.body.data.avatar_blurhash).toEqual(expect.any(String));
    expect(stored(avatar)).toBe(true);
    const served = await t.http().get(`/storage/v1/object/public/images/${avatar}`).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.body as Buffer).metadata();
    expect(metadata.exif).toBeUndefined();

    const second = await t
      .http()
      .post('/api/iam/users/avatar')
      .set(member.headers)
      .attach('file', await photo(), 'me2.jpg')
      .expect(201);
    expect(second.body.data.avatar).not.toBe(avatar);
    await eventually(async () => expect(stored(avatar)).toBe(false));

    const removed = await t.http().delete('/api/iam/users/avatar').set(member.headers).expect(200);
    expect(removed.body.data).toMatchObject({ avatar: null, avatar_blurhash: null });
    await eventually(async () => expect(stored(second.body.data.avatar)).toBe(false));
  });

  it('refuses what is not an image, and stores nothing', async () => {
    const member = await createMember(t, 'registered');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await t
      .http()
      .post('/api/iam/users/avatar')
      .set(member.headers)
      .attach('file', svg, { filename: 'me.png', contentType: 'image/png' });
    expect(response.status).toBe(415);
    const profile = await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
    expect(profile.body.data.avatar).toBeNull();
  });

  it('needs the csrf token in the header for uploads', async () => {
    const member = await createMember(t, 'registered');
    const response = await t
      .http()
      .post('/api/iam/users/avatar')
      .set('authorization', `Bearer ${member.accessToken}`)
      .attach('file', await photo(), 'me.jpg');
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('CSRF_FAILED');
  });
});
