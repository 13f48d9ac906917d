import { createHash, randomBytes } from 'node:crypto';
import type { ClientBase } from 'pg';
import { AccessTokens } from '../../src/modules/identity/access-tokens.service';
import type { AppConfig } from '../../src/platform/config/app-config';
import { DATASET_PASSWORD } from '../dataset';

/** What a signed-in request carries. */
export interface SignedIn {
  userId: string;
  /** Shared by every request of this caller: frozen, so a client that writes into it throws. */
  headers: Readonly<Record<string, string>>;
}

function headersOf(token: string, csrf: string): Readonly<Record<string, string>> {
  return Object.freeze({
    authorization: `Bearer ${token}`,
    'x-csrf-token': csrf,
    'client-platform': 'browser',
    'content-type': 'application/json',
  });
}

async function postJson(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json()) as { status: string; data: Record<string, unknown> };
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed.data;
}

/** Logs in through the API as a browser does: password + PKCE challenge, then the code exchange. */
export async function logIn(apiUrl: string, email: string): Promise<SignedIn> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const { code } = await postJson(`${apiUrl}/api/iam/authn/login`, {
    email,
    password: DATASET_PASSWORD,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const grant = (await postJson(`${apiUrl}/api/iam/authn/refresh`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
  })) as { access_token: string; user: { uuid: string; csrf_token: string } };
  return { userId: grant.user.uuid, headers: headersOf(grant.access_token, grant.user.csrf_token) };
}

/**
 * Sessions for the bench's writing accounts (`bench_1`…`bench_<count>`), made set-based as
 * SessionsService.start makes one (a row with a csrf token, 400 days), with access tokens signed by
 * the app's own AccessTokens: logging in hundreds of members through argon2 would take minutes.
 * Tokens last `ttlSeconds` (a soak outlives the app's 15 minutes).
 */
export async function benchWriters(
  db: ClientBase,
  jwtSecret: string,
  count: number,
  ttlSeconds = 6 * 3600,
): Promise<SignedIn[]> {
  const { rows } = await db.query<{ id: string; user_id: string; csrf_token: string }>(
    `INSERT INTO auth_session (user_id, csrf_token, expires_at, last_used_at, user_agent)
     SELECT u.id, md5(random()::text || clock_timestamp()::text), now() + interval '400 days', now(), 'bench'
       FROM user_account u WHERE u.username LIKE 'bench\\_%' ORDER BY u.username LIMIT $1
     RETURNING id, user_id, csrf_token`,
    [count],
  );
  const tokens = new AccessTokens({ jwtSecret } as AppConfig);
  return Promise.all(
    rows.map(async (row) => {
      const { token } = await tokens.issue(
        { userId: row.user_id, sessionId: row.id },
        'plantfolk-api',
        ttlSeconds,
      );
      return { userId: row.user_id, headers: headersOf(token, row.csrf_token) };
    }),
  );
}
