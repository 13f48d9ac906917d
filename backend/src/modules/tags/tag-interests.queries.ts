import type { Member } from '../../platform/access/current-caller.decorator';
import type { SqlRunner } from '../../platform/database/sql-runner';
import type { InterestType } from './entities/user-tag-interest.entity';
import { TAG_COLUMNS, type TagView } from './tag-views';
import { listedTagSql } from './tag-visibility';

/**
 * Members' interests (user_tag_interest) and the follower_count they keep on their tags. Tag rows
 * are locked in id order before a count moves, so calls naming the same tags never deadlock.
 */

export interface InterestRow extends TagView {
  interest_type: InterestType;
}

export async function followedTagIdsOf(
  db: SqlRunner,
  userId: string,
  types: readonly InterestType[],
): Promise<number[]> {
  const rows = (await db.query(
    `SELECT DISTINCT tag_id FROM user_tag_interest
     WHERE user_id = $1 AND interest_type = ANY($2::text[]) ORDER BY tag_id`,
    [userId, [...types]],
  )) as Array<{ tag_id: number }>;
  return rows.map((row) => row.tag_id);
}

/** Locks those of the tags that are listed to the member, in id order; their ids. */
export async function lockListedTags(
  db: SqlRunner,
  sortedIds: number[],
  member: Member,
): Promise<number[]> {
  const params: unknown[] = [sortedIds];
  const locked = (await db.query(
    `SELECT t.id FROM tag t
     WHERE t.id = ANY($1::int[]) AND ${listedTagSql('t', member, params)}
     ORDER BY t.id FOR NO KEY UPDATE`,
    params,
  )) as Array<{ id: number }>;
  return locked.map((row) => row.id);
}

export async function lockTags(db: SqlRunner, sortedIds: number[]): Promise<void> {
  await db.query('SELECT id FROM tag WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE', [
    sortedIds,
  ]);
}

/** Adds the interests that are not there yet, and counts each one added on its tag. */
export async function insertInterests(
  db: SqlRunner,
  userId: string,
  tagIds: number[],
  interestType: InterestType,
): Promise<void> {
  await db.query(
    `WITH added AS (
       INSERT INTO user_tag_interest (user_id, tag_id, interest_type)
       SELECT $1, unnest($2::int[]), $3
       ON CONFLICT DO NOTHING
       RETURNING tag_id
     )
     UPDATE tag SET follower_count = follower_count + 1
     WHERE id IN (SELECT tag_id FROM added)`,
    [userId, tagIds, interestType],
  );
}

/** Deletes the member's interests of one type in these tags; the tag ids of the rows deleted. */
export async function deleteInterests(
  db: SqlRunner,
  userId: string,
  interestType: InterestType,
  tagIds: number[],
): Promise<number[]> {
  // TypeORM answers an UPDATE or DELETE with [rows, affected count].
  const [deleted] = (await db.query(
    `DELETE FROM user_tag_interest
     WHERE user_id = $1 AND interest_type = $2 AND tag_id = ANY($3::int[])
     RETURNING tag_id`,
    [userId, interestType, tagIds],
  )) as [Array<{ tag_id: number }>, number];
  return deleted.map((row) => row.tag_id);
}

/** Takes one follower off each tag whose count is above 0; the ids it changed. */
export async function uncountFollowers(db: SqlRunner, tagIds: number[]): Promise<number[]> {
  const [decremented] = (await db.query(
    `UPDATE tag SET follower_count = follower_count - 1
     WHERE id = ANY($1::int[]) AND follower_count > 0
     RETURNING id`,
    [tagIds],
  )) as [Array<{ id: number }>, number];
  return decremented.map((row) => row.id);
}

/** Whether the member has an interest other than these tags' (of this type, or of any). */
export async function hasOtherInterests(
  db: SqlRunner,
  userId: string,
  tagIds: number[],
  interestType: InterestType | null,
): Promise<boolean> {
  const [{ remaining }] = (await db.query(
    `SELECT EXISTS (
       SELECT 1 FROM user_tag_interest
       WHERE user_id = $1
         AND NOT (tag_id = ANY($2::int[]) AND ($3::text IS NULL OR interest_type = $3::text))
     ) AS remaining`,
    [userId, tagIds, interestType],
  )) as Array<{ remaining: boolean }>;
  return remaining;
}

export async function interestsOf(db: SqlRunner, userId: string): Promise<InterestRow[]> {
  return (await db.query(
    `SELECT i.interest_type, ${TAG_COLUMNS}
     FROM user_tag_interest i JOIN tag t ON t.id = i.tag_id
     WHERE i.user_id = $1
     ORDER BY t.name, i.interest_type`,
    [userId],
  )) as InterestRow[];
}

/** Deletes every interest of the member and takes them off their tags' counts. */
export async function deleteAllInterestsOf(db: SqlRunner, userId: string): Promise<void> {
  await db.query(
    `SELECT id FROM tag
     WHERE id IN (SELECT tag_id FROM user_tag_interest WHERE user_id = $1)
     ORDER BY id FOR NO KEY UPDATE`,
    [userId],
  );
  await db.query(
    `WITH removed AS (
       DELETE FROM user_tag_interest WHERE user_id = $1 RETURNING tag_id
     )
     UPDATE tag SET follower_count = GREATEST(follower_count - counted.rows, 0)
     FROM (SELECT tag_id, count(*)::int AS rows FROM removed GROUP BY tag_id) counted
     WHERE tag.id = counted.tag_id`,
    [userId],
  );
}
