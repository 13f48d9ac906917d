import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** GET /api/iam/events/calendar/member-feed: whether the private GOING feed link is on. */
describe('the member calendar feed status', () => {
  let t: TestApp;
  let fan: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    [fan, other] = await Promise.all([
      createMember(t, 'registered'),
      createMember(t, 'registered'),
    ]);
  });
  afterAll(() => t.close());

  const call = (method: 'get' | 'post' | 'delete', who: TestMember | null) => {
    const request = t
      .http()
      [method]('/api/iam/events/calendar/member-feed')
      .set('client-platform', 'browser');
    return who ? request.set(who.headers) : request;
  };

  it('says whether a link is on and since when, through making, resetting and turning off', async () => {
    expect((await call('get', fan).expect(200)).body.data).toEqual({
      active: false,
      created_at: null,
    });
    const made = (await call('post', fan).expect(201)).body.data;
    const status = (await call('get', fan).expect(200)).body.data;
    expect(status.active).toBe(true);
    expect(Date.parse(status.created_at)).toBeGreaterThan(Date.now() - 60_000);
    // The address is never sent again: only whether it exists.
    expect(JSON.stringify(status)).not.toContain(new URL(made.url).pathname);
    expect((await call('get', other).expect(200)).body.data.active).toBe(false);

    const reset = (await call('post', fan).expect(201)).body.data;
    expect(reset.url).not.toBe(made.url);
    await t.http().get(new URL(made.url).pathname).expect(404);
    await t.http().get(new URL(reset.url).pathname).expect(200);

    await call('delete', fan).expect(200);
    expect((await call('get', fan).expect(200)).body.data.active).toBe(false);
    await call('get', null).expect(401);
  });
});
