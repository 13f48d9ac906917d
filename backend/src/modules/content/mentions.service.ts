import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql';
import { canSee, type Viewer } from '../../platform/access/viewer';
import { JobQueue } from '../../platform/queues/job-queue.service';
import { type HandleOwner, HandlesService } from '../identity';
import { commentText } from './comments.queries';
import type { PostPrivacy } from './entities/post.entity';
import type { PostMentionsPayload } from './jobs/content.jobs';
import { mentionsOf } from './living-text';
import { PostPages } from './post-pages';
import { postText } from './posts.queries';

/** A post tells at most this many of the members it mentions (the first ones in its text). */
export const MAX_MENTION_NOTICES = 20;

/**
 * Who hears that a post mentions them (`@handle`), decided when the job runs, from the post as it
 * is then: each member it mentions, once per post whatever the edits (the dedupe key
 * `mention:post:{post}:{member}`; a mention added by an edit is told then), never its author,
 * never a member who may not see the post (a 'members' post: not one whose e-mail is unverified;
 * a 'private' post: nobody, it is its author's alone), never a suspended member. A page's handle
 * stands for the member who owns the page (told once, however many of their handles are named). The notice goes to the
 * notifications module as a self-contained `notify` job.
 */
@Injectable()
export class MentionNotices {
  constructor(
    private readonly sql: Sql,
    private readonly handles: HandlesService,
    private readonly pages: PostPages,
    private readonly jobs: JobQueue,
  ) {}

  async tellOfPostMentions(data: PostMentionsPayload): Promise<void> {
    const post = await postText(this.sql, data.postId);
    if (!post || post.privacy === 'private') return;
    await this.tell(post.text, {
      actorId: post.user_id,
      post: { id: post.id, userId: post.user_id, privacy: post.privacy },
      commentId: null,
      skip: new Set([post.user_id]),
    });
  }

  /**
   * The members a comment mentions, as for posts: once per comment whatever the edits (the dedupe
   * key `mention:comment:{comment}:{member}`; a mention added by an edit is told then), never its
   * writer, never one who may not see the post, and not the one the comment notice already goes
   * to (the author of the post or comment it answers).
   */
  async tellOfCommentMentions(data: { commentId: string }): Promise<void> {
    const comment = await commentText(this.sql, data.commentId);
    if (!comment) return;
    await this.tell(comment.content, {
      actorId: comment.user_id,
      post: { id: comment.post_id, userId: comment.author_id, privacy: comment.privacy },
      commentId: data.commentId,
      skip: new Set([comment.user_id, comment.target_author_id]),
    });
  }

  private async tell(
    text: string,
    about: {
      actorId: string;
      post: { id: string; userId: string; privacy: PostPrivacy };
      commentId: string | null;
      skip: ReadonlySet<string>;
    },
  ): Promise<void> {
    const handles = mentionsOf(text);
    if (!handles.length) return;
    const owners = await this.handles.owners(handles);
    const byHandle = await this.membersBehind(owners);
    const told = new Set<string>();
    for (const handle of handles) {
      if (told.size >= MAX_MENTION_NOTICES) break;
      const owner = byHandle.get(handle);
      if (!owner || owner.owner_type !== 'user' || owner.suspended) continue;
      const recipientId = owner.owner_id;
      if (about.skip.has(recipientId) || told.has(recipientId)) continue;
      const viewer: Viewer = {
        kind: 'member',
        userId: recipientId,
        admin: false,
        verified: owner.verified,
      };
      if (!canSee(viewer, { privacy: about.post.privacy, userId: about.post.userId })) continue;
      told.add(recipientId);
      const target = about.commentId ? `comment:${about.commentId}` : `post:${about.post.id}`;
      await this.jobs.add('notifications', 'notify', {
        type: 'mention',
        recipientId,
        actorId: about.actorId,
        postId: about.post.id,
        commentId: about.commentId,
        dedupeKey: `mention:${target}:${recipientId}`,
      });
    }
  }

  /** Each handle's member: a member's own, or for a page's handle the member who owns the page. */
  private async membersBehind(owners: HandleOwner[]): Promise<Map<string, HandleOwner>> {
    const byHandle = new Map(owners.map((owner) => [owner.handle, owner]));
    const pageHandles = owners.filter((owner) => owner.owner_type === 'page');
    if (!pageHandles.length) return byHandle;
    const ownerOfPage = await this.pages.ownersOf(pageHandles.map((owner) => owner.owner_id));
    const standings = new Map(
      (await this.handles.memberStandings([...ownerOfPage.values()])).map((row) => [row.id, row]),
    );
    for (const { handle, owner_id: pageId } of pageHandles) {
      const standing = standings.get(ownerOfPage.get(pageId) ?? '');
      if (!standing) byHandle.delete(handle);
      else
        byHandle.set(handle, {
          handle,
          owner_type: 'user',
          owner_id: standing.id,
          verified: standing.verified,
          suspended: standing.suspended,
        });
    }
    return byHandle;
  }
}
