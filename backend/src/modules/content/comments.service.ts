import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { WithResponders } from '../../platform/http/envelope';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { OutboxService } from '../../platform/queues/outbox.service';
import { MembersService } from '../identity/members.service';
import type { CommentView } from './content-item';
import { postKeyQuery } from './content-items.service';
import { ContentErrors } from './content.errors';
import { MAX_COMMENT_LEVEL } from './entities/comment.entity';
import type { PostPrivacy } from './entities/post.entity';
import { type Cursor, cursorTimeSql, encodeCursor, type Page } from './paging';
import { assertCaller } from './posts.service';
import { SqlParams } from './sql-params';
import { canSee, mayEdit, type Viewer, viewerId, viewerOf, visibleSql } from './visibility';

interface CommentRow {
  id: string;
  post_id: string;
  parent_id: string | null;
  level: number;
  content: string;
  user_id: string;
  reaction_count: number;
  my_reaction_id: string | null;
  created_at: Date;
  cursor_at: string;
}

interface PostForComment {
  id: string;
  user_id: string;
  privacy: PostPrivacy;
}

/**
 * Threads of comments. A post's comment_count counts every comment and reply; creating and
 * deleting both lock the post row first, so the count stays exact under any concurrency.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly members: MembersService,
  ) {}

  async create(
    member: Member,
    input: { postId: string; content: string; parentId?: string },
  ): Promise<CommentView> {
    const content = input.content.trim();
    if (!content)
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'content', messages: ['content must not be blank'] },
      ]);
    return this.dataSource.transaction(async (manager) => {
      const post = await this.lockPost(manager, input.postId);
      if (!post || !canSee(viewerOf(member), { privacy: post.privacy, userId: post.user_id }))
        throw ContentErrors.POST_NOT_FOUND();
      let level = 0;
      if (input.parentId) {
        const [parent]: Array<{ level: number }> = await manager.query(
          'SELECT level FROM comment WHERE id = $1 AND post_id = $2',
          [input.parentId, post.id],
        );
        if (!parent) throw ContentErrors.COMMENT_NOT_FOUND();
        level = parent.level + 1;
        if (level > MAX_COMMENT_LEVEL)
          throw ContentErrors.REPLY_TOO_DEEP({ max: MAX_COMMENT_LEVEL });
      }
      const [row]: CommentRow[] = await manager.query(
        `INSERT INTO comment (post_id, user_id, parent_id, level, content)
         VALUES ($1, $2, $3, $4, $5)
         RETURNING id, post_id, parent_id, level, content, user_id, reaction_count, created_at,
                   NULL::uuid AS my_reaction_id, ${cursorTimeSql('created_at')} AS cursor_at`,
        [post.id, member.userId, input.parentId ?? null, level, content],
      );
      await manager.query('UPDATE post SET comment_count = comment_count + 1 WHERE id = $1', [
        post.id,
      ]);
      await this.outbox.enqueue(
        manager,
        'notifications',
        'comment-created',
        { commentId: row.id, actorId: member.userId, postId: post.id, parentId: row.parent_id },
        { jobId: `comment-created.${row.id}` },
      );
      return toView(row);
    });
  }

  /** A post's comments, oldest first (a reply always comes after what it replies to). */
  async list(viewer: Viewer, postKey: string, cursor: Cursor | null, take: number) {
    const post = await this.visiblePost(viewer, postKey);
    const params = new SqlParams();
    const where = [`c.post_id = ${params.add(post.id)}`];
    if (cursor)
      where.push(
        `(c.created_at, c.id) > (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::uuid)`,
      );
    const me = viewerId(viewer);
    const myReaction = me
      ? `(SELECT r.id FROM reaction r WHERE r.comment_id = c.id AND r.user_id = ${params.add(me)})`
      : 'NULL::uuid';
    const rows: CommentRow[] = await this.dataSource.query(
      `SELECT c.id, c.post_id, c.parent_id, c.level, c.content, c.user_id, c.reaction_count,
              c.created_at, ${cursorTimeSql('c.created_at')} AS cursor_at, ${myReaction} AS my_reaction_id
         FROM comment c
        WHERE ${where.join(' AND ')}
        ORDER BY c.created_at, c.id
        LIMIT ${params.add(take + 1)}`,
      params.values,
    );
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
      const [found]: Array<{ post_id: string }> = await manager.query(
        'SELECT post_id FROM comment WHERE id = $1',
        [input.id],
      );
      if (!found) throw ContentErrors.COMMENT_NOT_FOUND();
      const post = await this.lockPost(manager, found.post_id);
      // Under the post's lock no reply can be added or removed, so the subtree is final.
      const subtree: Array<{ id: string; user_id: string }> = await manager.query(
        `WITH RECURSIVE subtree AS (
           SELECT id, user_id, 0 AS depth FROM comment WHERE id = $1
           UNION ALL
           SELECT c.id, c.user_id, s.depth + 1 FROM comment c JOIN subtree s ON c.parent_id = s.id
         )
         SELECT id, user_id FROM subtree ORDER BY depth, id`,
        [input.id],
      );
      if (!post || !subtree.length) throw ContentErrors.COMMENT_NOT_FOUND();
      const viewer = viewerOf(member);
      if (!mayEdit(viewer, subtree[0].user_id) && !mayEdit(viewer, post.user_id)) {
        if (!canSee(viewer, { privacy: post.privacy, userId: post.user_id }))
          throw ContentErrors.COMMENT_NOT_FOUND();
        throw ContentErrors.NOT_THE_AUTHOR();
      }
      await manager.query('DELETE FROM comment WHERE id = $1', [input.id]);
      await manager.query('UPDATE post SET comment_count = comment_count - $2 WHERE id = $1', [
        post.id,
        subtree.length,
      ]);
      return { deleted: subtree.map((comment) => comment.id) };
    });
  }

  /** The post (by random id or uuid) if the viewer may see it, else POST_NOT_FOUND. */
  private async visiblePost(viewer: Viewer, key: string): Promise<{ id: string }> {
    const query = postKeyQuery(key);
    if (!query) throw ContentErrors.POST_NOT_FOUND();
    const params = new SqlParams();
    const match =
      query.randomId !== undefined
        ? `p.random_id = ${params.add(query.randomId)}`
        : `p.id = ${params.add(query.postId)}`;
    const [post] = await this.dataSource.query(
      `SELECT p.id FROM post p WHERE ${match} AND ${visibleSql('p', viewer, params)}`,
      params.values,
    );
    if (!post) throw ContentErrors.POST_NOT_FOUND();
    return post;
  }

  /**
   * Locks a post's row against other comment writes (not against reactions: FOR NO KEY UPDATE
   * does not block the foreign-key checks of inserts that point at it).
   */
  private async lockPost(manager: EntityManager, key: string): Promise<PostForComment | undefined> {
    const query = postKeyQuery(key);
    if (!query) return undefined;
    const [post]: PostForComment[] = await manager.query(
      `SELECT id, user_id, privacy FROM post
        WHERE ${query.randomId !== undefined ? 'random_id' : 'id'} = $1 FOR NO KEY UPDATE`,
      [query.randomId ?? query.postId],
    );
    return post;
  }
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
  };
}
