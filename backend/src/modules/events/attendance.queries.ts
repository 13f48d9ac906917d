import type { Viewer } from '../../platform/access/viewer';
import { SqlParams } from '../../platform/database/sql-params';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { outboxInsertSql } from '../../platform/queues/outbox.service';
import type { AttendanceStatus } from './entities/event-attendee.entity';
import {
  eventVisibleSql,
  SPECIFIC_COLUMNS,
  type SpecificRow,
  TEMPLATE_COLUMNS,
  type TemplateRow,
} from './events.queries';

/** The notification subtype an answer by someone else tells the event's creator with. */
export const EVENT_ATTENDANCE = 'EVENT_ATTENDANCE';

/** What answering a date found and did. */
export interface DateAnswered {
  /** The date as the statement found it (an answer changes none of its columns). */
  specific: SpecificRow;
  /** The event's first template (what the date's view falls back to). */
  template: TemplateRow;
  /** The viewer may see the event (else nothing was written). */
  visible: boolean;
  /** The date ended before the statement (nothing written). */
  over: boolean;
  /** The member's answer was inserted or changed (an identical answer changes nothing). */
  changed: boolean;
}

/**
 * Answers a date in one statement, no transaction: finds the date with its event (visible to the
 * viewer, not cancelled, not over), upserts the member's answer — one per member and date, the
 * unique constraint decides, so any number of clicks at once leave one row, and the row changes
 * only when the answer differs — and, when it changed and the member is not the event's creator,
 * writes the creator's EVENT_ATTENDANCE `notifications/notify` job to the outbox (dedupe key:
 * date, member and status). All or nothing. `bring` undefined keeps the note; NOT_GOING clears
 * it. Returns the date with its first template for the answer's view, or undefined when there is
 * no such date.
 */
export async function answerDate(
  db: SqlRunner,
  viewer: Viewer,
  answer: {
    specificId: string;
    userId: string;
    status: AttendanceStatus;
    bring: string | null | undefined;
  },
): Promise<DateAnswered | undefined> {
  const params = new SqlParams();
  const id = params.add(answer.specificId);
  const me = params.add(answer.userId);
  const status = params.add(answer.status);
  const keep = answer.bring === undefined;
  const note = params.add(keep ? null : answer.bring);
  const keepNote = params.add(keep);
  const visibleSql = eventVisibleSql('e', viewer, params);
  const bringAfter = `CASE WHEN EXCLUDED.status = 'NOT_GOING' THEN NULL
                           WHEN ${keepNote}::boolean THEN event_attendee.bring ELSE EXCLUDED.bring END`;
  const queued = outboxInsertSql('notifications', 'notify', {
    from: 'answered, target',
    where: `target.creator_id <> ${me}::uuid`,
    payload: {
      type: `'event'`,
      subtype: `'${EVENT_ATTENDANCE}'`,
      recipientId: 'target.creator_id',
      actorId: `${me}::uuid`,
      postId: 'NULL',
      commentId: 'NULL',
      eventId: 'target.event_id',
      eventSpecificId: 'target.id',
      dedupeKey: `'event-attendance:' || target.id::text || ':' || ${me}::uuid::text || ':' || ${status}::text`,
    },
    jobId: 'NULL',
  });
  const [row] = (await db.query(
    `WITH found AS (
       SELECT ${SPECIFIC_COLUMNS}, e.creator_id, ${visibleSql} AS visible, s.ends_at <= now() AS ended
         FROM event_specific s JOIN event e ON e.id = s.event_id
        WHERE s.id = ${id}::uuid),
     target AS (
       SELECT found.id, found.event_id, found.creator_id FROM found
        WHERE found.visible AND NOT found.cancelled AND NOT found.ended),
     answered AS (
       INSERT INTO event_attendee (specific_id, user_id, status, bring)
       SELECT target.id, ${me}::uuid, ${status}::text,
              CASE WHEN ${status}::text = 'NOT_GOING' THEN NULL ELSE ${note}::text END
         FROM target
       ON CONFLICT (specific_id, user_id) DO UPDATE
          SET status = EXCLUDED.status, bring = ${bringAfter}, updated_at = now()
        WHERE (event_attendee.status, event_attendee.bring) IS DISTINCT FROM (EXCLUDED.status, ${bringAfter})
       RETURNING id),
     queued AS (${queued})
     SELECT found.*, EXISTS (SELECT 1 FROM answered) AS changed,
            (SELECT to_jsonb(tpl) FROM (
               SELECT ${TEMPLATE_COLUMNS} FROM event_template t
                WHERE t.event_id = found.event_id ORDER BY t.position LIMIT 1) tpl) AS template
       FROM found`,
    params.values,
  )) as Array<
    SpecificRow & {
      creator_id: string;
      visible: boolean;
      ended: boolean;
      changed: boolean;
      template: TemplateRow;
    }
  >;
  if (!row) return undefined;
  const { creator_id: _creator, visible, ended, changed, template, ...specific } = row;
  return { specific, template, visible, over: ended, changed };
}
