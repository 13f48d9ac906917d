import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** Whatever a path, query or body holds, page calls answer 4xx (never 5xx) and change nothing. */
describe('pages: bad input', () => {
  let t: TestApp;
  let trusted: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    trusted = await createMember(t, 'trusted');
  });
  afterAll(() => t.close());

  const huge = 'x'.repeat(20_000);
  const odd = ['%00', 'a%00b', encodeURIComponent(huge), '%F0%9F%8C%BF', '..', 'null', '-1'];

  it.each([
    ...odd.map((v) => `/api/page/all-details/${v}`),
    ...odd.map((v) => `/api/iam/pages/single-page/${v}`),
    ...odd.map((v) => `/api/iam/pages/get-all-by-user/${v}`),
    ...odd.map((v) => `/api/iam/pages/morepostsbypage/${v}/2/0`),
    ...odd.map((v) => `/api/iam/pages/morepostsbypage/00000000-0000-4000-8000-000000000000/${v}/0`),
    ...odd.map((v) => `/api/posts/more/by-page/${v}`),
    ...odd.map((v) => `/api/page/events/${v}`),
    ...odd.map((v) => `/api/page/get-all/${v}`),
    ...odd.map((v) => `/api/iam/posts/user-or-page-basic/${v}`),
    `/api/page/location/nearby-pages?lat=1&long=1&take=${huge}`,
    '/api/page/location/nearby-pages?lat=1&lat=2&long=1',
  ])('GET %s answers 4xx', async (path) => {
    const response = await t.http().get(path.slice(0, 30_000));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('refuses every page mutation without the session’s csrf_token, changing nothing', async () => {
    const created = await t
      .http()
      .post('/api/iam/pages/new')
      .set(trusted.headers)
      .send({ handle: `csrf_${Date.now().toString(36)}`, name: 'Csrf check' });
    expect(created.status).toBe(201);
    const pageId = created.body.data.id;
    const snapshot = () =>
      t.dataSource.query(
        `SELECT p.*, s.allow_messages, s.show_location, s.show_upcoming_events,
                (SELECT count(*)::int FROM page_tag WHERE page_id = p.id) AS tags,
                (SELECT count(*)::int FROM outbox_message) AS outbox
           FROM page p JOIN page_settings s ON s.page_id = p.id WHERE p.id = $1`,
        [pageId],
      );
    const before = await snapshot();
    const { 'x-csrf-token': _csrf, ...noCsrf } = trusted.headers;
    const calls: Array<['post' | 'put' | 'delete', string, object]> = [
      ['post', '/api/iam/pages/new', { handle: 'csrf_other', name: 'x' }],
      ['put', '/api/iam/pages/update', { pageId, name: 'Changed' }],
      ['put', '/api/iam/pages/update-page-settings', { pageId, show_location: false }],
      ['post', '/api/iam/pages/create-page-settings', { pageId }],
      ['delete', '/api/iam/pages/page', { pageId }],
      ['post', '/api/iam/pages/connect-tags', { pageId, tagIdArr: [1] }],
      ['post', '/api/iam/pages/disconnect-tags', { pageId, tagIdArr: [1] }],
      ['post', '/api/iam/emails/new-page', { pageId }],
      ['post', `/api/iam/pages/avatar/${pageId}`, {}],
    ];
    for (const [method, path, body] of calls) {
      for (const headers of [noCsrf, { ...trusted.headers, 'x-csrf-token': 'wrong' }]) {
        const response = await t.http()[method](path).set(headers).send(body);
        expect({ path, status: response.status }).toEqual({ path, status: 403 });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  async function pages() {
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM page');
    return n as number;
  }

  it.each([
    ['POST', '/api/iam/pages/new', { handle: 'ok_handle', name: { $gt: '' } }],
    ['POST', '/api/iam/pages/new', { handle: ['a', 'b'], name: 'x' }],
    ['POST', '/api/iam/pages/new', { handle: 'ok_handle2', name: 'x', latitude: 7e-323 }],
    ['POST', '/api/iam/pages/new', { handle: 'ok_handle3', name: 'x', suburb_city: 'a\u0000b' }],
    ['POST', '/api/iam/pages/new', 'just a string'],
    ['PUT', '/api/iam/pages/update', { pageId: null, name: 'x' }],
    ['PUT', '/api/iam/pages/update', { pageId: 42 }],
    [
      'PUT',
      '/api/iam/pages/update-page-settings',
      { pageId: '00000000-0000-4000-8000-000000000000', show_location: 1 },
    ],
    ['POST', '/api/iam/pages/create-page-settings', {}],
    ['DELETE', '/api/iam/pages/page', { pageId: 'x'.repeat(5000) }],
    [
      'POST',
      '/api/iam/pages/connect-tags',
      { pageId: '00000000-0000-4000-8000-000000000000', tagIdArr: [1.5] },
    ],
    [
      'POST',
      '/api/iam/pages/connect-tags',
      {
        pageId: '00000000-0000-4000-8000-000000000000',
        tagIdArr: Array.from({ length: 500 }, (_, i) => i + 1),
      },
    ],
    [
      'POST',
      '/api/iam/pages/disconnect-tags',
      { pageId: '00000000-0000-4000-8000-000000000000', tagIdArr: [-1] },
    ],
    ['POST', '/api/iam/emails/new-page', { pageId: [] }],
  ] as const)(
    '%s %s with a bad body answers 4xx and writes nothing',
    async (method, path, body) => {
      const before = await pages();
      const call = t
        .http()
        [method.toLowerCase() as 'post' | 'put' | 'delete'](path)
        .set(trusted.headers);
      const response =
        typeof body === 'string' ? await call.type('json').send(body) : await call.send(body);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await pages()).toBe(before);
    },
  );
});
