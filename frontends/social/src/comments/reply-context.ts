import type { CommentEntry } from '../content/entries';

/**
 * Whom a reply answers (spec §3): the post, the comment and its author, and the comment's level
 * (the reply's is one more). Cleared once the reply is posted (spec §4).
 */
export interface ReplyContext {
  /** The post's random id. */
  postId: string;
  username: string;
  commentId: string;
  level: number;
  commentAuthorId: string;
}

export function replyContextFor(postRandomId: string, comment: CommentEntry): ReplyContext {
  return {
    postId: postRandomId,
    username: comment.author?.username ?? 'a member',
    commentId: comment.id,
    level: comment.level,
    commentAuthorId: comment.user_id,
  };
}

export interface CommentNode {
  comment: CommentEntry;
  replies: CommentNode[];
}

/**
 * Threads comments (oldest first) by `parent_id`. A reply whose parent is not loaded (on a later
 * page) is shown at the top level rather than hidden.
 */
export function threadComments(comments: readonly CommentEntry[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>();
  for (const comment of comments) nodes.set(comment.id, { comment, replies: [] });
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.comment.parent_id ? nodes.get(node.comment.parent_id) : undefined;
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}
