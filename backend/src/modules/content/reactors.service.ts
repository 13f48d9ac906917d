import { Injectable } from '@nestjs/common';
import type { Viewer } from '../../platform/access/viewer';
import { Sql } from '../../platform/database/sql';
import { WithResponders } from '../../platform/http/envelope';
import { isUuid } from '../../platform/ids/uuid';
import { type Cursor, encodeCursor, type Page } from '../../platform/paging/paging';
import { MembersService, type UserSummary } from '../identity';
import { postKeyQuery } from './content-items.service';
import { ContentErrors } from './content.errors';
import { type ReactionKey, reactorPage } from './reactions.queries';

/** One reaction in the list of who reacted: the member (see responders) and when. */
export interface ReactorView {
  id: string;
  user_id: string;
  created_at: string;
}

/**
 * Who reacted to a post or a comment. The list is exactly as visible as what it is about: a
 * viewer who may not see the post (or the comment's post) gets the same 404 as for a post that
 * does not exist, and never a name.
 */
@Injectable()
export class ReactorsService {
  constructor(
    private readonly sql: Sql,
    private readonly members: MembersService,
  ) {}

  /** Who reacted to a post (by random id or uuid), newest first. */
  ofPost(viewer: Viewer, postKey: string, cursor: Cursor | null, take: number) {
    const post = postKeyQuery(postKey);
    if (!post) throw ContentErrors.POST_NOT_FOUND();
    return this.list(viewer, { kind: 'post', post }, cursor, take);
  }

  /** Who reacted to a comment, newest first. */
  ofComment(viewer: Viewer, commentId: string, cursor: Cursor | null, take: number) {
    if (!isUuid(commentId)) throw ContentErrors.COMMENT_NOT_FOUND();
    return this.list(viewer, { kind: 'comment', commentId: commentId.toLowerCase() }, cursor, take);
  }

  private async list(
    viewer: Viewer,
    key: ReactionKey,
    cursor: Cursor | null,
    take: number,
  ): Promise<WithResponders<Page<ReactorView>, UserSummary>> {
    const rows = await reactorPage(this.sql, viewer, key, cursor, take + 1);
    if (!rows)
      throw key.kind === 'post'
        ? ContentErrors.POST_NOT_FOUND()
        : ContentErrors.COMMENT_NOT_FOUND();
    const more = rows.length > take;
    const pageRows = more ? rows.slice(0, take) : rows;
    const last = pageRows[pageRows.length - 1];
    return new WithResponders(
      {
        items: pageRows.map((row) => ({
          id: row.id,
          user_id: row.user_id,
          created_at: row.created_at.toISOString(),
        })),
        next_cursor:
          more && last ? encodeCursor('created_at', { at: last.cursor_at, id: last.id }) : null,
      },
      await this.members.summariesByIds(pageRows.map((row) => row.user_id)),
    );
  }
}
