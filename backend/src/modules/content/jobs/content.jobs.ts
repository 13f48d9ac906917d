import { declareJobs, type NoPayload, payload } from '../../../platform/queues/job-registry';

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

/**
 * A post was written or its text edited, and its text mentions someone (`@handle`): its processor
 * reads the post as it is then and tells whom it may (content/mentions.service.ts).
 */
export interface PostMentionsPayload {
  postId: string;
  actorId: string;
}

/**
 * A comment's content was edited and mentions someone: its processor reads the comment as it is
 * then and tells whom it newly may (content/mentions.service.ts; the dedupe key keeps those told
 * before from hearing again).
 */
export interface CommentMentionsPayload {
  commentId: string;
  actorId: string;
}

/** A post's first URL, whose preview to fetch (content/link-previews.service.ts). */
export interface LinkPreviewPayload {
  url: string;
}

/** A photo upload to render (see UploadsService.render): its ref and its private original. */
export interface RenderUploadPayload {
  ref: string;
  original: string;
}

/**
 * An upload's render job has one id, whoever puts it on the queue first (the upload request, or
 * the outbox relay with the row committed beside the upload): BullMQ ignores the second add.
 */
export const RENDER_UPLOAD_JOB_ID_PREFIX = 'render-upload.';
export function renderUploadJobId(ref: string): string {
  return `${RENDER_UPLOAD_JOB_ID_PREFIX}${ref}`;
}

/**
 * The jobs content enqueues and processes (see platform/queues/job-registry.ts). A reaction or
 * comment is written to the outbox with its job; the job's processor here decides who hears of it
 * and hands the notifications module a self-contained `notify` job.
 */
export const CONTENT_JOBS = declareJobs('content', {
  notifications: {
    'reaction-created': payload<ReactionCreatedPayload>(),
    'comment-created': payload<CommentCreatedPayload>(),
    'post-mentions': payload<PostMentionsPayload>(),
    'comment-mentions': payload<CommentMentionsPayload>(),
  },
  cleanup: {
    'purge-unattached-uploads': payload<NoPayload>(),
    'purge-unused-link-previews': payload<NoPayload>(),
  },
  images: {
    'render-upload': payload<RenderUploadPayload>(),
    'link-preview': payload<LinkPreviewPayload>(),
  },
});

declare module '../../../platform/queues/job-registry' {
  interface DeclaredJobs {
    content: typeof CONTENT_JOBS;
  }
}
