import { IDENTITY_RATE_LIMITS } from '../../src/modules/identity/identity.rate-limits';
import { uniqueAddress } from '../support/mailbox';
import { createMember, pkcePair } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

function limitOf(name: keyof typeof IDENTITY_RATE_LIMITS, by: string): number {
  const rule = IDENTITY_RATE_LIMITS[name].find((candidate) => candidate.by === by);
  if (!rule) throw new Error(`no ${by} rule for ${name}`);
  return rule.limit;
}

describe('identity: rate limits trip at limit + 1', () => {
  let t: TestApp;
  beforeEach(async () => (t = await startTestApp()));
  afterEach(() => t.close());

  function login(email: string, path = '/api/iam/authn/login') {
    return t.http().post(path).send({
      email,
      password: 'wrong password',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
  }

  it('limits logins per address, path variants included', async () => {
    const limit = limitOf('login', 'ip');
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      // Alternate the path spelling: a trailing slash must not open a fresh bucket.
      const response = await login(
        uniqueAddress(),
        attempt % 2 ? '/api/iam/authn/login' : '/api/iam/authn/login/',
      );
      expect(response.status).toBe(401);
    }
    const refused = await login(uniqueAddress()).expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits logins per e-mail address, whatever its spelling', async () => {
    const member = await createMember(t, 'registered');
    const limit = limitOf('login', 'body:email');
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      await login(attempt % 2 ? member.email : `  ${member.email.toUpperCase()} `).expect(
        (response) => {
          expect([400, 401]).toContain(response.status);
        },
      );
    }
    await login(member.email).expect(429);
  });

  it('ignores a spoofed X-Forwarded-For', async () => {
    const limit = limitOf('login', 'ip');
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      await login(uniqueAddress()).set('x-forwarded-for', `203.0.113.${attempt}`).expect(401);
    }
    await login(uniqueAddress()).set('x-forwarded-for', '198.51.100.7').expect(429);
  });

  it('limits reset e-mails per address', async () => {
    const email = uniqueAddress();
    for (let attempt = 1; attempt <= limitOf('send-reset', 'body:email'); attempt += 1) {
      await t.http().post('/api/iam/authn/reset').send({ email }).expect(200);
    }
    await t.http().post('/api/iam/authn/reset').send({ email }).expect(429);
    await t.http().post('/api/iam/authn/reset').send({ email: uniqueAddress() }).expect(200);
  });

  it('limits verification e-mails per address', async () => {
    const email = uniqueAddress();
    for (let attempt = 1; attempt <= limitOf('send-verification', 'body:email'); attempt += 1) {
      await t.http().post('/api/iam/authn/verifyemail').send({ email }).expect(200);
    }
    await t.http().post('/api/iam/authn/verifyemail').send({ email }).expect(429);
  });

  it('limits sign-ups per address', async () => {
    for (let attempt = 1; attempt <= limitOf('signup', 'ip'); attempt += 1) {
      await t
        .http()
        .post('/api/iam/authn/signup')
        .send({ email: uniqueAddress(), password: 'long enough password' })
        .expect(201);
    }
    await t
      .http()
      .post('/api/iam/authn/signup')
      .send({ email: uniqueAddress(), password: 'long enough password' })
      .expect(429);
  });

  it('limits guesses at reset tokens', async () => {
    for (let attempt = 1; attempt <= limitOf('reset-token', 'ip'); attempt += 1) {
      await t
        .http()
        .post('/api/iam/pwreset/verify')
        .send({ token: `guess-number-${attempt}-${'x'.repeat(30)}` })
        .expect(400);
    }
    await t
      .http()
      .post('/api/iam/authn/verifyreset')
      .send({ token: `one-more-guess-${'x'.repeat(30)}` })
      .expect(429);
  });
});
