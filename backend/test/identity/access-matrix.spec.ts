import { randomUUID } from 'node:crypto';
import type { AccessPolicy } from '../../src/platform/access/access-policy';
import {
  AccessPolicyAudit,
  type RouteWithPolicy,
} from '../../src/platform/access/access-policy.audit';
import {
  CALLER_KINDS,
  type CallerKind,
  createCallers,
  createMember,
  type TestMember,
} from '../support/members';
import { servedRoutesOf } from '../../src/platform/http/served-routes';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every route of the API with the policy it must have. A new route without a row here fails the
 * suite, and so does a row whose route changed policy.
 */
const ROUTES: Record<string, AccessPolicy> = {
  'GET /api/health': 'none',
  'GET /storage/v1/object/public/images/*': 'none',
  'POST /api/iam/authn/signup': 'none',
  'POST /api/iam/authn/login': 'none',
  'POST /api/iam/authn/refresh': 'none',
  'POST /api/iam/authn/logout': 'none',
  'GET /api/iam/authn/isauthenticated': 'none',
  'GET /api/iam/authn/profile': 'authd-only',
  'POST /api/iam/authn/register': 'logged-in-only',
  'PUT /api/iam/authn/update': 'authd-only',
  'DELETE /api/iam/authn/delete': 'authd-only',
  'POST /api/iam/authn/verifyemail': 'none',
  'POST /api/iam/authn/verifyemailtoken': 'none',
  'POST /api/iam/authn/reset': 'none',
  'POST /api/iam/authn/verifyreset': 'none',
  'POST /api/iam/authn/init-phone-and-check': 'authd-only',
  'PUT /api/iam/authn/confirm-phone-and-record': 'authd-only',
  'GET /api/iam/authn/sessions': 'authd-only',
  'DELETE /api/iam/authn/sessions/:id': 'authd-only',
  'POST /api/iam/pwreset/verify': 'none',
  'PUT /api/iam/pwreset/update': 'none',
  'GET /api/iam/users/user-settings': 'authd-only',
  'PUT /api/iam/users/update-user-settings': 'authd-only',
  'POST /api/iam/users/create-user-settings': 'authd-only',
  'GET /api/iam/users/:uuid/permission/:name': 'authd-only',
  'POST /api/iam/users/avatar': 'completed-regn',
  'DELETE /api/iam/users/avatar': 'completed-regn',
  'GET /api/iam/users/all/:x': 'admin-auth',
  'PUT /api/iam/users/:uuid': 'admin-auth',
  'DELETE /api/iam/users/:uuid': 'admin-auth',
  'GET /api/iam/refresh-tokens': 'admin-auth',
  'DELETE /api/iam/refresh-tokens': 'admin-auth',
  'DELETE /api/iam/refresh-tokens/:id': 'admin-auth',
  'POST /api/iam/admin/queue-dashboard-session': 'ops-or-admin',
  // admin: overview and tags (issue 13)
  'GET /api/iam/admin/overview': 'admin-auth',
  'GET /api/iam/tags/admin/tree': 'admin-auth',
  'POST /api/iam/tags/admin/merge': 'admin-auth',
  'GET /api/user/get-user-by-uuid/:uuid': 'guest-or-authd',
  // places by name (issue 10)
  'GET /api/location/places': 'guest-or-authd',
  'GET /api/location/reverse': 'guest-or-authd',
  // people, nearby and guest location (issue 11)
  'GET /api/location/from-ip': 'guest-or-authd',
  'GET /api/users': 'none',
  'PUT /api/users/nearby': 'authd-only',
  // content, plants (issue 4)
  'POST /api/iam/posts/photos': 'completed-regn',
  'POST /api/iam/posts/new': 'completed-regn',
  'GET /api/iam/posts/init-recent': 'authd-only',
  'GET /api/iam/posts/more-recent/:x': 'authd-only',
  'GET /api/iam/posts/bymyuser/:uuid': 'authd-only',
  'GET /api/iam/posts/tag/:tag': 'guest-or-authd',
  'GET /api/iam/posts/morepostsbyuser/:a/:b/:c': 'guest-or-authd',
  'PUT /api/iam/posts/update/textandtags': 'completed-regn',
  'PUT /api/iam/posts/privacy': 'completed-regn',
  'DELETE /api/iam/posts': 'completed-regn',
  'GET /api/iam/posts/:id': 'guest-or-authd',
  'POST /api/iam/posts/comment/new': 'completed-regn',
  'GET /api/iam/posts/comments/:postId': 'guest-or-authd',
  'DELETE /api/iam/posts/comment': 'completed-regn',
  'POST /api/iam/posts/reaction/new': 'completed-regn',
  'DELETE /api/iam/posts/reaction': 'completed-regn',
  // the social basics (issue 10)
  'PUT /api/iam/posts/comment/update': 'completed-regn',
  'GET /api/iam/posts/reactions/post/:postId': 'guest-or-authd',
  'GET /api/iam/posts/reactions/comment/:commentId': 'guest-or-authd',
  'POST /api/iam/posts/plant/new': 'completed-regn',
  'GET /api/iam/posts/plant/:id': 'guest-or-authd',
  'GET /api/iam/posts/user-or-page-basic/:handle': 'guest-or-authd',
  'GET /api/iam/posts/usercounts/byuser/:id': 'guest-or-authd',
  'GET /api/iam/posts/plants/init-recent/:x': 'guest-or-authd',
  'GET /api/iam/posts/plants/more-recent/:x/:y': 'guest-or-authd',
  'GET /api/iam/posts/plantsbyuser/:a/:b/:c': 'guest-or-authd',
  'GET /api/iam/posts/moreplantsbyuser/:a/:b/:c/:d': 'guest-or-authd',
  'PUT /api/iam/posts/plant/update/details': 'completed-regn',
  'PUT /api/iam/posts/plant/update/photo-descriptions': 'completed-regn',
  'GET /api/posts/more/by-user/:username': 'guest-or-authd',
  'GET /api/posts/tag/:tag': 'guest-or-authd',
  'GET /api/posts/:username': 'guest-or-authd',
  'GET /api/post/:id': 'guest-or-authd',
  'GET /api/content-items/recent': 'guest-or-authd',
  'GET /api/content-items/more/:cursor': 'guest-or-authd',
  'GET /api/plant/listings/user/:uuid': 'guest-or-authd',
  'GET /api/plant/:id': 'guest-or-authd',
  'GET /api/plants/get-latest/plants-users': 'guest-or-authd',
  'GET /api/plants/by-user/more/:username': 'guest-or-authd',
  'GET /api/plants/by-user/:username': 'guest-or-authd',
  'GET /api/plants/recent/more/:type': 'guest-or-authd',
  'GET /api/plants/recent/:type': 'guest-or-authd',
  'PUT /api/plants/avail-nearby': 'guest-or-authd',
  'GET /api/iam/tags/get-single/:type/:data': 'guest-or-authd',
  'GET /api/iam/tags/all/:x': 'guest-or-authd',
  'GET /api/iam/tags/get-tag-n-children/:type/:data': 'guest-or-authd',
  'GET /api/iam/tags/get-tags-n-children/:list': 'guest-or-authd',
  'GET /api/iam/tags/interest-cat-tags': 'guest-or-authd',
  'GET /api/iam/tags/user-interests/:id': 'authd-only',
  'GET /api/iam/tags/prefix/:prefix/:parentsOnly': 'guest-or-authd',
  // search (issue 13): member calls
  'GET /api/iam/search/term/:term': 'authd-only',
  'GET /api/iam/search/username-page-handle/:handle': 'authd-only',
  'DELETE /api/iam/tags/:name': 'admin-auth',
  'POST /api/iam/tags/new-interests': 'completed-regn',
  'DELETE /api/iam/tags/delete-interests': 'completed-regn',
  'PUT /api/iam/tags/check-if-last': 'completed-regn',
  'POST /api/iam/tags/new': 'completed-regn',
  'PUT /api/iam/tags/update': 'admin-auth',
  // notifications (issue 12)
  'GET /api/iam/notifications/unread-tally': 'authd-only',
  'GET /api/iam/notifications/all': 'authd-only',
  'PUT /api/iam/notifications/mark-as-seen': 'authd-only',
  'POST /api/iam/notifications/new-reaction-notif': 'completed-regn',
  'POST /api/iam/notifications/new-comment-notif': 'completed-regn',
  'POST /api/iam/notifications/new-event-notif': 'completed-regn',
  'POST /api/iam/notifications/new-immutable': 'admin-auth',
  // e-mail unsubscribe links (issue 12): the signed token is the proof
  'GET /api/iam/notifications/email-unsubscribe': 'none',
  'POST /api/iam/notifications/email-unsubscribe': 'none',
  // messaging (issue 12)
  'GET /api/iam/messages/all': 'completed-regn',
  'GET /api/iam/messages/unread-tally': 'completed-regn',
  'GET /api/iam/messages/conversation/:a/:b': 'completed-regn',
  'GET /api/iam/messages/conversation/:a/:b/:c': 'completed-regn',
  'POST /api/iam/messages/new-u-to-u-conversation': 'trusted-only',
  'POST /api/iam/messages/new-u-to-p-conversation': 'trusted-only',
  'POST /api/iam/messages/new': 'completed-regn',
  'DELETE /api/iam/messages/conversation': 'completed-regn',
  'DELETE /api/iam/messages/conversations': 'authd-only',
  'GET /api/iam/users/user-or-page-messagee-by-handle/:handle': 'completed-regn',
  'PUT /api/messages/mark-as-seen': 'completed-regn',
  // pages (issue 11)
  'POST /api/iam/pages/new': 'trusted-only',
  'PUT /api/iam/pages/update': 'completed-regn',
  'PUT /api/iam/pages/update-page-settings': 'completed-regn',
  'POST /api/iam/pages/create-page-settings': 'completed-regn',
  'POST /api/iam/pages/avatar/:pageId': 'completed-regn',
  'DELETE /api/iam/pages/page': 'completed-regn',
  'GET /api/iam/pages/single-page/:handle': 'guest-or-authd',
  'GET /api/iam/pages/get-all-by-user/:uuid': 'guest-or-authd',
  'GET /api/iam/pages/morepostsbypage/:a/:b/:c': 'guest-or-authd',
  'POST /api/iam/pages/connect-tags': 'completed-regn',
  'POST /api/iam/pages/disconnect-tags': 'completed-regn',
  'POST /api/iam/emails/new-page': 'trusted-only',
  'GET /api/page/get-all/:x': 'guest-or-authd',
  'GET /api/page/all-details/:handle': 'guest-or-authd',
  'GET /api/posts/more/by-page/:id': 'guest-or-authd',
  'GET /api/page/location/nearby-pages': 'guest-or-authd',
  'GET /api/page/events/:id': 'guest-or-authd',
  // events (issue 11)
  'POST /api/iam/events/new': 'trusted-only',
  'POST /api/iam/events/new-specifics': 'completed-regn',
  'PUT /api/iam/events/update': 'completed-regn',
  'PUT /api/iam/events/update-specific': 'completed-regn',
  'PUT /api/iam/events/future-dates/update': 'completed-regn',
  'PUT /api/iam/events/upsert-attend-specific': 'completed-regn',
  'DELETE /api/iam/events': 'completed-regn',
  'POST /api/iam/events/image/:eventId': 'completed-regn',
  'DELETE /api/iam/events/image/:eventId': 'completed-regn',
  'POST /api/iam/events/calendar/member-feed': 'completed-regn',
  'DELETE /api/iam/events/calendar/member-feed': 'completed-regn',
  'GET /api/iam/events/calendar/member-feed': 'completed-regn',
  'GET /api/iam/events/details/:id/:userId': 'guest-or-authd',
  'GET /api/iam/events/get-event-location/name-state/:name/:state': 'guest-or-authd',
  'GET /api/iam/events/get-event-location/address/:a/:b/:c': 'guest-or-authd',
  'GET /api/iam/events/get-event-locations/event/:eventId/:randomId': 'guest-or-authd',
  'GET /api/iam/events/get-event-locations/page/:id': 'guest-or-authd',
  'GET /api/iam/events/get-by-page/:a/:b': 'guest-or-authd',
  'GET /api/iam/events/get-by-user/:id': 'guest-or-authd',
  'GET /api/events/all/nearby': 'guest-or-authd',
  'GET /api/events/nearby': 'guest-or-authd',
  'GET /api/events/more/:id': 'guest-or-authd',
  'GET /api/events/calendar/date/:file': 'guest-or-authd',
  'GET /api/events/calendar/event/:file': 'guest-or-authd',
  'GET /api/events/calendar/page/:file': 'guest-or-authd',
  'GET /api/events/calendar/member/:file': 'none',
  'GET /api/events/:id': 'guest-or-authd',
  // invites and forms (issue 13)
  'POST /api/iam/invites/new': 'completed-regn',
  'PUT /api/iam/users/invites/update-validity/:uuid': 'completed-regn',
  'GET /api/iam/invites/sent': 'completed-regn',
  'GET /api/iam/invites/view/:uuid': 'none',
  'POST /api/iam/invites/accept/:uuid': 'authd-only',
  'GET /api/iam/forms/validate': 'guest-or-authd',
  'POST /api/iam/forms/new': 'guest-or-authd',
  'GET /api/iam/admin/forms': 'admin-auth',
  // cleanup, e-mails and members without a location (issue 13)
  'DELETE /api/iam/admin/location-duplicates': 'admin-auth',
  'DELETE /api/iam/admin/orphaned-locations': 'admin-auth',
  'GET /api/iam/admin/cleanup-jobs': 'admin-auth',
  'GET /api/iam/admin/cleanup-jobs/:id': 'admin-auth',
  'GET /api/iam/admin/users-without-location': 'admin-auth',
  'POST /api/iam/emails/admin/new-verified-user': 'admin-auth',
  'POST /api/iam/emails/account-deletion': 'admin-auth',
  'PUT /api/iam/admin/forms/:id/handled': 'admin-auth',
  // site settings and the audit log (issue 13)
  'GET /api/iam/site-settings/get-site': 'admin-auth',
  'PUT /api/iam/admin/update/site-setting': 'admin-auth',
  'GET /api/settings/get-all': 'none',
  'GET /api/iam/admin/audit-log': 'admin-auth',
};

/**
 * Routes the HTTP server answers that no Nest controller declares: `METHOD /prefix` (ANY: every
 * method) → who may reach them and the spec that proves it. HEAD mirrors GET and is left out.
 * Mount something on Fastify directly? Add its row here, and its test.
 */
const SERVED_OUTSIDE_CONTROLLERS: Record<string, string> = {
  'OPTIONS *': 'CORS preflight, anyone (http.spec.ts)',
  'GET /api/docs': 'the OpenAPI document and its viewer, anyone (openapi.spec.ts)',
  'ANY /admin/queues':
    'the queue dashboard: the ops cookie of an admin or operator (queue-dashboard.spec.ts)',
  'GET /api/metrics':
    'Prometheus metrics: an admin, an operator or the METRICS_TOKEN bearer (admin/metrics.spec.ts)',
};

function servedOutsideControllers(route: { method: string; url: string }): string | undefined {
  return Object.keys(SERVED_OUTSIDE_CONTROLLERS).find((row) => {
    const [method, prefix] = row.split(' ');
    return (method === 'ANY' || method === route.method) && route.url.startsWith(prefix);
  });
}

type Outcome = 'ok' | 401 | 403;
/**
 * The README's table "Who may call what", column by column. `ops` (the queue dashboard and metrics
 * permission) opens no member data and no admin call: on every API policy it is a registered
 * member. A policy made for ops (e.g. metrics) gets its own column values here.
 */
const ADMITS: Record<AccessPolicy, Record<CallerKind, Outcome>> = {
  none: {
    guest: 'ok',
    'signed-up': 'ok',
    verified: 'ok',
    registered: 'ok',
    trusted: 'ok',
    admin: 'ok',
    ops: 'ok',
    suspended: 'ok',
  },
  'guest-or-authd': {
    guest: 'ok',
    'signed-up': 'ok',
    verified: 'ok',
    registered: 'ok',
    trusted: 'ok',
    admin: 'ok',
    ops: 'ok',
    suspended: 403,
  },
  'authd-only': {
    guest: 401,
    'signed-up': 'ok',
    verified: 'ok',
    registered: 'ok',
    trusted: 'ok',
    admin: 'ok',
    ops: 'ok',
    suspended: 403,
  },
  'logged-in-only': {
    guest: 401,
    'signed-up': 403,
    verified: 'ok',
    registered: 'ok',
    trusted: 'ok',
    admin: 'ok',
    ops: 'ok',
    suspended: 403,
  },
  'completed-regn': {
    guest: 401,
    'signed-up': 403,
    verified: 403,
    registered: 'ok',
    trusted: 'ok',
    admin: 'ok',
    ops: 'ok',
    suspended: 403,
  },
  'trusted-only': {
    guest: 401,
    'signed-up': 403,
    verified: 403,
    registered: 403,
    trusted: 'ok',
    admin: 'ok',
    ops: 403,
    suspended: 403,
  },
  'admin-auth': {
    guest: 401,
    'signed-up': 403,
    verified: 403,
    registered: 403,
    trusted: 403,
    admin: 'ok',
    ops: 403,
    suspended: 403,
  },
  'ops-or-admin': {
    guest: 401,
    'signed-up': 403,
    verified: 403,
    registered: 403,
    trusted: 403,
    admin: 'ok',
    suspended: 403,
    ops: 'ok',
  },
};

const ACCESS_CODES = [
  'UNAUTHENTICATED',
  'NOT_PERMITTED',
  'ACCOUNT_SUSPENDED',
  'CSRF_FAILED',
  'INVALID_TOKEN',
  'NO_POLICY',
];

function key(route: Pick<RouteWithPolicy, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

function concretePath(path: string, caller: TestMember | null): string {
  return path
    .replace(':uuid', caller?.id ?? randomUUID())
    .replace(':id', randomUUID())
    .replace(':name', 'trusted')
    .replace('*', 'tests/aa/missing.png');
}

function send(t: TestApp, method: string, path: string, caller: TestMember | null) {
  const request = t
    .http()
    [method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path)
    .set('client-platform', 'browser');
  if (caller) request.set(caller.headers);
  return method === 'GET' ? request : request.send({});
}

describe('authorization matrix: every route × every kind of caller', () => {
  let t: TestApp;
  let routes: readonly RouteWithPolicy[];
  beforeAll(async () => {
    t = await startTestApp();
    routes = t.app.get(AccessPolicyAudit).listRoutes();
  });
  afterAll(() => t.close());

  it('has a row for every route, and every row is a route with that policy', () => {
    const actual = Object.fromEntries(routes.map((route) => [key(route), route.policy]));
    expect(actual).toEqual(ROUTES);
  });

  it('knows every route the server answers, also those registered outside a controller', () => {
    const served = servedRoutesOf(t.app.getHttpAdapter().getInstance()).filter(
      (route) => route.method !== 'HEAD',
    );
    const unknown = served.filter(
      (route) => !(`${route.method} ${route.url}` in ROUTES) && !servedOutsideControllers(route),
    );
    expect(unknown.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const used = new Set(served.map(servedOutsideControllers));
    expect(Object.keys(SERVED_OUTSIDE_CONTROLLERS).filter((row) => !used.has(row))).toEqual([]);
    expect(served.length).toBeGreaterThan(routes.length);
  });

  it('admits exactly the callers each policy admits', async () => {
    const results: string[] = [];
    let checked = 0;
    for (const route of routes) {
      // Fresh callers per route: some routes (logout, delete) end the caller's session.
      const callers = await createCallers(t);
      for (const kind of CALLER_KINDS) {
        const caller = callers[kind];
        const response = await send(t, route.method, concretePath(route.path, caller), caller);
        const expected = ADMITS[ROUTES[key(route)]][kind];
        const code: string | undefined = response.body?.error?.code;
        const admitted = !ACCESS_CODES.includes(code ?? '');
        const matches =
          expected === 'ok'
            ? admitted
            : response.status === expected && !admitted && code !== 'CSRF_FAILED';
        if (!matches)
          results.push(
            `${key(route)} as ${kind}: expected ${expected}, got ${response.status} ${code ?? ''}`,
          );
        checked += 1;
      }
    }
    expect(results).toEqual([]);
    expect(checked).toBe(routes.length * CALLER_KINDS.length);
    // Every route × seven callers: it grows with the API (and a busy machine slows it down).
  }, 180_000);
});

describe('CSRF: every mutation of a logged-in caller needs the session’s csrf_token', () => {
  let t: TestApp;
  let mutations: RouteWithPolicy[];
  beforeAll(async () => {
    t = await startTestApp();
    mutations = t.app
      .get(AccessPolicyAudit)
      .listRoutes()
      .filter((route) => route.method !== 'GET');
  });
  afterAll(() => t.close());

  it.each([
    ['no token', () => undefined],
    ['a wrong token', () => 'not-the-token'],
    ["another session's token", (other: TestMember) => other.csrfToken],
  ])('refuses every mutating route with %s', async (_label, tokenFor) => {
    const failures: string[] = [];
    for (const route of mutations) {
      const admin = await createMember(t, 'admin');
      const other = await createMember(t, 'admin');
      const token = tokenFor(other);
      const request = t
        .http()
        [route.method.toLowerCase() as 'post' | 'put' | 'delete'](concretePath(route.path, admin))
        .set('authorization', `Bearer ${admin.accessToken}`);
      if (token) request.set('x-csrf-token', token);
      const response = await request.send({});
      if (response.status !== 403 || response.body.error?.code !== 'CSRF_FAILED') {
        failures.push(`${key(route)}: ${response.status} ${response.body.error?.code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(mutations.length).toBeGreaterThan(15);
  });

  it('changes nothing when refused, and accepts the token as a header or a body field', async () => {
    const member = await createMember(t, 'registered');
    const auth = { authorization: `Bearer ${member.accessToken}` };
    await t
      .http()
      .put('/api/iam/users/update-user-settings')
      .set(auth)
      .send({ distance_unit: 'mi' })
      .expect(403);
    const unchanged = await t.http().get('/api/iam/users/user-settings').set(auth).expect(200);
    expect(unchanged.body.data.distance_unit).toBe('km');

    await t
      .http()
      .put('/api/iam/users/update-user-settings')
      .set(auth)
      .send({ distance_unit: 'mi', csrf_token: member.csrfToken })
      .expect(200);
    await t
      .http()
      .put('/api/iam/users/update-user-settings')
      .set(member.headers)
      .send({ email_on_event: false })
      .expect(200);
    const changed = await t.http().get('/api/iam/users/user-settings').set(auth).expect(200);
    expect(changed.body.data).toMatchObject({ distance_unit: 'mi', email_on_event: false });
  });

  it('does not ask guests for a token', async () => {
    await t
      .http()
      .post('/api/iam/authn/verifyemail')
      .send({ email: 'someone@plantfolk.test' })
      .expect(200);
  });
});
