import { inBatches, type SeedContext, type SeedStep } from '../seed-context';
import { memberId } from './members';

/**
 * The tags posts carry, most used first (a post's tags are drawn with a skew towards the front).
 * Names the starter catalogue already has (migrations) keep their rows.
 */
export const TAG_NAMES = [
  'houseplants',
  'monstera',
  'succulents',
  'propagation',
  'cuttings',
  'pothos',
  'herbs',
  'tomatoes',
  'seedlings',
  'ferns',
  'philodendron',
  'cacti',
  'repotting',
  'compost',
  'pests',
  'native-plants',
  'hoya',
  'calathea',
  'echeveria',
  'vegetables',
  'fruit-trees',
  'chillies',
  'wildflowers',
  'grevillea',
  'banksia',
  'soil',
  'pruning',
  'water-propagation',
  'division',
  'seeds',
  'haworthia',
  'orchids',
  'bonsai',
  'terrariums',
  'carnivorous-plants',
  'air-plants',
  'begonias',
  'peace-lily',
  'snake-plant',
  'fiddle-leaf-fig',
];

/** A popular tag that is not used lately: only the older half of the posts carry it. */
export const OLD_TAG = 'heritage-roses';

/**
 * The tag vocabulary (temporary table bench_tag: k → id, k = TAG_NAMES.length is OLD_TAG) and
 * members' interests; tag counts are set by the content step once posts carry them.
 */
export const tagsStep: SeedStep = {
  name: 'tags',
  async run(context: SeedContext) {
    const { db, size } = context;
    const names = [...TAG_NAMES, OLD_TAG];
    // Fixed ids for new tags (ids are random in the app: these say nothing either).
    await db.query(
      `INSERT INTO tag (id, name)
       SELECT 1000000 + k, name FROM unnest($1::text[]) WITH ORDINALITY AS x(name, k)
       ON CONFLICT DO NOTHING`,
      [names],
    );
    await db.query(
      `CREATE TEMP TABLE bench_tag ON COMMIT PRESERVE ROWS AS
       SELECT (x.k - 1)::int AS k, t.id FROM unnest($1::text[]) WITH ORDINALITY AS x(name, k)
       JOIN tag t ON t.name = x.name`,
      [names],
    );
    await db.query('CREATE UNIQUE INDEX ON bench_tag (k)');
    const vocabulary = TAG_NAMES.length;
    // Two interests per member: one followed, one grown.
    await inBatches(context, 'interests', size.members, 50_000, (from, to) =>
      db
        .query(
          `INSERT INTO user_tag_interest (user_id, tag_id, interest_type)
         SELECT ${memberId('g')}, bt.id, kind.type
           FROM generate_series($1::int, $2::int) g
           CROSS JOIN (VALUES ('follow', 0), ('grow', 1)) AS kind(type, n)
           JOIN bench_tag bt ON bt.k = (g * (1 + kind.n * 6) + kind.n * 3) % ${vocabulary}
         ON CONFLICT DO NOTHING`,
          [from, to],
        )
        .then(() => undefined),
    );
    await db.query(
      `UPDATE tag SET follower_count = counted.n
         FROM (SELECT tag_id, count(*)::int AS n FROM user_tag_interest GROUP BY tag_id) counted
        WHERE tag.id = counted.tag_id`,
    );
  },
};
