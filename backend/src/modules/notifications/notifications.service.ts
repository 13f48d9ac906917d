import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/database/db-errors';
import type { NotifyPayload } from './jobs/notifications.jobs';
import { insertNotification } from './notifications.queries';

/**
 * Writes notifications (the REST API to read them comes with a later issue). Producers decide who
 * hears of what and enqueue a `notify` job; nothing here knows a domain module.
 */
@Injectable()
export class NotificationsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts the notification unless one with its dedupe key exists; returns whether it did. When its
   * cause (post, comment, member) was deleted after the producer decided, there is nothing to tell:
   * the row would be removed with its cause anyway, so the job succeeds instead of retrying.
   */
  async add(notification: NotifyPayload): Promise<boolean> {
    try {
      return await insertNotification(this.dataSource, notification);
    } catch (error) {
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return false;
      throw error;
    }
  }
}
