import { DEMO_PHOTO_KINDS, demoPhoto, demoPhotoAlt } from '../demo/demo-photos';
import { demoCommentTexts, demoPosts } from '../demo/demo-text';
import { writeSeedImages } from '../images';
import { publicLatitudeSql, publicLongitudeSql } from '../../../src/platform/geo/geo';
import { idSql, inBatches, type SeedContext, type SeedStep } from '../seed-context';
import { memberId } from './members';
import { OLD_TAG, TAG_NAMES } from './tags';

const POST_TEXTS = [
  'New leaf unfurling this morning, so happy with how it is going.',
  'Repotted into a chunky aroid mix today. Fingers crossed!',
  'Does anyone know why the lower leaves are yellowing? Watering once a week.',
  'Cuttings rooted in water after three weeks. Potting them up this weekend.',
  'Morning light on the windowsill collection.',
  'First tomatoes of the season are ripening on the balcony.',
  'Swapped a pothos for a hoya at the market, best trade ever.',
  'Compost is finally ready, the garden beds are getting a top-up.',
  'Propagation station update: everything is growing roots except the fig.',
  'Found these seedlings in the gravel path, any idea what they are?',
  'Pruned the lemon tree back hard. It will thank me in spring.',
  'Sharing spare divisions of my peace lily with anyone nearby.',
];

const COMMENT_TEXTS = [
  'Looks amazing!',
  'What potting mix do you use?',
  'Mine did the same last year, it recovered fine.',
  'Would love a cutting if you have spare.',
  'Beautiful colour on those leaves.',
  'Try a bit more light and less water.',
];

export const PLANT_NAMES = [
  ['Monstera', 'Monstera deliciosa'],
  ['Golden pothos', 'Epipremnum aureum'],
  ['String of pearls', 'Curio rowleyanus'],
  ['Zebra haworthia', 'Haworthiopsis attenuata'],
  ['Heartleaf philodendron', 'Philodendron hederaceum'],
  ['Wax plant', 'Hoya carnosa'],
  ['Boston fern', 'Nephrolepis exaltata'],
  ['Jade plant', 'Crassula ovata'],
  ['Cherry tomato seedlings', null],
  ['Basil', 'Ocimum basilicum'],
  ['Snake plant', 'Dracaena trifasciata'],
  ['Kangaroo paw', 'Anigozanthos'],
];

function sqlArray(values: ReadonlyArray<string | null>): string {
  return `ARRAY[${values.map((value) => (value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`)).join(', ')}]::text[]`;
}

/** Post number g (1 = newest) as SQL: the uuid, and its index from the random id. */
export const postId = (index: string) => idSql('post', index);
const postIndex = `substr(p.random_id, 2)::int`;
const postRange = `p.random_id BETWEEN 'b' || lpad($1::text, 9, '0') AND 'b' || lpad($2::text, 9, '0')`;

const SEED_IMAGES = 6;
/** The demo's drawn photos (each shared by a few posts). */
const DEMO_IMAGES = 15;
const BATCH = 100_000;
/** A listing's owner is found nearby (nearbyPlaceOf's rule): registered, active, located. */
const OWNER_SHOWN = 'u.registered_at IS NOT NULL AND u.suspended_at IS NULL';

/**
 * Posts (a fifth of them plant listings) with photos and tags, the listings' plant rows, their
 * reactions and comments, and every count those imply: post reaction_count and comment_count
 * are drawn first and the rows made to match them; tag post_count (public posts), tag namers.
 * post_tally is kept by the app's own triggers as the posts go in.
 */
export const contentStep: SeedStep = {
  name: 'content',
  async run(context: SeedContext) {
    const { db, size } = context;
    const imageCount = size.demo ? DEMO_IMAGES : SEED_IMAGES;
    const images = size.demo
      ? await writeSeedImages(context.storageDir, imageCount, {
          kind: 'demo-image',
          source: (index) => demoPhoto(index),
          onImage: (index) => context.progress(`photo ${index + 1}/${imageCount}`),
        })
      : await writeSeedImages(context.storageDir, imageCount);
    context.progress(`images: ${images.length} photos written under ${context.storageDir}`);
    await db.query(
      `CREATE TEMP TABLE bench_image AS
       SELECT x.k, x.ref, x.variants, x.blurhash, x.width, x.height, x.alt
         FROM jsonb_to_recordset($1::jsonb)
           AS x(k int, ref text, variants jsonb, blurhash text, width int, height int, alt text)`,
      [
        JSON.stringify(
          images.map((image, k) => ({
            ...image,
            k,
            alt: size.demo ? demoPhotoAlt(k) : 'Leaves in soft light',
          })),
        ),
      ],
    );
    // The texts: the bench's dozen lines in turn, or the demo's one per post (its comments too).
    const demo = size.demo
      ? demoPosts(
          size.posts,
          PLANT_NAMES.map(([name]) => name as string),
        )
      : null;
    const postTexts = demo?.texts ?? POST_TEXTS;
    // Which photo a post shows: the bench's in turn; the demo's of the plant its text names.
    const kinds = DEMO_PHOTO_KINDS.length;
    const photoOf = (n: string) =>
      demo
        ? `(ARRAY[${demo.photoKinds.join(',')}])[1 + ${postIndex} % ${size.posts}] + ${kinds} * ((${postIndex} + ${n}) % ${imageCount / kinds})`
        : `(${postIndex} + ${n}) % ${imageCount}`;
    const commentTexts = size.demo ? demoCommentTexts(97) : COMMENT_TEXTS;
    // h^k has mean 1 / (k + 1): heavily skewed for the bench, gentler for the demo (most posts
    // there have a few reactions, as a small friendly site's do).
    const reactionSkew = size.demo ? 1 : 4;
    const commentSkew = size.demo ? 3 : 6;
    const reactionScale = size.reactionsPerPost * (reactionSkew + 1);
    const commentScale = size.commentsPerPost * (commentSkew + 1);
    const spacing = `${size.postSpacingSeconds} * interval '1 second'`;

    await inBatches(context, 'posts', size.posts, BATCH, (from, to) =>
      db
        .query(
          `INSERT INTO post (id, random_id, type, user_id, text, privacy, reaction_count,
                           comment_count, created_at, updated_at, bumped_at)
         SELECT ${postId('g')}, 'b' || lpad(g::text, 9, '0'),
                CASE WHEN g % 5 = 0 THEN 'plant/image' ELSE 'text/image' END,
                ${memberId(`(1 + floor(pg_temp.h('author:' || g) * ${size.members})::int)`)},
                (${sqlArray(postTexts)})[1 + g % ${postTexts.length}],
                CASE WHEN g % 20 = 0 THEN 'private' WHEN g % 20 < 4 THEN 'members' ELSE 'public' END,
                LEAST(floor(pg_temp.h('reactions:' || g) ^ ${reactionSkew} * ${reactionScale} + 0.5)::int, ${size.members}),
                floor(pg_temp.h('comments:' || g) ^ ${commentSkew} * ${commentScale} + 0.5)::int,
                t.at, t.at, t.at
           FROM generate_series($1::int, $2::int) g,
                LATERAL (SELECT $3::timestamptz - g * ${spacing} AS at) t`,
          [from, to, context.epoch],
        )
        .then(() => undefined),
    );

    // Photos: a third of the text posts have one, every listing one or two.
    await inBatches(context, 'photos', size.posts, BATCH, (from, to) =>
      db
        .query(
          `INSERT INTO post_photo (id, post_id, position, image_ref, variants, blurhash, width, height, alt_text)
         SELECT ${idSql('photo', `${postIndex} || ':' || n`)}, p.id, n, i.ref, i.variants,
                i.blurhash, i.width, i.height,
                CASE WHEN ${postIndex} % 2 = 0 THEN i.alt END
           FROM post p
           CROSS JOIN LATERAL generate_series(0,
                CASE WHEN p.type = 'plant/image' THEN ${postIndex} % 2
                     WHEN ${postIndex} % 3 = 0 THEN 0 ELSE -1 END) AS n
           JOIN bench_image i ON i.k = ${photoOf('n')}
          WHERE ${postRange}`,
          [from, to],
        )
        .then(() => undefined),
    );

    // The demo's photos are uploads as the app records them once rendered: `ready`, attached, by
    // the author of the first post showing them (the bench's are files only).
    if (size.demo) {
      await db.query(
        `INSERT INTO uploaded_image (ref, user_id, folder, status, variants, blurhash, width,
                                     height, created_at, attached_at)
         SELECT DISTINCT ON (i.ref) i.ref, p.user_id, 'posts', 'ready', i.variants, i.blurhash,
                i.width, i.height, p.created_at, p.created_at
           FROM bench_image i JOIN post_photo ph ON ph.image_ref = i.ref JOIN post p ON p.id = ph.post_id
          ORDER BY i.ref, p.created_at`,
      );
    }

    // Tags: 0–3 per post skewed towards the popular ones, and OLD_TAG on a tenth of the older half.
    const postTagColumns = await context.columns('post_tag');
    const withBumpedAt = postTagColumns.has('bumped_at');
    const vocabulary = TAG_NAMES.length;
    await inBatches(context, 'post tags', size.posts, BATCH, (from, to) =>
      db
        .query(
          `INSERT INTO post_tag (post_id, tag_id${withBumpedAt ? ', bumped_at' : ''})
         SELECT DISTINCT p.id, bt.id${withBumpedAt ? ', p.bumped_at' : ''}
           FROM post p
           CROSS JOIN LATERAL (
             SELECT floor(pg_temp.h('tag:' || p.random_id || ':' || j) ^ 2 * ${vocabulary})::int AS k
               FROM generate_series(1, floor(pg_temp.h('tags:' || p.random_id) * 4)::int) j
             UNION ALL
             SELECT ${vocabulary} WHERE ${postIndex} % 10 = 3 AND ${postIndex} > ${Math.floor(size.posts / 2)}
           ) picked
           JOIN bench_tag bt ON bt.k = picked.k
          WHERE ${postRange}`,
          [from, to],
        )
        .then(() => undefined),
    );
    context.progress('tag counts and namers');
    await db.query(
      `UPDATE tag SET post_count = counted.n
         FROM (SELECT pt.tag_id, count(*)::int AS n FROM post_tag pt
                 JOIN post p ON p.id = pt.post_id WHERE p.privacy = 'public' GROUP BY pt.tag_id) counted
        WHERE tag.id = counted.tag_id`,
    );
    await db.query(
      `INSERT INTO tag_namer (tag_id, user_id)
       SELECT DISTINCT pt.tag_id, p.user_id FROM post_tag pt JOIN post p ON p.id = pt.post_id
       ON CONFLICT DO NOTHING`,
    );

    await inBatches(context, 'plant listings', size.posts, BATCH, (from, to) =>
      db
        .query(
          `INSERT INTO plant (id, post_id, user_id, name, species, available, quantity, swap_terms, updated_at,
                             owner_latitude, owner_longitude)
         SELECT ${idSql('plant', postIndex)}, p.id, p.user_id,
                (${sqlArray(PLANT_NAMES.map(([name]) => name))})[1 + ${postIndex} / 5 % ${PLANT_NAMES.length}],
                (${sqlArray(PLANT_NAMES.map(([, species]) => species))})[1 + ${postIndex} / 5 % ${PLANT_NAMES.length}],
                ${postIndex} % 3 <> 0,
                CASE WHEN ${postIndex} % 4 = 0 THEN NULL ELSE 1 + ${postIndex} % 5 END,
                CASE WHEN ${postIndex} % 2 = 0 THEN 'Swap for another cutting' END,
                p.created_at,
                -- Where the listing is found nearby, as PlantsService writes it (MemberPlaces).
                CASE WHEN ${OWNER_SHOWN} THEN ${publicLatitudeSql('u.latitude')} END,
                CASE WHEN ${OWNER_SHOWN} THEN ${publicLongitudeSql('u.latitude', 'u.longitude')} END
           FROM post p JOIN user_account u ON u.id = p.user_id
          WHERE p.type = 'plant/image' AND ${postRange}`,
          [from, to],
        )
        .then(() => undefined),
    );

    // Reactions: the j-th on post g is by member (g·7919 + j·104729) mod members: distinct for
    // distinct j, since neither prime divides the member count.
    await inBatches(context, 'reactions', size.posts, BATCH, (from, to) =>
      db
        .query(
          `INSERT INTO reaction (id, user_id, post_id, created_at)
         SELECT ${idSql('reaction', `${postIndex} || ':' || j`)},
                ${memberId(`(1 + (${postIndex}::bigint * 7919 + j * 104729) % ${size.members})`)},
                p.id, p.created_at + j * interval '1 minute'
           FROM post p CROSS JOIN LATERAL generate_series(0, p.reaction_count - 1) j
          WHERE ${postRange}`,
          [from, to],
        )
        .then(() => undefined),
    );

    // Comments: even ones at the top level, each odd one a reply to the comment before it.
    for (const replies of [false, true]) {
      await inBatches(context, replies ? 'replies' : 'comments', size.posts, BATCH, (from, to) =>
        db
          .query(
            `INSERT INTO comment (id, post_id, user_id, parent_id, level, content, created_at)
           SELECT ${idSql('comment', `${postIndex} || ':' || j`)}, p.id,
                  ${memberId(`(1 + (${postIndex}::bigint * 31 + j * 977) % ${size.members})`)},
                  ${replies ? idSql('comment', `${postIndex} || ':' || (j - 1)`) : 'NULL'},
                  ${replies ? 1 : 0},
                  (${sqlArray(commentTexts)})[1 + (${postIndex} + j) % ${commentTexts.length}],
                  p.created_at + (j + 1) * interval '1 hour'
             FROM post p CROSS JOIN LATERAL generate_series(0, p.comment_count - 1) j
            WHERE ${postRange} AND j % 2 = ${replies ? 1 : 0}`,
            [from, to],
          )
          .then(() => undefined),
      );
    }
  },
};

export { OLD_TAG };
