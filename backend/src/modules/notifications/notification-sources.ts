import type { AudienceKind } from './jobs/notifications.jobs';

/**
 * What the list needs from the modules whose things notifications are about, and the triggers'
 * re-check: this module depends on no domain module, so those modules register a source at
 * start-up (content for posts and comments, events for events), as they register post kinds with
 * content. Resolving at read time keeps links honest: a renamed handle or an edited event title
 * shows as it is now, and nothing is copied into every row.
 */

/** A post as the list links it: `/post/{random_id}`. */
export interface PostTarget {
  random_id: string;
}

/** A comment as the list shows it: a short excerpt, and whether it answered a comment. */
export interface CommentTarget {
  excerpt: string;
  is_reply: boolean;
}

/** An event as the list links it: `/event/{random_id}`, with its title. */
export interface EventTarget {
  random_id: string;
  title: string;
}

export interface TargetRefs {
  postIds: string[];
  commentIds: string[];
  eventIds: string[];
}

export interface Targets {
  posts: Map<string, PostTarget>;
  comments: Map<string, CommentTarget>;
  events: Map<string, EventTarget>;
}

/** A cause the POST new-*-notif triggers name. */
export type TriggerKind = 'reaction' | 'comment' | 'event';

/**
 * One page of an audience (FanOutPayload): the ids of those who may hear of the cause now, checked
 * when the job runs, ascending, after `after` (null: from the first), at most `limit`, leaving out
 * `excludeId` (who caused it). An empty page ends the fan-out.
 */
export type Audience = (
  subjectId: string,
  excludeId: string | null,
  after: string | null,
  limit: number,
) => Promise<string[]>;

/**
 * A module's part: describe its things for the list (one query per kind of thing per page), and,
 * for the triggers, re-tell a cause the caller made through the module's own notify path
 * (idempotent: the dedupe key). `retell` answers false when there is no such cause of the
 * caller's (a stranger's, or gone).
 */
export interface NotificationSource {
  describe?(refs: TargetRefs): Promise<Partial<Targets>>;
  retell?: Partial<Record<TriggerKind, (callerId: string, causeId: string) => Promise<boolean>>>;
  /** The audiences of the module's fan-outs (the `fan-out` job). */
  audiences?: Partial<Record<AudienceKind, Audience>>;
}
