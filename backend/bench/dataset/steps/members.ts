import { DEMO_PLACES, DEMO_USERNAMES } from '../demo/demo-text';
import { idSql, inBatches, type SeedContext, type SeedStep } from '../seed-context';

/**
 * Real places members live in, spread a little (±0.15°) around each centre. Points are stored as
 * they are (the true point, as registration stores it); platform/geo rounds them when shown.
 */
export const CITIES = [
  { city: 'Melbourne', state: 'Victoria', country: 'Australia', lat: -37.8136, lng: 144.9631 },
  { city: 'Sydney', state: 'New South Wales', country: 'Australia', lat: -33.8688, lng: 151.2093 },
  { city: 'Brisbane', state: 'Queensland', country: 'Australia', lat: -27.4698, lng: 153.0251 },
  { city: 'Auckland', state: 'Auckland', country: 'New Zealand', lat: -36.8485, lng: 174.7633 },
  { city: 'Portland', state: 'Oregon', country: 'United States', lat: 45.5152, lng: -122.6784 },
  { city: 'Bristol', state: 'England', country: 'United Kingdom', lat: 51.4545, lng: -2.5879 },
];

const placeValues = (
  places: Array<{ city: string; state: string; country: string; lat: number; lng: number }>,
) =>
  places
    .map(
      (c, index) =>
        `(${index}, '${c.city}', '${c.state}', '${c.country}', ${c.lat}::float8, ${c.lng}::float8)`,
    )
    .join(', ');
const CITY_VALUES = placeValues(CITIES);
const DEMO_PLACE_VALUES = placeValues(
  DEMO_PLACES.map(({ suburb, ...place }) => ({ city: suburb, ...place })),
);

/** Seeded member n (1-based): `member_<n>`; bench member n: `bench_<n>` (never in seeded rows). */
export const memberId = (index: string) => idSql('member', index);
export const benchMemberId = (index: string) => idSql('bench', index);

/** Registered members with a location, their handles; then the bench's own accounts. */
export const membersStep: SeedStep = {
  name: 'members',
  async run(context: SeedContext) {
    const { db, size } = context;
    // The demo's members have friendly handles (<handle>@plantfolk.test) in suburbs of two cities.
    if (size.demo && size.members > DEMO_USERNAMES.length)
      throw new Error(`The demo has ${DEMO_USERNAMES.length} handles, not ${size.members}`);
    const insert = async (kind: 'member' | 'bench', from: number, to: number) => {
      const demo = size.demo && kind === 'member';
      const username = demo ? `($5::text[])[g]` : `'${kind}_' || g`;
      const email = demo
        ? `${username} || '@plantfolk.test'`
        : `'${kind}-' || g || '@bench.plantfolk.test'`;
      const places = demo ? DEMO_PLACES.length : CITIES.length;
      const spread = demo ? 0.01 : 0.3;
      await db.query(
        `INSERT INTO user_account (id, email, email_verified_at, password_hash, username,
                                   suburb_city, state, country, latitude, longitude,
                                   registered_at, created_at, updated_at)
         SELECT ${idSql(kind, 'g')}, ${email}, t.at, $3,
                ${username}, c.city, c.state, c.country,
                c.lat + (pg_temp.h('${kind}-lat:' || g) - 0.5) * ${spread},
                c.lng + (pg_temp.h('${kind}-lng:' || g) - 0.5) * ${spread},
                t.at, t.at, t.at
           FROM generate_series($1::int, $2::int) g
           JOIN (VALUES ${demo ? DEMO_PLACE_VALUES : CITY_VALUES}) AS c(i, city, state, country, lat, lng)
             ON c.i = ${kind === 'bench' ? 0 : `g % ${places}`},
                LATERAL (SELECT $4::timestamptz - interval '400 days' + g * interval '1 second' AS at) t`,
        [from, to, context.passwordHash, context.epoch, ...(demo ? [DEMO_USERNAMES] : [])],
      );
      await db.query(
        `INSERT INTO handle (handle, owner_type, owner_id)
         SELECT ${username.replace('$5', '$3')}, 'user', ${idSql(kind, 'g')}
           FROM generate_series($1::int, $2::int) g`,
        [from, to, ...(demo ? [DEMO_USERNAMES] : [])],
      );
    };
    await inBatches(context, 'members', size.members, 50_000, (from, to) =>
      insert('member', from, to),
    );
    await inBatches(context, 'bench members', size.benchMembers, 50_000, (from, to) =>
      insert('bench', from, to),
    );
  },
};
