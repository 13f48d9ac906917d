import { randomBytes } from 'node:crypto';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { mailTo, testSmtpUrl, uniqueAddress } from '../support/mailbox';
import { cookieFrom, createMember, pkcePair } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'a-fine-long-password';

async function linkTokenFrom(address: string, path: string): Promise<string> {
  const [mail] = await eventually(async () => {
    const messages = await mailTo(address);
    expect(messages.length).toBeGreaterThan(0);
    return messages;
  });
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_%-]+)`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

describe('identity: sign-up, verification, registration, login, reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline', SMTP_URL: testSmtpUrl() } });
  });
  afterAll(() => t.close());

  function exchange(code: string, verifier: string) {
    return t
      .http()
      .post('/api/iam/authn/refresh')
      .send({ grant_type: 'authorization_code', code, code_verifier: verifier });
  }

  async function logIn(email: string, password: string) {
    const pkce = pkcePair();
    const login = await t
      .http()
      .post('/api/iam/authn/login')
      .send({ email, password, code_challenge: pkce.challenge, code_challenge_method: 'S256' });
    return { login, pkce };
  }

  function signUp(email: string, password = PASSWORD) {
    return t.http().post('/api/iam/authn/signup').send({ email, password });
  }

  it('takes a new member from sign-up to registered; the e-mailed link signs them in', async () => {
    const email = uniqueAddress('newbie');
    const signup = await signUp(email).expect(201);
    // Sign-up hands back no login code: the answer must be the same for a taken address.
    expect(signup.body).toEqual({ status: 'success', data: { sent: true } });

    // Until the address is verified, the password logs in as "signed up".
    const { login, pkce } = await logIn(email, PASSWORD);
    expect(login.status).toBe(200);
    const session = await exchange(login.body.data.code, pkce.verifier).expect(200);
    expect(session.body.data.user).toMatchObject({
      email,
      stage: 'signed-up',
      email_verified: false,
      username: null,
    });
    expect(cookieFrom(session, 'pf_refresh')).toBeTruthy();
    const setCookie = String(session.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/iam\/authn/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const auth = {
      authorization: `Bearer ${session.body.data.access_token}`,
      'x-csrf-token': session.body.data.user.csrf_token,
    };

    // Not verified yet: registration is refused.
    await t.http().post('/api/iam/authn/register').set(auth).send({}).expect(403);

    // The link, opened with a PKCE challenge (as the browser does), verifies and signs in.
    const token = await linkTokenFrom(email, '/auth/verifyemail');
    const link = pkcePair();
    const verifiedByLink = await t
      .http()
      .post('/api/iam/authn/verifyemailtoken')
      .send({ token, code_challenge: link.challenge, code_challenge_method: 'S256' })
      .expect(200);
    expect(verifiedByLink.body.data).toEqual({
      verified: true,
      code: expect.any(String),
      expires_in: 60,
    });
    await t.http().post('/api/iam/authn/verifyemailtoken').send({ token }).expect(400);
    const linkSession = await exchange(verifiedByLink.body.data.code, link.verifier).expect(200);
    expect(linkSession.body.data.user).toMatchObject({
      email,
      stage: 'verified',
      email_verified: true,
    });
    expect(cookieFrom(linkSession, 'pf_refresh')).toBeTruthy();
    const verified = await t.http().get('/api/iam/authn/profile').set(auth).expect(200);
    expect(verified.body.data.stage).toBe('verified');

    const registered = await t
      .http()
      .post('/api/iam/authn/register')
      .set({
        authorization: `Bearer ${linkSession.body.data.access_token}`,
        'x-csrf-token': linkSession.body.data.user.csrf_token,
      })
      .send({
        username: 'Fern_Lover',
        suburb_city: 'Fitzroy North',
        state: 'Victoria',
        country: 'Australia',
        latitude: -37.78,
        longitude: 144.98,
      })
      .expect(200);
    expect(registered.body.data).toMatchObject({
      stage: 'registered',
      username: 'fern_lover',
      suburb_city: 'Fitzroy North',
      location: { latitude: -37.78, longitude: 144.98 },
    });
    const summary = await t
      .http()
      .get(`/api/user/get-user-by-uuid/${registered.body.data.uuid}`)
      .expect(200);
    expect(summary.body.data).toEqual({
      uuid: registered.body.data.uuid,
      username: 'fern_lover',
      display_name: null,
      avatar: null,
      suburb_city: 'Fitzroy North',
      state: 'Victoria',
      country: 'Australia',
    });
  });

  it('verifies without signing in when the link comes without a challenge, and a code needs its verifier', async () => {
    const member = await createMember(t, 'signed-up', { email: uniqueAddress('plain') });
    await t.http().post('/api/iam/authn/verifyemail').send({ email: member.email }).expect(200);
    const plain = await linkTokenFrom(member.email, '/auth/verifyemail');
    const answer = await t
      .http()
      .post('/api/iam/authn/verifyemailtoken')
      .send({ token: plain })
      .expect(200);
    expect(answer.body).toEqual({ status: 'success', data: { verified: true } });

    const other = await createMember(t, 'signed-up', { email: uniqueAddress('stolen') });
    await t.http().post('/api/iam/authn/verifyemail').send({ email: other.email }).expect(200);
    const token = await linkTokenFrom(other.email, '/auth/verifyemail');
    const challenged = await t
      .http()
      .post('/api/iam/authn/verifyemailtoken')
      .send({ token, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })
      .expect(200);
    const refused = await exchange(challenged.body.data.code, pkcePair().verifier).expect(400);
    expect(refused.body.error.code).toBe('INVALID_GRANT');
  });

  it('answers a taken address exactly as a new one, and tells its owner by e-mail', async () => {
    const member = await createMember(t, 'registered', { email: uniqueAddress('taken') });
    const fresh = uniqueAddress('fresh');
    const known = await signUp(member.email.toUpperCase(), 'someone-else-s-password');
    const unknown = await signUp(fresh, 'someone-else-s-password');
    expect(known.status).toBe(201);
    expect({ status: known.status, body: known.text, type: known.headers['content-type'] }).toEqual(
      { status: unknown.status, body: unknown.text, type: unknown.headers['content-type'] },
    );

    const [notice] = await eventually(async () => {
      const messages = await mailTo(member.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(notice.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(notice.text).toContain('http://localhost:3000/auth/login');
    expect(notice.text).toContain('http://localhost:3000/auth/reset');
    expect(`${notice.text}${notice.html}`).not.toMatch(/token=/);
    // Nothing about the account changed: the old password works, the attempted one does not.
    expect((await logIn(member.email, member.password)).login.status).toBe(200);
    expect((await logIn(member.email, 'someone-else-s-password')).login.status).toBe(401);
    // The new address got its verification link.
    expect(await linkTokenFrom(fresh, '/auth/verifyemail')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['an array', ['a@b.co', 'c@d.co']],
    ['an object', { to: 'a@b.co' }],
    ['a list in a string', 'a@b.co, c@d.co'],
  ])('refuses an e-mail field given %s', async (_label, email) => {
    const response = await t.http().post('/api/iam/authn/reset').send({ email }).expect(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('accepts passwords of 8 to 256 characters and compares all of them', async () => {
    const body = (password: string) => ({ email: uniqueAddress(), password });
    await t.http().post('/api/iam/authn/signup').send(body('short77')).expect(400);
    await t
      .http()
      .post('/api/iam/authn/signup')
      .send(body('x'.repeat(257)))
      .expect(400);
    // Random, so the strength check passes (255 repeated letters would be refused as guessable).
    const stem = randomBytes(192).toString('base64url').slice(0, 255);
    const long = `${stem}A`;
    const account = body(long);
    await t.http().post('/api/iam/authn/signup').send(account).expect(201);
    // Only the last character differs: a truncating hash would accept it.
    const wrong = await logIn(account.email, `${stem}B`);
    expect(wrong.login.status).toBe(401);
    const right = await logIn(account.email, long);
    expect(right.login.status).toBe(200);
  });

  describe('PKCE login', () => {
    it('issues a session only for the right verifier, once', async () => {
      const member = await createMember(t, 'registered');
      const { login, pkce } = await logIn(member.email, member.password);
      expect(login.status).toBe(200);
      const wrongVerifier = await exchange(login.body.data.code, pkcePair().verifier).expect(400);
      expect(wrongVerifier.body.error.code).toBe('INVALID_GRANT');
      expect(cookieFrom(wrongVerifier, 'pf_refresh')).toBeUndefined();
      // The code was spent by the failed attempt: the right verifier cannot use it any more.
      await exchange(login.body.data.code, pkce.verifier).expect(400);

      const again = await logIn(member.email, member.password);
      const session = await exchange(again.login.body.data.code, again.pkce.verifier).expect(200);
      expect(session.body.data).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
      await exchange(again.login.body.data.code, again.pkce.verifier).expect(400);
    });

    it('refuses an expired code', async () => {
      const member = await createMember(t, 'registered');
      const { login, pkce } = await logIn(member.email, member.password);
      const { RedisService } = await import('../../src/platform/redis/redis.service');
      const redis = t.app.get(RedisService);
      const keys = await redis.client.keys(redis.key('login-code', '*'));
      await Promise.all(keys.map((key) => redis.client.pexpire(key, 1)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await exchange(login.body.data.code, pkce.verifier).expect(400);
    });

    it('answers a wrong password and an unknown e-mail alike', async () => {
      const member = await createMember(t, 'registered');
      const wrongPassword = await logIn(member.email, 'not the password');
      const unknown = await logIn(uniqueAddress('nobody'), 'not the password');
      expect(wrongPassword.login.status).toBe(401);
      expect(unknown.login.body).toEqual(wrongPassword.login.body);
    });

    it('refuses a challenge method other than S256', async () => {
      const member = await createMember(t, 'registered');
      await t
        .http()
        .post('/api/iam/authn/login')
        .send({
          email: member.email,
          password: member.password,
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'plain',
        })
        .expect(400);
    });
  });

  describe('password reset', () => {
    it('resets through the e-mailed link, once, and ends every session', async () => {
      const member = await createMember(t, 'registered', { email: uniqueAddress('forgetful') });
      await t
        .http()
        .post('/api/iam/authn/reset')
        .send({ email: member.email })
        .expect(200, { status: 'success', data: { sent: true } });
      const token = await linkTokenFrom(member.email, '/auth/reset');
      await t.http().post('/api/iam/authn/verifyreset').send({ token }).expect(200);
      await t.http().post('/api/iam/pwreset/verify').send({ token }).expect(200);
      await t
        .http()
        .put('/api/iam/pwreset/update')
        .send({ token, password: 'brand-new-password' })
        .expect(200);
      await t
        .http()
        .put('/api/iam/pwreset/update')
        .send({ token, password: 'another-password' })
        .expect(400);
      await t.http().post('/api/iam/authn/verifyreset').send({ token }).expect(400);

      expect((await logIn(member.email, member.password)).login.status).toBe(401);
      expect((await logIn(member.email, 'brand-new-password')).login.status).toBe(200);
      const old = await t.http().get('/api/iam/authn/profile').set(member.headers).expect(401);
      expect(old.body.error.code).toBe('INVALID_TOKEN');
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const nobody = uniqueAddress('nobody');
      await t
        .http()
        .post('/api/iam/authn/reset')
        .send({ email: nobody })
        .expect(200, { status: 'success', data: { sent: true } });
      await t
        .http()
        .post('/api/iam/authn/verifyemail')
        .send({ email: nobody })
        .expect(200, { status: 'success', data: { sent: true } });
      // Both requests queue a job that finds no account: wait until they have run, then look.
      await eventually(async () => {
        const done = await t.app.get(JobQueue).queue('email').getJobs(['completed']);
        const forNobody = done.filter((job) => (job.data as { email?: string }).email === nobody);
        expect(forNobody.map((job) => job.name).sort()).toEqual([
          'password-reset-email',
          'verification-email',
        ]);
      });
      expect(await mailTo(nobody)).toEqual([]);
    });
  });

  describe('registration rules', () => {
    const location = {
      suburb_city: 'Carlton',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.8,
      longitude: 144.96,
    };

    it('refuses reserved words and taken names', async () => {
      const member = await createMember(t, 'verified');
      const reserved = await t
        .http()
        .post('/api/iam/authn/register')
        .set(member.headers)
        .send({ username: 'Events', ...location })
        .expect(400);
      expect(reserved.body.error.code).toBe('HANDLE_RESERVED');
      const other = await createMember(t, 'registered');
      const taken = await t
        .http()
        .post('/api/iam/authn/register')
        .set(member.headers)
        .send({ username: other.username!.toUpperCase(), ...location })
        .expect(409);
      expect(taken.body.error.code).toBe('HANDLE_TAKEN');
    });

    it('refuses place names with characters other than letters and spaces', async () => {
      const member = await createMember(t, 'verified');
      const response = await t
        .http()
        .post('/api/iam/authn/register')
        .set(member.headers)
        .send({ username: 'valid_name', ...location, suburb_city: 'Carlton<script>' })
        .expect(400);
      expect(response.body.error.details).toEqual([
        { field: 'suburb_city', messages: ['suburb_city may contain only letters and spaces'] },
      ]);
    });

    it('frees the old username when it changes', async () => {
      const member = await createMember(t, 'registered');
      await t
        .http()
        .put('/api/iam/authn/update')
        .set(member.headers)
        .send({ username: `${member.username}_2` })
        .expect(200);
      const other = await createMember(t, 'verified');
      await t
        .http()
        .post('/api/iam/authn/register')
        .set(other.headers)
        .send({ username: member.username, ...location })
        .expect(200);
    });
  });

  describe('password change', () => {
    it('needs the current password and can end the other sessions', async () => {
      const member = await createMember(t, 'registered');
      const otherDevice = await logIn(member.email, member.password);
      const other = await exchange(
        otherDevice.login.body.data.code,
        otherDevice.pkce.verifier,
      ).expect(200);
      const otherAuth = { authorization: `Bearer ${other.body.data.access_token}` };

      const wrong = await t
        .http()
        .put('/api/iam/authn/update')
        .set(member.headers)
        .send({ current_password: 'nope-nope', new_password: 'second-password' })
        .expect(400);
      expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
      await t
        .http()
        .put('/api/iam/authn/update')
        .set(member.headers)
        .send({
          current_password: member.password,
          new_password: 'second-password',
          end_other_sessions: true,
        })
        .expect(200);
      await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
      await t.http().get('/api/iam/authn/profile').set(otherAuth).expect(401);
      expect((await logIn(member.email, 'second-password')).login.status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('lists and ends the member’s own sessions only', async () => {
      const member = await createMember(t, 'registered');
      const stranger = await createMember(t, 'registered');
      const list = await t.http().get('/api/iam/authn/sessions').set(member.headers).expect(200);
      expect(list.body.data).toEqual([
        expect.objectContaining({ id: member.sessionId, current: true }),
      ]);
      await t
        .http()
        .delete(`/api/iam/authn/sessions/${stranger.sessionId}`)
        .set(member.headers)
        .expect(404);
      await t.http().get('/api/iam/authn/profile').set(stranger.headers).expect(200);
      await t
        .http()
        .delete(`/api/iam/authn/sessions/${member.sessionId}`)
        .set(member.headers)
        .expect(200);
      await t.http().get('/api/iam/authn/profile').set(member.headers).expect(401);
    });
  });
});
