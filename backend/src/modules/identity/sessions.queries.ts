import type { EntityManager } from 'typeorm';
import { queryPrepared } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { AuthSession } from './entities/auth-session.entity';

/** Sessions and their refresh tokens (auth_session, refresh_token). */

/** Spends an unused refresh token: one UPDATE decides among parallel refreshes. Its session, if won. */
export async function spendRefreshToken(
  db: SqlRunner,
  tokenHash: string,
): Promise<string | undefined> {
  const [spent] = (await db.query(
    `UPDATE refresh_token SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING session_id`,
    [tokenHash],
  )) as [Array<{ session_id: string }>, number];
  return spent[0]?.session_id;
}

/** Ends the session of a token spent longer ago than the grace period (a replay). */
export async function revokeSessionOfReplayedToken(
  db: SqlRunner,
  tokenHash: string,
  graceSeconds: number,
): Promise<string | undefined> {
  const [rows] = (await db.query(
    `UPDATE auth_session SET revoked_at = now(), revoked_reason = 'refresh token reused'
      WHERE revoked_at IS NULL AND id = (
        SELECT session_id FROM refresh_token
         WHERE token_hash = $1 AND used_at < now() - make_interval(secs => $2))
      RETURNING id`,
    [tokenHash, graceSeconds],
  )) as [Array<{ id: string }>, number];
  return rows[0]?.id;
}

export async function revokeSessionsOf(
  db: SqlRunner,
  userId: string,
  reason: string,
  except: string | null,
): Promise<void> {
  await db.query(
    `UPDATE auth_session SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [userId, reason, except],
  );
}

/** A user's sessions neither revoked nor expired, most recently used first. */
export function activeSessionsOf(manager: EntityManager, userId: string): Promise<AuthSession[]> {
  return manager
    .createQueryBuilder(AuthSession, 's')
    .where('s.user_id = :userId AND s.revoked_at IS NULL AND s.expires_at > now()', { userId })
    .orderBy('s.last_used_at', 'DESC', 'NULLS LAST')
    .getMany();
}

export async function sessionOfTokenHash(
  db: SqlRunner,
  tokenHash: string,
): Promise<string | undefined> {
  const rows = (await db.query('SELECT session_id FROM refresh_token WHERE token_hash = $1', [
    tokenHash,
  ])) as Array<{ session_id: string }>;
  return rows[0]?.session_id;
}

/** Deletes expired sessions and those revoked over 30 days ago (tokens cascade); how many. */
export async function deleteEndedSessions(db: SqlRunner): Promise<number> {
  const result = await db.query(
    `DELETE FROM auth_session WHERE expires_at < now() OR revoked_at < now() - interval '30 days'`,
  );
  return (result as [unknown, number])[1] ?? 0;
}

export interface CallerRow {
  csrf_token: string;
  email_verified_at: Date | null;
  registered_at: Date | null;
  is_trusted: boolean;
  is_admin: boolean;
  is_ops: boolean;
  suspended_at: Date | null;
}

/** The live session's user, in one indexed query (every authenticated request runs it). */
export async function callerRowOf(
  db: SqlRunner,
  sessionId: string,
  userId: string,
): Promise<CallerRow | undefined> {
  // Every signed-in request sends it: prepared once per connection.
  const rows = (await queryPrepared(
    db,
    `SELECT s.csrf_token, u.email_verified_at, u.registered_at, u.is_trusted, u.is_admin, u.is_ops, u.suspended_at
       FROM auth_session s JOIN user_account u ON u.id = s.user_id
      WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionId, userId],
  )) as CallerRow[];
  return rows[0];
}
