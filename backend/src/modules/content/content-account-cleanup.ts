import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { imageRefs } from '../../platform/images/image-pipeline.service';
import { StorageService } from '../../platform/storage/storage.service';
import { AccountDeletionService } from '../identity';
import { TagsService } from '../tags';
import * as cleanup from './account-cleanup.queries';

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
    await cleanup.deleteReactionsOf(manager, userId);
    // Their comments on others' posts, with every reply under them.
    await cleanup.deleteCommentsOf(manager, userId);

    // Tags count public posts.
    const tagCounts = await cleanup.publicTagUsesOf(manager, userId);
    const byCount = new Map<number, number[]>();
    for (const { tag_id, n } of tagCounts) byCount.set(n, [...(byCount.get(n) ?? []), tag_id]);
    for (const [n, tagIds] of byCount) await this.tags.adjustPostCounts(manager, tagIds, -n);

    // Files: every photo of their posts and every upload not attached yet.
    const images = await cleanup.imagesOf(manager, userId);
    await this.storage.scheduleRemoval([...new Set(images.flatMap(imageRefs))], manager);
  }
}
