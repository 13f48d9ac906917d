import { Injectable, Logger } from '@nestjs/common';
import type { Member } from '../../platform/access/current-caller.decorator';
import { viewerOf } from '../../platform/access/viewer';
import { retriedStatement } from '../../platform/database/retried-transaction';
import { Sql } from '../../platform/database/sql';
import { AppError } from '../../platform/http/app-error';
import { answerDate, type DateAnswered } from './attendance.queries';
import type { EventDateDto, UpsertAttendanceDto } from './dto/events.dto';
import { EventViewsService } from './event-views.service';
import { EventsErrors } from './events.errors';

export { EVENT_ATTENDANCE } from './attendance.queries';

/**
 * Answers per date: MAYBE, GOING or NOT_GOING, one per member and date (a unique constraint and
 * one upsert, so any number of clicks at once leave one row), with what the member brings (GOING
 * or MAYBE; NOT_GOING clears it). An answer that changes something, by anyone but the event's
 * creator, tells the creator: a `notifications/notify` job (type event, EVENT_ATTENDANCE) written
 * to the outbox with the answer. The date's checks, the answer and the job are one statement
 * (attendance.queries' answerDate, no transaction); the date is then read as its screen shows it.
 */
@Injectable()
export class AttendanceService {
  private readonly logger = new Logger('EventAttendance');

  constructor(
    private readonly sql: Sql,
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
    let answered: DateAnswered | undefined;
    try {
      answered = await retriedStatement(() =>
        answerDate(this.sql, viewer, {
          specificId: input.specificId.toLowerCase(),
          userId: member.userId,
          status: input.status,
          bring,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError))
        this.logger.error(`Ev attendance upsert error: ${String(error)}`);
      throw error;
    }
    if (!answered || !answered.visible) throw EventsErrors.EVENT_DATE_NOT_FOUND();
    if (answered.specific.cancelled) throw EventsErrors.DATE_CANCELLED();
    if (answered.over) throw EventsErrors.DATE_OVER();
    const [date] = await this.views.dates(viewer, answered.template, [answered.specific]);
    return date;
  }
}
