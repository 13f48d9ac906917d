import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from '../../platform/database/sql';
import type { Member } from '../../platform/access/current-caller.decorator';
import { canSee, mayEdit, type Viewer, viewerOf } from '../../platform/access/viewer';
import { WithResponders } from '../../platform/http/envelope';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/database/db-errors';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { type Cursor, encodeCursor, type Page } from '../../platform/paging/paging';
import { MembersService } from '../identity';
import { assertCaller } from './authorship';
import * as comments from './comments.queries';
import type { CommentRow } from './comments.queries';
import type { CommentView } from './content-item';
import { postKeyQuery } from './content-items.service';
import { ContentErrors } from './content.errors';
import { MAX_COMMENT_LEVEL } from './entities/comment.entity';
import { mentionsOf } from './living-text';
import { lockPost } from './posts.queries';

/**
 * Threads of comments. A post's comment_count counts every comment and reply; creating and
 * deleting both lock the post row first, so the count stays exact under any concurrency (a
 * comment is created in one statement that takes the lock first: comments.queries.ts).
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly members: MembersService,
  ) {}

  async create(
    member: Member,
    input: { postId: string; content: string; parentId?: string },
  ): Promise<CommentView> {
    const content = commentContent(input.content);
    const post = postKeyQuery(input.postId);
    if (!post) throw ContentErrors.POST_NOT_FOUND();
    let written: comments.CommentWritten | undefined;
    try {
      written = await comments.insertComment(this.sql, viewerOf(member), {
        post,
        userId: member.userId,
        parentId: input.parentId ?? null,
        content,
        maxLevel: MAX_COMMENT_LEVEL,
      });
    } catch (error) {
      // The parent went away (deleted with its thread) while this waited for the post's lock.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
        throw input.parentId ? ContentErrors.COMMENT_NOT_FOUND() : ContentErrors.POST_NOT_FOUND();
      throw error;
    }
    if (!written) throw ContentErrors.POST_NOT_FOUND();
    if (input.parentId && written.parent_level === null) throw ContentErrors.COMMENT_NOT_FOUND();
    if (!written.comment) throw ContentErrors.REPLY_TOO_DEEP({ max: MAX_COMMENT_LEVEL });
    return toView(written.comment);
  }

  /**
   * Changes a comment's content. Only its author may (admins delete, they do not put words in
   * anyone's mouth); edited_at moves when the content really changes. COMMENT_NOT_FOUND when the
   * caller cannot see the comment's post.
   */
  async update(
    member: Member,
    input: { id: string; uuid: string; content: string },
  ): Promise<CommentView> {
    assertCaller(member, input.uuid);
    const content = commentContent(input.content);
    const context = await comments.commentContext(this.sql, input.id);
    if (
      !context ||
      !canSee(viewerOf(member), { privacy: context.privacy, userId: context.author_id })
    )
      throw ContentErrors.COMMENT_NOT_FOUND();
    if (context.user_id !== member.userId) throw ContentErrors.NOT_THE_COMMENT_AUTHOR();
    // Those the new content newly mentions hear of it (with the edit: one statement, outbox).
    const row = await comments.updateCommentContent(this.sql, {
      id: input.id,
      userId: member.userId,
      content,
      mentions: mentionsOf(content).length > 0,
    });
    // Deleted (with its thread) since it was read.
    if (!row) throw ContentErrors.COMMENT_NOT_FOUND();
    return toView(row);
  }

  /** A post's comments, oldest first (a reply always comes after what it replies to). */
  async list(viewer: Viewer, postKey: string, cursor: Cursor | null, take: number) {
    const postId = await this.visiblePostId(viewer, postKey);
    const rows = await comments.commentPage(this.sql, viewer, postId, cursor, take + 1);
    const more = rows.length > take;
    const pageRows = more ? rows.slice(0, take) : rows;
    const last = pageRows[pageRows.length - 1];
    const page: Page<CommentView> = {
      items: pageRows.map(toView),
      next_cursor:
        more && last ? encodeCursor('created_at', { at: last.cursor_at, id: last.id }) : null,
    };
    return new WithResponders(
      page,
      await this.members.summariesByIds(pageRows.map((row) => row.user_id)),
    );
  }

  /**
   * Deletes a comment and every reply under it. The comment's author, the post's author and
   * admins may; others get NOT_THE_AUTHOR (or COMMENT_NOT_FOUND when they cannot see the post).
   */
  async remove(
    member: Member,
    input: { id: string; uuid: string },
  ): Promise<{ deleted: string[] }> {
    assertCaller(member, input.uuid);
    return this.dataSource.transaction(async (manager) => {
      const postId = await comments.postOfComment(manager, input.id);
      if (!postId) throw ContentErrors.COMMENT_NOT_FOUND();
      const post = await lockPost(manager, { postId });
      // Under the post's lock no reply can be added or removed, so the subtree is final.
      const subtree = await comments.commentSubtree(manager, input.id);
      if (!post || !subtree.length) throw ContentErrors.COMMENT_NOT_FOUND();
      const viewer = viewerOf(member);
      if (!mayEdit(viewer, subtree[0].user_id) && !mayEdit(viewer, post.user_id)) {
        if (!canSee(viewer, { privacy: post.privacy, userId: post.user_id }))
          throw ContentErrors.COMMENT_NOT_FOUND();
        throw ContentErrors.NOT_THE_AUTHOR();
      }
      await comments.deleteComment(manager, input.id);
      await comments.addToCommentCount(manager, post.id, -subtree.length);
      return { deleted: subtree.map((comment) => comment.id) };
    });
  }

  /** The post (by random id or uuid) if the viewer may see it, else POST_NOT_FOUND. */
  private async visiblePostId(viewer: Viewer, key: string): Promise<string> {
    const query = postKeyQuery(key);
    const postId = query ? await comments.visiblePostId(this.sql, viewer, query) : undefined;
    if (!postId) throw ContentErrors.POST_NOT_FOUND();
    return postId;
  }
}

/** A comment's content as stored: trimmed and not blank (the DTO bounds its length). */
function commentContent(raw: string): string {
  const content = raw.trim();
  if (!content)
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'content', messages: ['content must not be blank'] },
    ]);
  return content;
}

function toView(row: CommentRow): CommentView {
  return {
    id: row.id,
    post_id: row.post_id,
    parent_id: row.parent_id,
    level: row.level,
    content: row.content,
    user_id: row.user_id,
    reaction_count: row.reaction_count,
    my_reaction_id: row.my_reaction_id,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at ? row.edited_at.toISOString() : null,
  };
}
