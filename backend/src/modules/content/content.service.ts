import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import type { PlantDetailsLoader } from './content-item';
import { ContentItemsService } from './content-items.service';
import type { PostPrivacy } from './entities/post.entity';
import type { Cursor } from './paging';
import type { PostQuery } from './post-queries';
import { type LockedPost, type NewPostInput, PostsService } from './posts.service';
import type { Viewer } from './visibility';

/** Who should hear about a reaction or comment, and whether they may see the post. */
export interface NoticeContext {
  recipientId: string;
  postId: string;
  postAuthorId: string;
  postPrivacy: PostPrivacy;
}

/**
 * What other modules may do with posts: the plants module writes plant/image posts and lists
 * them; the notifications module finds who to tell. Every read applies the viewer's privacy.
 */
@Injectable()
export class ContentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly items: ContentItemsService,
  ) {}

  createPost(manager: EntityManager, userId: string, input: NewPostInput): Promise<string> {
    return this.posts.createPost(manager, userId, input);
  }

  lockForEdit(manager: EntityManager, member: Member, key: string): Promise<LockedPost> {
    return this.posts.lockForEdit(manager, member, key);
  }

  setPrivacy(manager: EntityManager, post: LockedPost, privacy: PostPrivacy): Promise<void> {
    return this.posts.setPrivacy(manager, post, privacy);
  }

  bump(manager: EntityManager, postId: string): Promise<void> {
    return this.posts.bump(manager, postId);
  }

  updatePhotoTexts(
    manager: EntityManager,
    postId: string,
    photos: Array<{ id: string; description: string; alt_text?: string | null }>,
  ): Promise<void> {
    return this.posts.updatePhotoTexts(manager, postId, photos);
  }

  registerPlantLoader(loader: PlantDetailsLoader): void {
    this.items.registerPlantLoader(loader);
  }

  page(viewer: Viewer, query: PostQuery, cursor: Cursor | null, take: number) {
    return this.items.page(viewer, query, cursor, take);
  }

  listItems(viewer: Viewer, query: PostQuery, limit: number) {
    return this.items.listItems(viewer, query, limit);
  }

  one(viewer: Viewer, key: string) {
    return this.items.one(viewer, key);
  }

  count(viewer: Viewer, query: PostQuery, counts: Record<string, string> = {}) {
    return this.items.count(viewer, query, counts);
  }

  respondersOf(items: Array<{ user_id: string }>) {
    return this.items.respondersOf(items);
  }

  /** The author of what was reacted to, while the reaction still exists. */
  async reactionContext(reactionId: string): Promise<NoticeContext | null> {
    const [row] = await this.dataSource.query(
      `SELECT COALESCE(c.user_id, p.user_id) AS "recipientId", p.id AS "postId",
              p.user_id AS "postAuthorId", p.privacy AS "postPrivacy"
         FROM reaction r
         LEFT JOIN comment c ON c.id = r.comment_id
         JOIN post p ON p.id = COALESCE(r.post_id, c.post_id)
        WHERE r.id = $1`,
      [reactionId],
    );
    return row ?? null;
  }

  /** The author of the comment replied to, or of the post commented on, while the comment exists. */
  async commentContext(commentId: string): Promise<NoticeContext | null> {
    const [row] = await this.dataSource.query(
      `SELECT COALESCE(parent.user_id, p.user_id) AS "recipientId", p.id AS "postId",
              p.user_id AS "postAuthorId", p.privacy AS "postPrivacy"
         FROM comment c
         LEFT JOIN comment parent ON parent.id = c.parent_id
         JOIN post p ON p.id = c.post_id
        WHERE c.id = $1`,
      [commentId],
    );
    return row ?? null;
  }
}
