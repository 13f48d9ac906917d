import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NoticeContext } from '../content/content.service';
import type { NotificationType } from './entities/notification.entity';

export interface NewNotification {
  type: NotificationType;
  recipientId: string;
  actorId: string | null;
  postId: string | null;
  commentId: string | null;
  /** Makes the insert idempotent: a second insert with the same key changes nothing. */
  dedupeKey: string;
}

/** Writes notifications (the REST API to read them comes with a later issue). */
@Injectable()
export class NotificationsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether a member should hear about activity on a post: never their own doing, never a post they cannot see. */
  shouldNotify(context: NoticeContext, actorId: string): boolean {
    if (context.recipientId === actorId) return false;
    return context.postPrivacy !== 'private' || context.recipientId === context.postAuthorId;
  }

  /** Inserts the notification unless one with its dedupe key exists; returns whether it did. */
  async add(notification: NewNotification): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
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
    );
    return rows.length > 0;
  }
}
