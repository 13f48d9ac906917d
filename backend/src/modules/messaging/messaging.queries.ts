import { queryPrepared } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { type Cursor, cursorTimeSql } from '../../platform/paging/paging';
import type { ConvType } from './entities/conversation.entity';
import type { ParticipantRole } from './entities/conversation-participant.entity';

/** The `conversation`, `conversation_participant` and `message` tables. */

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  as_page: boolean;
  body: string;
  /** created_at as a cursor carries it (UTC, microseconds). */
  at: string;
}

const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_id, m.as_page, m.body,
  ${cursorTimeSql('m.created_at')} AS at`;

/** A conversation as one participant sees it, with its newest message. */
export interface ConversationRow {
  id: string;
  conv_type: ConvType;
  starter_id: string;
  page_id: string | null;
  created_at: string;
  /** The participant's last activity time (the list's sort key), as a cursor carries it. */
  at: string;
  role: ParticipantRole;
  unread_count: number;
  /** The other participant (null in tomypage: the member is alone with their own page). */
  other_id: string | null;
  last_message: MessageRow | null;
}

const CONVERSATION_SELECT = `
  SELECT c.id, c.conv_type, c.starter_id, c.page_id,
         ${cursorTimeSql('c.created_at')} AS created_at,
         ${cursorTimeSql('cp.last_activity_at')} AS at,
         cp.role, cp.unread_count, other.user_id AS other_id,
         CASE WHEN lm.id IS NULL THEN NULL ELSE json_build_object(
           'id', lm.id, 'conversation_id', lm.conversation_id, 'sender_id', lm.sender_id,
           'as_page', lm.as_page, 'body', lm.body, 'at', lm.at) END AS last_message
    FROM conversation_participant cp
    JOIN conversation c ON c.id = cp.conversation_id
    LEFT JOIN LATERAL (
         SELECT o.user_id FROM conversation_participant o
          WHERE o.conversation_id = c.id AND o.user_id <> cp.user_id LIMIT 1) other ON true
    LEFT JOIN LATERAL (
         SELECT ${MESSAGE_COLUMNS} FROM message m
          WHERE m.conversation_id = c.id
          ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm ON true`;

/** The member's conversations, newest activity first (one walk of the list index). */
export async function conversationsPage(
  db: SqlRunner,
  userId: string,
  after: Cursor | null,
  limit: number,
): Promise<ConversationRow[]> {
  return (await db.query(
    `${CONVERSATION_SELECT}
      WHERE cp.user_id = $1
        AND ($2::timestamptz IS NULL
             OR (cp.last_activity_at, cp.conversation_id) < ($2::timestamptz, $3::uuid))
      ORDER BY cp.last_activity_at DESC, cp.conversation_id DESC
      LIMIT $4`,
    [userId, after?.at ?? null, after?.id ?? null, limit],
  )) as ConversationRow[];
}

/** One conversation as the member sees it, when they are in it. */
export async function conversationFor(
  db: SqlRunner,
  conversationId: string,
  userId: string,
): Promise<ConversationRow | undefined> {
  const [row] = (await db.query(`${CONVERSATION_SELECT} WHERE cp.user_id = $1 AND c.id = $2`, [
    userId,
    conversationId,
  ])) as ConversationRow[];
  return row;
}

/** The conversation with this pair key as the member sees it, when they are in it. */
export async function conversationByPairFor(
  db: SqlRunner,
  pairKey: string,
  userId: string,
): Promise<ConversationRow | undefined> {
  const [row] = (await db.query(
    `${CONVERSATION_SELECT} WHERE cp.user_id = $1 AND c.pair_key = $2`,
    [userId, pairKey],
  )) as ConversationRow[];
  return row;
}

export async function conversationIdByPair(
  db: SqlRunner,
  pairKey: string,
): Promise<string | undefined> {
  const [row] = (await db.query(`SELECT id FROM conversation WHERE pair_key = $1`, [
    pairKey,
  ])) as Array<{ id: string }>;
  return row?.id;
}

/** The conversation of this pair, made now unless it exists (two starting at once meet here). */
export async function upsertConversation(
  db: SqlRunner,
  values: { convType: ConvType; pairKey: string; starterId: string; pageId: string | null },
): Promise<string> {
  const [row] = (await db.query(
    `INSERT INTO conversation (conv_type, pair_key, starter_id, page_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (pair_key) DO UPDATE SET pair_key = EXCLUDED.pair_key
     RETURNING id`,
    [values.convType, values.pairKey, values.starterId, values.pageId],
  )) as Array<{ id: string }>;
  return row.id;
}

export async function addParticipants(
  db: SqlRunner,
  conversationId: string,
  participants: ReadonlyArray<{ userId: string; role: ParticipantRole }>,
): Promise<void> {
  await db.query(
    `INSERT INTO conversation_participant (conversation_id, user_id, role)
     SELECT $1, p.user_id, p.role FROM unnest($2::uuid[], $3::text[]) AS p(user_id, role)
     ON CONFLICT (conversation_id, user_id) DO NOTHING`,
    [conversationId, participants.map((p) => p.userId), participants.map((p) => p.role)],
  );
}

export async function insertMessage(
  db: SqlRunner,
  values: { conversationId: string; senderId: string; asPage: boolean; body: string },
): Promise<MessageRow> {
  const [row] = (await db.query(
    `INSERT INTO message AS m (conversation_id, sender_id, as_page, body)
     VALUES ($1, $2, $3, $4)
     RETURNING ${MESSAGE_COLUMNS}`,
    [values.conversationId, values.senderId, values.asPage, values.body],
  )) as MessageRow[];
  return row;
}

/**
 * A message was written at `at`: the conversation and every participant's list position move up;
 * everyone but the sender has one more unread; the sender has read everything up to it. Answers
 * the participants.
 */
export async function recordMessage(
  db: SqlRunner,
  conversationId: string,
  senderId: string,
  at: string,
): Promise<string[]> {
  await db.query(
    `UPDATE conversation SET last_message_at = GREATEST(last_message_at, $2::timestamptz)
      WHERE id = $1`,
    [conversationId, at],
  );
  const [rows] = (await db.query(
    `UPDATE conversation_participant SET
        unread_count = CASE WHEN user_id = $2 THEN 0 ELSE unread_count + 1 END,
        last_read_at = CASE WHEN user_id = $2 THEN GREATEST(last_read_at, $3::timestamptz)
                            ELSE last_read_at END,
        last_activity_at = GREATEST(last_activity_at, $3::timestamptz)
      WHERE conversation_id = $1
      RETURNING user_id`,
    [conversationId, senderId, at],
  )) as [Array<{ user_id: string }>, number];
  return rows.map((row) => row.user_id);
}

/**
 * insertMessage and recordMessage in one statement (one round trip, atomic without a
 * transaction): the message, the conversation's time, every participant's counters as
 * recordMessage moves them. Answers the message and the participants.
 */
export async function writeMessage(
  db: SqlRunner,
  values: { conversationId: string; senderId: string; asPage: boolean; body: string },
): Promise<{ message: MessageRow; participants: string[] }> {
  const [row] = (await db.query(
    `WITH m AS (
       INSERT INTO message (conversation_id, sender_id, as_page, body)
       VALUES ($1, $2, $3, $4)
       RETURNING id, conversation_id, sender_id, as_page, body, created_at),
     c AS (
       UPDATE conversation SET last_message_at = GREATEST(last_message_at, m.created_at)
         FROM m WHERE conversation.id = m.conversation_id),
     p AS (
       UPDATE conversation_participant cp SET
          unread_count = CASE WHEN cp.user_id = $2 THEN 0 ELSE cp.unread_count + 1 END,
          last_read_at = CASE WHEN cp.user_id = $2 THEN GREATEST(cp.last_read_at, m.created_at)
                              ELSE cp.last_read_at END,
          last_activity_at = GREATEST(cp.last_activity_at, m.created_at)
         FROM m WHERE cp.conversation_id = m.conversation_id
       RETURNING cp.user_id)
     SELECT ${MESSAGE_COLUMNS},
            COALESCE((SELECT array_agg(p.user_id) FROM p), '{}') AS participants
       FROM m`,
    [values.conversationId, values.senderId, values.asPage, values.body],
  )) as Array<MessageRow & { participants: string[] }>;
  const { participants, ...message } = row;
  return { message, participants };
}

/** A page of a conversation's messages, newest first. */
export async function messagesPage(
  db: SqlRunner,
  conversationId: string,
  after: Cursor | null,
  limit: number,
): Promise<MessageRow[]> {
  return (await db.query(
    `SELECT ${MESSAGE_COLUMNS} FROM message m
      WHERE m.conversation_id = $1
        AND ($2::timestamptz IS NULL OR (m.created_at, m.id) < ($2::timestamptz, $3::uuid))
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT $4`,
    [conversationId, after?.at ?? null, after?.id ?? null, limit],
  )) as MessageRow[];
}

export interface ParticipantRow {
  user_id: string;
  role: ParticipantRole;
}

export async function participantsOf(
  db: SqlRunner,
  conversationId: string,
): Promise<ParticipantRow[]> {
  return (await db.query(
    `SELECT user_id, role FROM conversation_participant WHERE conversation_id = $1`,
    [conversationId],
  )) as ParticipantRow[];
}

/** The member's unread messages and conversations: their unread rows only (a partial index). */
export async function tally(
  db: SqlRunner,
  userId: string,
): Promise<{ count: number; conversations: number }> {
  // The client asks for it every few seconds and every message sent tells it to the recipients:
  // prepared once per connection (its parse and plan cost about what its run does).
  const [row] = (await queryPrepared(
    db,
    `SELECT COALESCE(sum(unread_count), 0)::int AS count, count(*)::int AS conversations
       FROM conversation_participant WHERE user_id = $1 AND unread_count > 0`,
    [userId],
  )) as Array<{ count: number; conversations: number }>;
  return row;
}

/** tally for several members in one statement (a row for each, zeros included). */
export async function tallies(
  db: SqlRunner,
  userIds: readonly string[],
): Promise<Array<{ user_id: string; count: number; conversations: number }>> {
  return (await db.query(
    `SELECT u.id AS user_id, COALESCE(sum(cp.unread_count), 0)::int AS count,
            count(cp.user_id)::int AS conversations
       FROM unnest($1::uuid[]) AS u(id)
       LEFT JOIN conversation_participant cp ON cp.user_id = u.id AND cp.unread_count > 0
      GROUP BY u.id`,
    [userIds],
  )) as Array<{ user_id: string; count: number; conversations: number }>;
}

/**
 * Moves the member's read mark in each conversation of the given messages (theirs to read) up
 * to the newest of them, taking what it passes over off their unread count (a decrement, so a
 * message written meanwhile still counts). Answers how many conversations moved.
 */
export async function markSeen(
  db: SqlRunner,
  userId: string,
  messageIds: readonly string[],
): Promise<number> {
  const [rows] = (await db.query(
    `WITH given AS (
       SELECT m.conversation_id, max(m.created_at) AS at
         FROM message m
         JOIN conversation_participant p ON p.conversation_id = m.conversation_id AND p.user_id = $1
        WHERE m.id = ANY($2::uuid[])
        GROUP BY m.conversation_id)
     UPDATE conversation_participant cp SET
        unread_count = GREATEST(0, cp.unread_count - (
          SELECT count(*) FROM message m
           WHERE m.conversation_id = cp.conversation_id AND m.sender_id <> $1
             AND m.created_at > COALESCE(cp.last_read_at, '-infinity'::timestamptz)
             AND m.created_at <= g.at)::int),
        last_read_at = g.at
       FROM given g
      WHERE cp.conversation_id = g.conversation_id AND cp.user_id = $1
        AND (cp.last_read_at IS NULL OR cp.last_read_at < g.at)
      RETURNING cp.conversation_id`,
    [userId, messageIds],
  )) as [unknown[], number];
  return rows.length;
}

export async function deleteConversation(db: SqlRunner, conversationId: string): Promise<boolean> {
  const [rows] = (await db.query(`DELETE FROM conversation WHERE id = $1 RETURNING id`, [
    conversationId,
  ])) as [unknown[], number];
  return rows.length > 0;
}

/** The others in the member's conversations (their tallies change when these go). */
export async function othersInConversationsOf(db: SqlRunner, userId: string): Promise<string[]> {
  const rows = (await db.query(
    `SELECT DISTINCT o.user_id FROM conversation_participant cp
       JOIN conversation_participant o ON o.conversation_id = cp.conversation_id
      WHERE cp.user_id = $1 AND o.user_id <> $1`,
    [userId],
  )) as Array<{ user_id: string }>;
  return rows.map((row) => row.user_id);
}

/** Deletes every conversation the member is in (and their page inboxes'); how many. */
export async function deleteConversationsOf(db: SqlRunner, userId: string): Promise<number> {
  const [rows] = (await db.query(
    `DELETE FROM conversation c
      WHERE c.id IN (SELECT conversation_id FROM conversation_participant WHERE user_id = $1)
         OR c.starter_id = $1
      RETURNING c.id`,
    [userId],
  )) as [unknown[], number];
  return rows.length;
}
