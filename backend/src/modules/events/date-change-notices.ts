import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { OutboxService } from '../../platform/queues/outbox.service';
import type { FanOutPayload } from '../notifications';

/** A date of an event moved to other times (or was reinstated after a cancellation). */
export const EVENT_DATE_CHANGED = 'EVENT_DATE_CHANGED';
/** A date of an event was cancelled. */
export const EVENT_DATE_CANCELLED = 'EVENT_DATE_CANCELLED';

export interface DateChange {
  eventId: string;
  specificId: string;
  cancelled: boolean;
}

/**
 * Tells everyone who answered each changed date, as part of the change's transaction: one
 * `notifications/fan-out` job per date in the outbox, the audience (events' own, registered in
 * notification-source.ts) resolved and checked when the job runs. Each change is its own cause (a
 * fresh change id in its key), so a second change of the same date is told again, while a job
 * that runs twice tells each member once.
 */
export async function tellDateChanges(
  outbox: OutboxService,
  manager: EntityManager,
  actorId: string,
  changes: readonly DateChange[],
): Promise<void> {
  for (const change of changes) {
    const subtype = change.cancelled ? EVENT_DATE_CANCELLED : EVENT_DATE_CHANGED;
    const cause: FanOutPayload = {
      audience: change.cancelled ? 'event-date-cancelled' : 'event-date',
      subjectId: change.specificId,
      causeKey: `${subtype}:${change.specificId}:${randomUUID()}`,
      type: 'event',
      subtype,
      actorId,
      eventId: change.eventId,
      eventSpecificId: change.specificId,
    };
    await outbox.enqueue(manager, 'notifications', 'fan-out', cause);
  }
}
