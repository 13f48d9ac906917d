import type { TestApp } from '../support/test-app';

/** A member row for the people tests, inserted directly (hundreds at once, set-based). */
export interface MemberRow {
  username: string | null;
  registeredAt: Date | null;
  suspended?: boolean;
  emailVerified?: boolean;
  latitude?: number | null;
  longitude?: number | null;
  showInNearby?: boolean;
}

/** Inserts the members in one statement (and their settings where given); returns their ids. */
export async function insertMembers(t: TestApp, rows: MemberRow[]): Promise<string[]> {
  const inserted: Array<{ id: string; email: string }> = await t.dataSource.query(
    `INSERT INTO user_account (email, password_hash, email_verified_at, username, registered_at,
                               suspended_at, latitude, longitude, suburb_city, state, country)
     SELECT 'people-' || r.n || '-' || md5(random()::text) || '@plantfolk.test', 'not-a-hash',
            CASE WHEN r.verified THEN now() END, r.username, r.registered_at,
            CASE WHEN r.suspended THEN now() END, r.latitude, r.longitude,
            CASE WHEN r.registered_at IS NOT NULL THEN 'Fitzroy' END,
            CASE WHEN r.registered_at IS NOT NULL THEN 'Victoria' END,
            CASE WHEN r.registered_at IS NOT NULL THEN 'Australia' END
       FROM unnest($1::text[], $2::timestamptz[], $3::boolean[], $4::boolean[], $5::float8[],
                   $6::float8[]) WITH ORDINALITY AS r(username, registered_at, suspended, verified,
                                                      latitude, longitude, n)
      ORDER BY r.n
     RETURNING id, email`,
    [
      rows.map((row) => row.username),
      rows.map((row) => row.registeredAt?.toISOString() ?? null),
      rows.map((row) => Boolean(row.suspended)),
      rows.map((row) => row.emailVerified ?? row.registeredAt !== null),
      rows.map((row) => row.latitude ?? null),
      rows.map((row) => row.longitude ?? null),
    ],
  );
  // RETURNING promises no order: each row's ordinal is in its address.
  const ids: string[] = [];
  for (const row of inserted) ids[Number(/^people-(\d+)-/.exec(row.email)?.[1]) - 1] = row.id;
  const hidden = ids.filter((_id, index) => rows[index].showInNearby === false);
  if (hidden.length)
    await t.dataSource.query(
      `INSERT INTO user_settings (user_id, show_in_nearby) SELECT unnest($1::uuid[]), false`,
      [hidden],
    );
  return ids;
}

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32), so failures reproduce. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
