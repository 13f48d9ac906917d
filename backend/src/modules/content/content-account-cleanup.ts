import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { imageRefs, type ImageVariant } from '../../platform/images/image-pipeline.service';
import { StorageService } from '../../platform/storage/storage.service';
import { AccountDeletionService } from '../identity/account-deletion.service';
import { TagsService } from '../tags/tags.service';

/**
 * When an account goes, its posts, comments and reactions go with it by ON DELETE CASCADE. What
 * the cascade cannot do runs first, in the deletion's transaction (so it needs the rows that are
 * about to go: a `before-user` step): counts on other members' posts and comments, tags' post
 * counts, and removing the member's photo files from storage once the deletion commits.
 */
@Injectable()
export class ContentAccountCleanup implements OnModuleInit {
  constructor(
    private readonly deletion: AccountDeletionService,
    private readonly tags: TagsService,
    private readonly storage: StorageService,
  ) {}

  onModuleInit() {
    this.deletion.registerStep({
      name: 'content',
      phase: 'before-user',
      run: (manager, userId) => this.beforeUserDeleted(manager, userId),
    });
  }

  async beforeUserDeleted(manager: EntityManager, userId: string): Promise<void> {
    // Their reactions on others' posts and comments.
    await manager.query(
      `UPDATE post p SET reaction_count = p.reaction_count - r.n
         FROM (SELECT post_id, count(*)::int AS n FROM reaction
                WHERE user_id = $1 AND post_id IS NOT NULL GROUP BY post_id) r
        WHERE p.id = r.post_id AND p.user_id <> $1`,
      [userId],
    );
    await manager.query(
      `UPDATE comment c SET reaction_count = c.reaction_count - r.n
         FROM (SELECT comment_id, count(*)::int AS n FROM reaction
                WHERE user_id = $1 AND comment_id IS NOT NULL GROUP BY comment_id) r
        WHERE c.id = r.comment_id AND c.user_id <> $1`,
      [userId],
    );
    await manager.query('DELETE FROM reaction WHERE user_id = $1', [userId]);

    // Their comments on others' posts, with every reply under them.
    await manager.query(
      `WITH RECURSIVE doomed AS (
         SELECT id, post_id FROM comment WHERE user_id = $1
         UNION
         SELECT c.id, c.post_id FROM comment c JOIN doomed d ON c.parent_id = d.id
       )
       UPDATE post p SET comment_count = p.comment_count - x.n
         FROM (SELECT post_id, count(*)::int AS n FROM doomed GROUP BY post_id) x
        WHERE p.id = x.post_id AND p.user_id <> $1`,
      [userId],
    );
    await manager.query('DELETE FROM comment WHERE user_id = $1', [userId]);

    // Tags count public posts.
    const tagCounts: Array<{ tag_id: number; n: number }> = await manager.query(
      `SELECT pt.tag_id, count(*)::int AS n FROM post_tag pt JOIN post p ON p.id = pt.post_id
        WHERE p.user_id = $1 AND p.privacy = 'public' GROUP BY pt.tag_id`,
      [userId],
    );
    const byCount = new Map<number, number[]>();
    for (const { tag_id, n } of tagCounts) byCount.set(n, [...(byCount.get(n) ?? []), tag_id]);
    for (const [n, tagIds] of byCount) await this.tags.adjustPostCounts(manager, tagIds, -n);

    // Files: every photo of their posts and every upload not attached yet.
    const images: Array<{ ref: string; variants: ImageVariant[] }> = await manager.query(
      `SELECT ph.image_ref AS ref, ph.variants FROM post_photo ph JOIN post p ON p.id = ph.post_id
        WHERE p.user_id = $1
       UNION ALL
       SELECT ref, variants FROM uploaded_image WHERE user_id = $1 AND attached_at IS NULL`,
      [userId],
    );
    await this.storage.scheduleRemoval([...new Set(images.flatMap(imageRefs))], manager);
  }
}
