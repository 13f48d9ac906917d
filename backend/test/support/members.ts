import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AccessTokens } from '../../src/modules/identity/access-tokens.service';
import { UserAccount } from '../../src/modules/identity/entities/user-account.entity';
import { Handle } from '../../src/modules/identity/entities/handle.entity';
import { hashPassword } from '../../src/modules/identity/passwords';
import { SessionsService } from '../../src/modules/identity/sessions.service';
import type { TestApp } from './test-app';

export type CallerKind =
  'guest' | 'signed-up' | 'verified' | 'registered' | 'trusted' | 'admin' | 'ops' | 'suspended';
export const CALLER_KINDS: CallerKind[] = [
  'guest',
  'signed-up',
  'verified',
  'registered',
  'trusted',
  'admin',
  'ops',
  'suspended',
];

/** What makes an account an ops account (user_account.is_ops). */
export const OPS_ACCOUNT_FIELDS: Partial<UserAccount> = { isOps: true };

export const MEMBER_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

export interface TestMember {
  id: string;
  email: string;
  username: string | null;
  password: string;
  sessionId: string;
  accessToken: string;
  csrfToken: string;
  refreshToken: string;
  /** Headers of an authenticated browser call, csrf_token included. */
  headers: Record<string, string>;
}

/** A member at the given stage with a live session, made through the identity services (fast: no HTTP). */
export async function createMember(
  t: TestApp,
  kind: Exclude<CallerKind, 'guest'>,
  overrides: Partial<UserAccount> = {},
): Promise<TestMember> {
  passwordHash ??= hashPassword(MEMBER_PASSWORD);
  const suffix = randomUUID().slice(0, 8);
  const registered = kind !== 'signed-up' && kind !== 'verified';
  // `ops`: a registered member holding the ops permission (the queue dashboard read-only, the
  // metrics), which opens nothing of members' data: on the API it is a registered member.
  // OPS_ACCOUNT_FIELDS gives it the permission (user_account.is_ops).
  const username = registered ? `m_${suffix}` : null;
  const user = await t.dataSource.manager.save(
    t.dataSource.manager.create(UserAccount, {
      email: `member-${suffix}@plantfolk.test`,
      passwordHash: await passwordHash,
      emailVerifiedAt: kind === 'signed-up' ? null : new Date(),
      username,
      suburbCity: registered ? 'Fitzroy' : null,
      state: registered ? 'Victoria' : null,
      country: registered ? 'Australia' : null,
      latitude: registered ? -37.8 : null,
      longitude: registered ? 144.98 : null,
      registeredAt: registered ? new Date() : null,
      isTrusted: kind === 'trusted',
      isAdmin: kind === 'admin',
      suspendedAt: kind === 'suspended' ? new Date() : null,
      ...(kind === 'ops' ? OPS_ACCOUNT_FIELDS : {}),
      ...overrides,
    }),
  );
  if (user.username)
    await t.dataSource.manager.insert(Handle, {
      handle: user.username,
      ownerType: 'user',
      ownerId: user.id,
    });
  const { session, refreshToken } = await t.app
    .get(SessionsService)
    .start(user.id, { userAgent: 'jest' });
  const { token } = await t.app.get(AccessTokens).issue({ userId: user.id, sessionId: session.id });
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    password: MEMBER_PASSWORD,
    sessionId: session.id,
    accessToken: token,
    csrfToken: session.csrfToken,
    refreshToken,
    headers: {
      authorization: `Bearer ${token}`,
      'x-csrf-token': session.csrfToken,
      'client-platform': 'browser',
    },
  };
}

/** One member of each kind (and no headers for the guest). */
export async function createCallers(t: TestApp): Promise<Record<CallerKind, TestMember | null>> {
  const callers = { guest: null } as Record<CallerKind, TestMember | null>;
  for (const kind of CALLER_KINDS.filter((candidate) => candidate !== 'guest')) {
    callers[kind] = await createMember(t, kind as Exclude<CallerKind, 'guest'>);
  }
  return callers;
}

/** The value of a cookie set by a response, e.g. the rotated refresh token. */
export function cookieFrom(
  response: { headers: Record<string, unknown> },
  name: string,
): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
  for (const cookie of cookies as string[]) {
    const [pair] = cookie.split(';');
    const [key, ...value] = pair.split('=');
    if (key.trim() === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** PKCE S256 pair for tests. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * A new session through the PKCE login flow (POST authn/login, then authn/refresh with its code),
 * as the apps sign in; returns the refresh answer: tokens in its body, the refresh cookie set.
 */
export async function signIn(t: TestApp, credentials: { email: string; password: string }) {
  const pkce = pkcePair();
  const login = await t
    .http()
    .post('/api/iam/authn/login')
    .send({
      email: credentials.email,
      password: credentials.password,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    })
    .expect(200);
  return t
    .http()
    .post('/api/iam/authn/refresh')
    .send({
      grant_type: 'authorization_code',
      code: login.body.data.code,
      code_verifier: pkce.verifier,
    })
    .expect(200);
}

/** The queue dashboard's pass for `member` (the `pf_ops=…` cookie), or the refusal's status. */
export async function queueDashboardPass(
  t: TestApp,
  member: TestMember,
): Promise<{ status: number; cookie: string | null }> {
  const response = await t
    .http()
    .post('/api/iam/admin/queue-dashboard-session')
    .set(member.headers);
  return response.status === 200
    ? { status: 200, cookie: `pf_ops=${cookieFrom(response, 'pf_ops')}` }
    : { status: response.status, cookie: null };
}
