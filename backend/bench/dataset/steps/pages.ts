import { DEMO_PLACES } from '../demo/demo-text';
import { idSql, type SeedContext, type SeedStep } from '../seed-context';
import { CITIES, memberId } from './members';

/** The demo's pages: groups with a name, a few words, and the tags they are about. */
export const DEMO_PAGES = [
  {
    handle: 'fitzroy_fern_club',
    name: 'Fitzroy Fern Club',
    about: 'We meet on the first Sunday of the month to swap ferns, spores and advice.',
    tags: ['ferns', 'propagation'],
  },
  {
    handle: 'bristol_seed_library',
    name: 'Bristol Seed Library',
    about: 'Borrow seeds in spring, bring back seeds in autumn. Open to everyone.',
    tags: ['seeds', 'vegetables', 'wildflowers'],
  },
  {
    handle: 'brunswick_balcony_growers',
    name: 'Brunswick Balcony Growers',
    about: 'Small spaces, big harvests: tomatoes, chillies and herbs on Brunswick balconies.',
    tags: ['tomatoes', 'chillies', 'herbs'],
  },
  {
    handle: 'clifton_cactus_society',
    name: 'Clifton Cactus Society',
    about: 'Cacti and succulents, repotting afternoons and the odd plant sale.',
    tags: ['cacti', 'succulents', 'repotting'],
  },
  {
    handle: 'northcote_native_garden',
    name: 'Northcote Native Garden',
    about: 'A community garden of grevilleas, banksias and other natives. Working bees monthly.',
    tags: ['native-plants', 'grevillea', 'banksia'],
  },
  {
    handle: 'easton_houseplant_swap',
    name: 'Easton Houseplant Swap',
    about: 'Bring a cutting, take a cutting. Pothos, hoyas, monsteras and more.',
    tags: ['houseplants', 'cuttings', 'hoya'],
  },
];

/** Benchmark sizes: one page per this many members. */
export const MEMBERS_PER_PAGE = 50;

/** Seeded page n (1-based). */
export const pageId = (index: string) => idSql('page', index);

/**
 * Pages with owners (made trusted: only trusted members create pages), places, default settings,
 * tags and claimed handles; in the demo, each owner's three newest posts are made as their page.
 */
export const pagesStep: SeedStep = {
  name: 'pages',
  async run(context: SeedContext) {
    const { db, size } = context;
    if (!(await context.columns('page')).size) return;
    const count = size.demo
      ? Math.min(DEMO_PAGES.length, size.members)
      : Math.max(1, Math.floor(size.members / MEMBERS_PER_PAGE));
    const places = size.demo
      ? DEMO_PLACES.map((p) => ({
          city: p.suburb,
          state: p.state,
          country: p.country,
          lat: p.lat,
          lng: p.lng,
        }))
      : CITIES;
    // Page n is owned by member (n * 7) mod members + 1 and lies near place n mod places.
    await db.query(
      `INSERT INTO page (id, handle, name, about, owner_id, suburb_city, state, country,
                         latitude, longitude, admins_notified_at, created_at, updated_at)
       SELECT ${pageId('g')},
              COALESCE(($3::text[])[g], 'page_' || g),
              COALESCE(($4::text[])[g], 'Plant group ' || g),
              COALESCE(($5::text[])[g], ''),
              ${memberId('(((g * 7) % $2) + 1)')},
              pl.city, pl.state, pl.country,
              pl.lat + (pg_temp.h('page-lat:' || g) - 0.5) * 0.02,
              pl.lng + (pg_temp.h('page-lng:' || g) - 0.5) * 0.02,
              t.at, t.at, t.at
         FROM generate_series(1, $1::int) g
         JOIN jsonb_to_recordset($6::jsonb)
              AS pl(city text, state text, country text, lat float8, lng float8, k int)
           ON pl.k = (g - 1) % ${places.length} + 1,
              LATERAL (SELECT $7::timestamptz - interval '200 days' + g * interval '1 hour' AS at) t`,
      [
        count,
        size.members,
        size.demo ? DEMO_PAGES.map((page) => page.handle) : [],
        size.demo ? DEMO_PAGES.map((page) => page.name) : [],
        size.demo ? DEMO_PAGES.map((page) => page.about) : [],
        JSON.stringify(places.map((place, index) => ({ ...place, k: index + 1 }))),
        context.epoch,
      ],
    );
    await db.query(
      `INSERT INTO handle (handle, owner_type, owner_id) SELECT handle, 'page', id FROM page`,
    );
    await db.query(`INSERT INTO page_settings (page_id) SELECT id FROM page`);
    await db.query(`UPDATE user_account SET is_trusted = true
                     WHERE id IN (SELECT owner_id FROM page)`);
    if (size.demo) {
      await db.query(
        `INSERT INTO page_tag (page_id, tag_id)
         SELECT ${pageId('x.k::int')}, t.id
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(tags, k)
           CROSS JOIN LATERAL jsonb_array_elements_text(x.tags) AS tn(name)
           JOIN tag t ON t.name = tn.name
          WHERE x.k <= $2
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(DEMO_PAGES.map((page) => page.tags)), count],
      );
      await db.query(
        `UPDATE post p SET page_id = newest.page_id
           FROM (SELECT po.id, pg.id AS page_id,
                        row_number() OVER (PARTITION BY pg.id ORDER BY po.created_at DESC, po.id) AS n
                   FROM page pg JOIN post po ON po.user_id = pg.owner_id) newest
          WHERE p.id = newest.id AND newest.n <= 3`,
      );
    } else {
      await db.query(
        `INSERT INTO page_tag (page_id, tag_id)
         SELECT p.id, bt.id FROM page p
           JOIN bench_tag bt ON bt.k = (abs(hashtext(p.handle)) % (SELECT count(*) FROM bench_tag))
         ON CONFLICT DO NOTHING`,
      );
    }
    context.progress(`pages ${count}`);
  },
};
