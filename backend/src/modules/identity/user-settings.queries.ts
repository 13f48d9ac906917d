import type { EntityManager } from 'typeorm';
import type { SqlRunner } from '../../platform/database/sql-runner';
import {
  EMAIL_MODE_DEFAULTS,
  type EmailKind,
  type EmailMode,
  UserSettings,
} from './entities/user-settings.entity';

/** Stores the default settings unless the member has some (INSERT … ON CONFLICT DO NOTHING). */
export async function insertDefaultSettings(manager: EntityManager, userId: string): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(UserSettings)
    .values({ userId })
    .orIgnore()
    .execute();
}

export interface EmailRecipient {
  userId: string;
  email: string;
  username: string;
  modes: Record<EmailKind, EmailMode>;
}

/** Registered, unsuspended members with a verified address among `userIds`, and their modes. */
export async function emailRecipientsByIds(
  db: SqlRunner,
  userIds: readonly string[],
): Promise<EmailRecipient[]> {
  const rows = (await db.query(
    `SELECT u.id, u.email, u.username,
            COALESCE(s.email_messages, $2) AS messages,
            COALESCE(s.email_comments, $3) AS comments,
            COALESCE(s.email_events, $4) AS events
       FROM user_account u
       LEFT JOIN user_settings s ON s.user_id = u.id
      WHERE u.id = ANY($1::uuid[]) AND u.registered_at IS NOT NULL
        AND u.suspended_at IS NULL AND u.email_verified_at IS NOT NULL`,
    [
      userIds,
      EMAIL_MODE_DEFAULTS.messages,
      EMAIL_MODE_DEFAULTS.comments,
      EMAIL_MODE_DEFAULTS.events,
    ],
  )) as Array<{
    id: string;
    email: string;
    username: string;
    messages: EmailMode;
    comments: EmailMode;
    events: EmailMode;
  }>;
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    username: row.username,
    modes: { messages: row.messages, comments: row.comments, events: row.events },
  }));
}

/** The time zones members among `userIds` have set (those without one are left out). */
export async function timeZonesByIds(
  db: SqlRunner,
  userIds: readonly string[],
): Promise<Array<{ user_id: string; time_zone: string }>> {
  return (await db.query(
    `SELECT user_id, time_zone FROM user_settings
      WHERE user_id = ANY($1::uuid[]) AND time_zone IS NOT NULL`,
    [userIds],
  )) as Array<{ user_id: string; time_zone: string }>;
}

const MODE_COLUMN: Record<EmailKind, string> = {
  messages: 'email_messages',
  comments: 'email_comments',
  events: 'email_events',
};

/** Sets one kind's mode, creating the member's settings row if needed; false: no such member. */
export async function setEmailMode(
  db: SqlRunner,
  userId: string,
  kind: EmailKind,
  mode: EmailMode,
): Promise<boolean> {
  const column = MODE_COLUMN[kind];
  const rows = (await db.query(
    `INSERT INTO user_settings (user_id, ${column})
     SELECT u.id, $2 FROM user_account u WHERE u.id = $1
     ON CONFLICT (user_id) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = now()
     RETURNING user_id`,
    [userId, mode],
  )) as unknown[];
  return rows.length > 0;
}
