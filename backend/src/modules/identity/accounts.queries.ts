import type { SqlRunner } from '../../platform/database/sql-runner';
import type { LatLng } from '../../platform/geo/geo';

/** Statements on user_account beyond loading and saving one account (which use the entity). */

/** Creates an account unless the address has one; whether it did. */
export async function insertAccountUnlessTaken(
  db: SqlRunner,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const created = (await db.query(
    `INSERT INTO user_account (email, password_hash) VALUES ($1, $2)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, passwordHash],
  )) as Array<{ id: string }>;
  return created.length > 0;
}

/** A password set from a reset link: following the link proves the address, too. */
export async function setPasswordFromResetLink(
  db: SqlRunner,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.query(
    'UPDATE user_account SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1',
    [userId, passwordHash],
  );
}

/**
 * A member's place as nearby lists use it (nearbyPlaceOf's rule, in SQL): their point while
 * registered, active and located, else null; the account row share-locked (MemberPlaces.current).
 */
export async function lockedPlaceOf(db: SqlRunner, userId: string): Promise<LatLng | null> {
  const [row] = (await db.query(
    `SELECT CASE WHEN registered_at IS NOT NULL AND suspended_at IS NULL THEN latitude END AS latitude,
            CASE WHEN registered_at IS NOT NULL AND suspended_at IS NULL THEN longitude END AS longitude
       FROM user_account WHERE id = $1 FOR SHARE`,
    [userId],
  )) as Array<{ latitude: number | null; longitude: number | null }>;
  return row && row.latitude !== null && row.longitude !== null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}
