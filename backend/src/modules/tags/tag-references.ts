import type { EntityManager } from 'typeorm';

/**
 * A table of another module that points at tags (content's post_tag, pages' page_tag). The tags
 * module owns the catalogue but not these tables, so when admins merge two tags each holder moves
 * its own rows, in the merge's transaction. Holders register at start-up (onModuleInit).
 */
export interface TagReferenceHolder {
  name: string;
  /**
   * Points the references to `fromId` at `intoId`, dropping those whose owner already has
   * `intoId` (no duplicates); the rest go with the `fromId` tag (ON DELETE CASCADE). Returns how
   * many public posts newly carry `intoId` (post_count counts those; 0 for holders of no posts).
   */
  repoint(manager: EntityManager, fromId: number, intoId: number): Promise<{ publicPosts: number }>;
}
