import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { viewerOf } from '../../platform/access/viewer';
import { retriedTransaction } from '../../platform/database/retried-transaction';
import { AppError } from '../../platform/http/app-error';
import { OutboxService } from '../../platform/queues/outbox.service';
import type { NotifyPayload } from '../notifications';
import type { EventDateDto, UpsertAttendanceDto } from './dto/events.dto';
import { EventViewsService } from './event-views.service';
import { canSeeEvent } from './event-rules';
import * as events from './events.queries';
import { EventsErrors } from './events.errors';

export const EVENT_ATTENDANCE = 'EVENT_ATTENDANCE';

/** The creator hears of an answer: one notification per member, date and status (dedupe key). */
export function attendanceNotice(answer: {
  creatorId: string;
  actorId: string;
  eventId: string;
  specificId: string;
  status: string;
}): NotifyPayload {
  return {
    type: 'event',
    subtype: EVENT_ATTENDANCE,
    recipientId: answer.creatorId,
    actorId: answer.actorId,
    postId: null,
    commentId: null,
    eventId: answer.eventId,
    eventSpecificId: answer.specificId,
    dedupeKey: `event-attendance:${answer.specificId}:${answer.actorId}:${answer.status}`,
  };
}

/**
 * Answers per date: MAYBE, GOING or NOT_GOING, one per member and date (a unique constraint and
 * one upsert statement, so any number of clicks at once leave one row), with what the member
 * brings (GOING or MAYBE; NOT_GOING clears it). An answer that changes something, by anyone but
 * the event's creator, tells the creator: a `notifications/notify` job (type event,
 * EVENT_ATTENDANCE) written to the outbox with the answer.
 */
@Injectable()
export class AttendanceService {
  private readonly logger = new Logger('EventAttendance');

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly views: EventViewsService,
  ) {}

  async upsert(member: Member, input: UpsertAttendanceDto): Promise<EventDateDto> {
    const viewer = viewerOf(member);
    const bring =
      input.bring === undefined
        ? undefined
        : input.bring === null
          ? null
          : input.bring.trim() || null;
    if (input.status === 'NOT_GOING' && bring) throw EventsErrors.BRING_NOT_GOING();
    try {
      await retriedTransaction(this.dataSource, async (manager) => {
        const specific = await events.specificById(manager, input.specificId.toLowerCase());
        if (!specific) throw EventsErrors.EVENT_DATE_NOT_FOUND();
        const event = await events.eventById(manager, specific.event_id);
        if (!event || !canSeeEvent(viewer, event)) throw EventsErrors.EVENT_DATE_NOT_FOUND();
        if (specific.cancelled) throw EventsErrors.DATE_CANCELLED();
        if (specific.ends_at.getTime() <= Date.now()) throw EventsErrors.DATE_OVER();
        const changed = await events.upsertAttendance(manager, {
          specificId: specific.id,
          userId: member.userId,
          status: input.status,
          bring,
        });
        if (!changed || member.userId === event.creator_id) return;
        const notice = attendanceNotice({
          creatorId: event.creator_id,
          actorId: member.userId,
          eventId: event.id,
          specificId: specific.id,
          status: input.status,
        });
        await this.outbox.enqueue(manager, 'notifications', 'notify', notice);
      });
    } catch (error) {
      if (!(error instanceof AppError))
        this.logger.error(`Ev attendance upsert error: ${String(error)}`);
      throw error;
    }
    return this.views.date(viewer, input.specificId.toLowerCase());
  }
}
