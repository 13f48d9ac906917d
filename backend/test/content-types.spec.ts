import { cookieFrom, createMember, pkcePair, type TestMember } from './support/members';
import {
  concreteOperationPath,
  listOperations,
  type Operation,
  plausibleParameter,
} from './support/openapi-operations';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * A browser posts `application/x-www-form-urlencoded`, `multipart/form-data` and `text/plain`
 * across sites without a CORS preflight. The API reads JSON only (and multipart on upload routes),
 * so no other site can make a victim's browser drive a route.
 */
describe('request bodies: JSON only, multipart only where a route takes files', () => {
  let t: TestApp;
  let mutations: Operation[];
  beforeAll(async () => {
    t = await startTestApp();
    mutations = listOperations(t).operations.filter((operation) => operation.method !== 'get');
  });
  afterAll(() => t.close());

  const FORM_BODIES = [
    ['application/x-www-form-urlencoded', 'grant_type=authorization_code&code=x&csrf_token=y'],
    ['text/plain', '{"grant_type":"authorization_code"}'],
    ['text/plain;charset=UTF-8', 'a=b'],
    ['application/xml', '<a/>'],
  ] as const;

  it.each(FORM_BODIES)(
    'answers %s on every mutating operation with 415, for guests and members alike',
    async (contentType, body) => {
      const failures: string[] = [];
      for (const operation of mutations) {
        const admin: TestMember = await createMember(t, 'admin');
        for (const caller of [null, admin]) {
          const path = concreteOperationPath(operation, (name) =>
            plausibleParameter(name, caller?.id ?? null),
          );
          const request = t.http()[operation.method](path).set('content-type', contentType);
          if (caller) request.set(caller.headers);
          const response = await request.send(body);
          if (response.status !== 415 || response.body?.error?.code !== 'UNSUPPORTED_MEDIA_TYPE')
            failures.push(
              `${operation.method.toUpperCase()} ${operation.path} as ${caller ? 'admin' : 'guest'}: ` +
                `${response.status} ${response.body?.error?.code ?? ''}`,
            );
        }
      }
      expect(failures).toEqual([]);
      expect(mutations.length).toBeGreaterThan(40);
    },
  );

  it('refuses a cross-site form that posts the attacker’s login code: no cookie, no session', async () => {
    const attacker = await createMember(t, 'registered');
    const pkce = pkcePair();
    const login = await t
      .http()
      .post('/api/iam/authn/login')
      .send({
        email: attacker.email,
        password: attacker.password,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      })
      .expect(200);
    const code: string = login.body.data.code;
    const sessions = () =>
      t.dataSource.query('SELECT count(*)::int AS n FROM auth_session WHERE user_id = $1', [
        attacker.id,
      ]);
    const before = await sessions();

    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce.verifier,
    }).toString();
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain']) {
      const forged = await t
        .http()
        .post('/api/iam/authn/refresh')
        .set('content-type', contentType)
        .set('origin', 'https://evil.example')
        .send(
          contentType === 'text/plain'
            ? JSON.stringify(Object.fromEntries(new URLSearchParams(form)))
            : form,
        );
      expect(forged.status).toBe(415);
      expect(forged.body).toEqual({
        status: 'error',
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not supported' },
      });
      expect(forged.headers['set-cookie']).toBeUndefined();
      expect(cookieFrom(forged, 'pf_refresh')).toBeUndefined();
    }
    expect(await sessions()).toEqual(before);

    // The refused posts did not even spend the code: the app's own JSON exchange still works.
    const exchanged = await t
      .http()
      .post('/api/iam/authn/refresh')
      .send({ grant_type: 'authorization_code', code, code_verifier: pkce.verifier })
      .expect(200);
    expect(cookieFrom(exchanged, 'pf_refresh')).toBeTruthy();
  });

  it('keeps serving requests that carry no body', async () => {
    const member = await createMember(t, 'registered');
    await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
    // POST with no body at all, and with an explicit empty one.
    await t.http().post('/api/iam/users/create-user-settings').set(member.headers).expect(200);
    await t
      .http()
      .post('/api/iam/users/create-user-settings')
      .set(member.headers)
      .set('content-length', '0')
      .expect(200);
    // DELETE without a body.
    const deleted = await t.http().delete('/api/iam/users/avatar').set(member.headers);
    expect(deleted.status).toBeLessThan(500);
    expect(deleted.status).not.toBe(415);
    await t.http().post('/api/iam/authn/logout').set(member.headers).expect(200);
  });

  it('still reads JSON with a charset parameter', async () => {
    const member = await createMember(t, 'registered');
    await t
      .http()
      .put('/api/iam/users/update-user-settings')
      .set(member.headers)
      .set('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ distance_unit: 'mi' }))
      .expect(200);
  });
});
