import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { AccessTokens } from '../../src/modules/identity/access-tokens.service';
import { cookieFrom, createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('identity: tokens', () => {
  let t: TestApp;
  let key: Uint8Array;
  beforeAll(async () => {
    t = await startTestApp();
    key = new TextEncoder().encode(t.config.jwtSecret);
  });
  afterAll(() => t.close());

  function profileWith(token: string) {
    return t.http().get('/api/iam/authn/profile').set('authorization', `Bearer ${token}`);
  }

  function claimsOf(member: TestMember) {
    return { sid: member.sessionId, sub: member.id, iss: 'plantfolk', aud: 'plantfolk-api' };
  }

  describe('access tokens', () => {
    let member: TestMember;
    beforeAll(async () => (member = await createMember(t, 'registered')));

    it('accepts a valid token', async () => {
      await profileWith(member.accessToken).expect(200);
    });

    it('refuses an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ sid: member.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(member.id)
        .setIssuer('plantfolk')
        .setAudience('plantfolk-api')
        .setIssuedAt(now - 3600)
        .setExpirationTime(now - 60)
        .sign(key);
      const response = await profileWith(expired).expect(401);
      expect(response.body.error.code).toBe('INVALID_TOKEN');
    });

    it('refuses a tampered token', async () => {
      const [header, , signature] = member.accessToken.split('.');
      const other = await createMember(t, 'admin');
      const forgedPayload = b64({
        ...claimsOf(other),
        exp: Math.floor(Date.now() / 1000) + 600,
        iat: Math.floor(Date.now() / 1000),
      });
      await profileWith(`${header}.${forgedPayload}.${signature}`).expect(401);
    });

    it('refuses another algorithm signed with the same secret', async () => {
      const hs512 = await new SignJWT({ sid: member.sessionId })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(member.id)
        .setIssuer('plantfolk')
        .setAudience('plantfolk-api')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
      await profileWith(hs512).expect(401);
    });

    it('refuses alg none', async () => {
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claimsOf(member), iat: now, exp: now + 600 })}.`;
      await profileWith(unsigned).expect(401);
    });

    it('refuses a token signed with another secret', async () => {
      const now = Math.floor(Date.now() / 1000);
      const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claimsOf(member), iat: now, exp: now + 600 })}`;
      const signature = createHmac('sha256', 'not-the-secret-not-the-secret-not-the-secret')
        .update(body)
        .digest('base64url');
      await profileWith(`${body}.${signature}`).expect(401);
    });

    it('refuses the ops-dashboard pass as an API token', async () => {
      const pass = await t.app
        .get(AccessTokens)
        .issue({ userId: member.id, sessionId: member.sessionId }, 'plantfolk-ops');
      await profileWith(pass.token).expect(401);
    });

    it('is refused once its session is logged out, even before it expires', async () => {
      const leaving = await createMember(t, 'registered');
      await t.http().post('/api/iam/authn/logout').set(leaving.headers).expect(200);
      await profileWith(leaving.accessToken).expect(401);
    });

    it('is refused once its account is deleted', async () => {
      const leaving = await createMember(t, 'registered');
      await t
        .http()
        .delete('/api/iam/authn/delete')
        .set(leaving.headers)
        .send({ uuid: leaving.id, password: leaving.password })
        .expect(200);
      await profileWith(leaving.accessToken).expect(401);
      const refresh = await t
        .http()
        .post('/api/iam/authn/refresh')
        .set('cookie', `pf_refresh=${leaving.refreshToken}`)
        .send({ grant_type: 'refresh_token' });
      expect(refresh.status).toBe(401);
    });

    it('lets a `none` route through with a bad token, as a guest', async () => {
      const response = await t
        .http()
        .get('/api/iam/authn/isauthenticated')
        .set('authorization', 'Bearer not.a.token')
        .expect(200);
      expect(response.body.data).toEqual({ authenticated: false });
    });
  });

  describe('refresh tokens', () => {
    function refreshWith(token: string) {
      return t
        .http()
        .post('/api/iam/authn/refresh')
        .set('cookie', `pf_refresh=${encodeURIComponent(token)}`)
        .send({ grant_type: 'refresh_token' });
    }

    it('rotates on every use', async () => {
      const member = await createMember(t, 'registered');
      const first = await refreshWith(member.refreshToken).expect(200);
      const next = cookieFrom(first, 'pf_refresh') as string;
      expect(next).toBeTruthy();
      expect(next).not.toBe(member.refreshToken);
      await profileWith(first.body.data.access_token).expect(200);
      await refreshWith(next).expect(200);
    });

    it('gives exactly one success to 50 parallel refreshes with one token', async () => {
      const member = await createMember(t, 'registered');
      const results = await Promise.all(
        Array.from({ length: 50 }, () => refreshWith(member.refreshToken)),
      );
      const statuses = results.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 401)).toHaveLength(49);
      // A race is not theft: the winner's new token still works.
      const winner = results.find((response) => response.status === 200)!;
      await refreshWith(cookieFrom(winner, 'pf_refresh') as string).expect(200);
    });

    it('ends the whole chain when an old token is reused', async () => {
      const member = await createMember(t, 'registered');
      const rotated = await refreshWith(member.refreshToken).expect(200);
      const current = cookieFrom(rotated, 'pf_refresh') as string;
      // The old token was spent a while ago (beyond the race window): this is a replay.
      await t.dataSource.query(
        "UPDATE refresh_token SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL AND session_id = $1",
        [member.sessionId],
      );
      const replay = await refreshWith(member.refreshToken).expect(401);
      expect(replay.body.error.code).toBe('INVALID_REFRESH');
      await refreshWith(current).expect(401);
      await profileWith(rotated.body.data.access_token).expect(401);
      const [session] = await t.dataSource.query(
        'SELECT revoked_reason FROM auth_session WHERE id = $1',
        [member.sessionId],
      );
      expect(session.revoked_reason).toBe('refresh token reused');
    });

    it('is ended by a logout that carries only the refresh cookie (access token expired)', async () => {
      const member = await createMember(t, 'registered');
      await t
        .http()
        .post('/api/iam/authn/logout')
        .set('cookie', `pf_refresh=${encodeURIComponent(member.refreshToken)}`)
        .expect(200);
      await refreshWith(member.refreshToken).expect(401);
      await profileWith(member.accessToken).expect(401);
    });

    it('lets a suspended member log out', async () => {
      const member = await createMember(t, 'suspended');
      await t.http().post('/api/iam/authn/logout').set(member.headers).expect(200);
      await refreshWith(member.refreshToken).expect(401);
    });

    it('is refused after logout', async () => {
      const member = await createMember(t, 'registered');
      await t.http().post('/api/iam/authn/logout').set(member.headers).expect(200);
      await refreshWith(member.refreshToken).expect(401);
    });

    it('is refused when the session is past its 400 days', async () => {
      const member = await createMember(t, 'registered');
      await t.dataSource.query(
        "UPDATE auth_session SET expires_at = now() - interval '1 second' WHERE id = $1",
        [member.sessionId],
      );
      await refreshWith(member.refreshToken).expect(401);
      await profileWith(member.accessToken).expect(401);
    });

    it('starts sessions that last 400 days', async () => {
      const member = await createMember(t, 'registered');
      const [session] = await t.dataSource.query(
        'SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM auth_session WHERE id = $1',
        [member.sessionId],
      );
      expect(session.seconds).toBe(400 * 24 * 3600);
    });

    it('is refused without a cookie, and an unknown token clears the cookie', async () => {
      await t
        .http()
        .post('/api/iam/authn/refresh')
        .send({ grant_type: 'refresh_token' })
        .expect(401);
      const unknown = await refreshWith('this-token-was-never-issued-by-plantfolk').expect(401);
      expect(String(unknown.headers['set-cookie'])).toMatch(/pf_refresh=;/);
    });

    it('sets a script-readable session hint beside the cookie, and clears it with the cookie', async () => {
      const cookieNamed = (response: { headers: Record<string, unknown> }, name: string) =>
        ([] as string[])
          .concat((response.headers['set-cookie'] as string[] | undefined) ?? [])
          .find((cookie) => cookie.startsWith(`${name}=`));
      const member = await createMember(t, 'registered');

      // The hint holds no secret and goes to every page, so the page knows a session may exist.
      const renewed = await refreshWith(member.refreshToken).expect(200);
      const hint = cookieNamed(renewed, 'pf_session');
      expect(hint).toMatch(/^pf_session=1;/);
      expect(hint).toMatch(/Path=\/;/);
      expect(hint).toMatch(/SameSite=Lax/i);
      expect(hint).toMatch(/Max-Age=34560000/);
      expect(hint).not.toMatch(/HttpOnly/i);
      expect(cookieNamed(renewed, 'pf_refresh')).toMatch(/HttpOnly/i);

      // A refused renewal and a logout take it away with the refresh cookie.
      const refused = await refreshWith('this-token-was-never-issued-by-plantfolk').expect(401);
      expect(cookieNamed(refused, 'pf_session')).toMatch(/^pf_session=;/);
      const next = cookieFrom(renewed, 'pf_refresh') as string;
      const loggedOut = await t
        .http()
        .post('/api/iam/authn/logout')
        .set('cookie', `pf_refresh=${encodeURIComponent(next)}`)
        .expect(200);
      expect(cookieNamed(loggedOut, 'pf_session')).toMatch(/^pf_session=;.*Path=\//);
    });
  });
});
