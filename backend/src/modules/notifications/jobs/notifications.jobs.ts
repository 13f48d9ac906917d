import { declareJobs, type NoPayload, payload } from '../../../platform/queues/job-registry';
import type { NotificationType } from '../entities/notification.entity';

/**
 * A notification to write, complete in itself: the producing module has decided who hears of what
 * (and that they may), so this module needs nothing of the producer's and reads no other table.
 */
export interface NotifyPayload {
  type: NotificationType;
  recipientId: string;
  actorId: string | null;
  postId: string | null;
  commentId: string | null;
  /** Events: the event and date the notification is about (type event). */
  eventId?: string | null;
  eventSpecificId?: string | null;
  /** What kind of `type` it is, e.g. EVENT_ATTENDANCE for an event. */
  subtype?: string | null;
  /** Makes the insert idempotent: a second notification with the same key changes nothing. */
  dedupeKey: string;
}

/** Who a fan-out reaches: an audience a module registered (NotificationSource.audiences). */
export type AudienceKind = 'event-date' | 'event-date-cancelled';

/**
 * One cause told to everyone in an audience (a date changed: everyone who answered it). Ids only:
 * the audience is resolved, and who may still hear of it checked, when the job runs, a batch of
 * recipients per set-based insert; each recipient's dedupe key is `${causeKey}:${recipientId}`, so
 * a run that repeats (a retry after a crash midway, a re-relayed outbox row) adds only what is
 * missing: one notification per recipient per cause.
 */
export interface FanOutPayload {
  audience: AudienceKind;
  /** The thing whose audience it is, e.g. an event date's id. */
  subjectId: string;
  /** Names the cause, unique per cause (e.g. `event-date-changed:<date>:<change id>`). */
  causeKey: string;
  type: NotificationType;
  subtype: string | null;
  /** Who caused it (left out of the audience), or null. */
  actorId: string | null;
  eventId: string | null;
  eventSpecificId: string | null;
}

/** A site announcement to fan out to every member (POST notifications/new-immutable). */
export interface AnnouncePayload {
  announcementId: string;
}

/**
 * One e-mail of one thing (MemberEmails): only the item's id, never an address or a link token —
 * the e-mail, its unsubscribe token included, is built when the job runs.
 */
export interface NotificationEmailPayload {
  itemId: string;
}

/** A member's daily digest of one local date of theirs (`YYYY-MM-DD`); ids only, like the above. */
export interface DigestEmailPayload {
  userId: string;
  day: string;
}

/** The jobs the notifications module processes (see platform/queues/job-registry.ts). */
export const NOTIFICATION_JOBS = declareJobs('notifications', {
  notifications: {
    notify: payload<NotifyPayload>(),
    announce: payload<AnnouncePayload>(),
    'fan-out': payload<FanOutPayload>(),
  },
  email: {
    'notification-email': payload<NotificationEmailPayload>(),
    'gather-digests': payload<NoPayload>(),
    'digest-email': payload<DigestEmailPayload>(),
  },
});

declare module '../../../platform/queues/job-registry' {
  interface DeclaredJobs {
    notifications: typeof NOTIFICATION_JOBS;
  }
}
