/**
 * The one registry of queues and the jobs each one carries, with their payload types.
 * A job declared here must have exactly one processor (a class marked with @JobProcessor);
 * the app refuses to start otherwise.
 */
export const QUEUE_NAMES = ['email', 'notifications', 'cleanup', 'images'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** A rendered e-mail to one recipient. Rendering happens where the e-mail is decided. */
export interface SendEmailPayload {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export interface DeleteStoredFilesPayload {
  refs: string[];
}

export type PurgeOutboxPayload = Record<string, never>;
export type PurgeExpiredAuthPayload = Record<string, never>;
export type PurgeUnattachedUploadsPayload = Record<string, never>;

/** A member reacted to a post, or to a comment (`commentId`) on the post. */
export interface ReactionCreatedPayload {
  reactionId: string;
  actorId: string;
  postId: string;
  commentId: string | null;
}

/** A member commented on a post, or replied to a comment (`parentId`). */
export interface CommentCreatedPayload {
  commentId: string;
  actorId: string;
  postId: string;
  parentId: string | null;
}

export interface JobPayloads {
  email: { 'send-email': SendEmailPayload };
  notifications: {
    'reaction-created': ReactionCreatedPayload;
    'comment-created': CommentCreatedPayload;
  };
  cleanup: {
    'delete-stored-files': DeleteStoredFilesPayload;
    'purge-outbox': PurgeOutboxPayload;
    'purge-expired-auth': PurgeExpiredAuthPayload;
    'purge-unattached-uploads': PurgeUnattachedUploadsPayload;
  };
  images: Record<never, never>;
}

export type JobName<Q extends QueueName> = Extract<keyof JobPayloads[Q], string>;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobPayloads[Q][N];

/** Every declared job as a value, checked against JobPayloads by the compiler in both directions. */
export const JOB_CATALOGUE = {
  email: { 'send-email': true },
  notifications: { 'reaction-created': true, 'comment-created': true },
  cleanup: {
    'delete-stored-files': true,
    'purge-outbox': true,
    'purge-expired-auth': true,
    'purge-unattached-uploads': true,
  },
  images: {},
} as const satisfies { [Q in QueueName]: { [N in JobName<Q>]: true } };

export function declaredJobs(): Array<{ queue: QueueName; name: string }> {
  return QUEUE_NAMES.flatMap((queue) =>
    Object.keys(JOB_CATALOGUE[queue]).map((name) => ({ queue, name })),
  );
}

/** How often each queue retries a failed job: exponential backoff from `backoffMs`. */
export const QUEUE_SETTINGS: Record<
  QueueName,
  { attempts: number; backoffMs: number; concurrency: number }
> = {
  email: { attempts: 8, backoffMs: 5_000, concurrency: 4 },
  notifications: { attempts: 5, backoffMs: 1_000, concurrency: 8 },
  cleanup: { attempts: 6, backoffMs: 10_000, concurrency: 2 },
  images: { attempts: 3, backoffMs: 2_000, concurrency: 2 },
};
