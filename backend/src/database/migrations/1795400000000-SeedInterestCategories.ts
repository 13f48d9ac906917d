import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Starter interest categories (parent tags) with their children, so a new site's
 * /user/interests has something to choose from before an admin curates the catalogue.
 * Names are already normalised (see tags/tag-name.ts). An existing tag of the same name is kept:
 * a top-level one becomes the category, a child keeps the parent it already has.
 */
export const STARTER_INTEREST_CATEGORIES: Record<string, string[]> = {
  houseplants: ['monstera', 'philodendron', 'pothos', 'ferns', 'calathea', 'hoya'],
  'succulents-and-cacti': ['succulents', 'cacti', 'echeveria', 'haworthia'],
  edibles: ['vegetables', 'herbs', 'fruit-trees', 'tomatoes', 'chillies'],
  natives: ['native-plants', 'grevillea', 'banksia', 'wildflowers'],
  propagation: ['cuttings', 'seeds', 'seedlings', 'division', 'water-propagation'],
  'garden-care': ['pests', 'soil', 'compost', 'pruning', 'repotting'],
};

export class SeedInterestCategories1795400000000 implements MigrationInterface {
  name = 'SeedInterestCategories1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [category, children] of Object.entries(STARTER_INTEREST_CATEGORIES)) {
      await queryRunner.query(
        `INSERT INTO tag (name, is_parent) VALUES ($1, true)
         ON CONFLICT (name) DO UPDATE SET is_parent = true WHERE tag.parent_id IS NULL`,
        [category],
      );
      await queryRunner.query(
        `INSERT INTO tag (name, parent_id)
         SELECT child, parent.id FROM unnest($2::text[]) AS child, tag parent
          WHERE parent.name = $1 AND parent.is_parent
         ON CONFLICT (name) DO UPDATE SET parent_id = EXCLUDED.parent_id
          WHERE tag.parent_id IS NULL AND NOT tag.is_parent`,
        [category, children],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Only the seeded tags nobody has used yet; anything members adopted stays.
    const names = Object.entries(STARTER_INTEREST_CATEGORIES).flatMap(([category, children]) => [
      ...children,
      category,
    ]);
    await queryRunner.query(
      `DELETE FROM tag WHERE name = ANY($1::text[]) AND created_by IS NULL
          AND follower_count = 0 AND post_count = 0
          AND NOT EXISTS (SELECT 1 FROM tag child WHERE child.parent_id = tag.id)`,
      [names],
    );
  }
}
