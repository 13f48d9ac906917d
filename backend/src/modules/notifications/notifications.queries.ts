import type { SqlRunner } from '../../platform/database/sql-runner';
import type { NotifyPayload } from './jobs/notifications.jobs';

/** Inserts the notification unless one with its dedupe key exists; returns whether it did. */
export async function insertNotification(
  db: SqlRunner,
  notification: NotifyPayload,
): Promise<boolean> {
  const rows = (await db.query(
    `INSERT INTO notification (user_id, type, actor_id, post_id, comment_id, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      notification.recipientId,
      notification.type,
      notification.actorId,
      notification.postId,
      notification.commentId,
      notification.dedupeKey,
    ],
  )) as unknown[];
  return rows.length > 0;
}
