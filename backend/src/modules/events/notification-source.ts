import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Sql } from '../../platform/database/sql';
import { JobQueue } from '../../platform/queues/job-queue.service';
import {
  NotificationsService,
  type NotifyPayload,
  type TargetRefs,
  type Targets,
} from '../notifications';
import { EVENT_ATTENDANCE } from './attendance.service';
import { attendanceForNotice, dateAnswerers, eventLinks } from './notification-targets.queries';

/**
 * Events' part of the notifications list: an event's public id and title (the links); and the
 * trigger `new-event-notif`, which re-tells the creator of one of the caller's own attendance
 * answers with the notice AttendanceService writes (same dedupe key: at most one row), never to
 * the creator of their own answer, never for a cancelled date. And the audiences of a date's
 * change (date-change-notices.ts): everyone who answered it, as it is when the job runs.
 */
@Injectable()
export class EventsNotificationSource implements OnModuleInit {
  constructor(
    private readonly sql: Sql,
    private readonly jobs: JobQueue,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit() {
    this.notifications.registerSource({
      describe: (refs) => this.describe(refs),
      retell: { event: (callerId, attendanceId) => this.retellAttendance(callerId, attendanceId) },
      audiences: {
        'event-date': (specificId, excludeId, after, limit) =>
          dateAnswerers(this.sql, specificId, { cancelledOnly: false, excludeId, after, limit }),
        'event-date-cancelled': (specificId, excludeId, after, limit) =>
          dateAnswerers(this.sql, specificId, { cancelledOnly: true, excludeId, after, limit }),
      },
    });
  }

  private async describe(refs: TargetRefs): Promise<Partial<Targets>> {
    if (!refs.eventIds.length) return {};
    const rows = await eventLinks(this.sql, refs.eventIds);
    return {
      events: new Map(rows.map((row) => [row.id, { random_id: row.random_id, title: row.title }])),
    };
  }

  private async retellAttendance(callerId: string, attendanceId: string): Promise<boolean> {
    const answer = await attendanceForNotice(this.sql, attendanceId);
    if (!answer || answer.user_id !== callerId) return false;
    if (answer.creator_id === callerId || answer.cancelled) return true;
    const notice: NotifyPayload = {
      type: 'event',
      subtype: EVENT_ATTENDANCE,
      recipientId: answer.creator_id,
      actorId: callerId,
      postId: null,
      commentId: null,
      eventId: answer.event_id,
      eventSpecificId: answer.specific_id,
      dedupeKey: `event-attendance:${answer.specific_id}:${callerId}:${answer.status}`,
    };
    await this.jobs.add('notifications', 'notify', notice);
    return true;
  }
}
