import {
  rfc5545,
  horizonEnd,
  instantOf,
  occurrences,
  type Rule,
  type Schedule,
} from '../../../src/modules/events/recurrence';
import { idOf, idSql, type SeedContext, type SeedStep } from '../seed-context';
import { CITIES } from './members';
import { MEMBERS_PER_PAGE, pageId } from './pages';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** idOf as a version-4 uuid (version and variant bits set): the API takes event ids only so. */
function v4IdOf(kind: string, index: number | string): string {
  const id = idOf(kind, index);
  const variant = '89ab'[parseInt(id[19], 16) % 4];
  return `${id.slice(0, 14)}4${id.slice(15, 19)}${variant}${id.slice(20)}`;
}

/** A fixed random id for seeded event n (10 base62 characters from its md5). */
function randomIdOf(n: number): string {
  let value = BigInt(`0x${idOf('event-random', n).replace(/-/g, '')}`);
  let id = '';
  while (id.length < 10) {
    id += BASE62[Number(value % 62n)];
    value /= 62n;
  }
  return id;
}

interface DemoEvent {
  title: string;
  description: string;
  /** 1-based demo page, or null. */
  page: number | null;
  /** 1-based member who creates it (null: the page's owner). */
  creator: number | null;
  privacy: 'public' | 'members';
  place: {
    name: string;
    address: string;
    suburb_city: string;
    state: string;
    country: string;
    latitude: number;
    longitude: number;
  };
  timeZone: string;
  /** Days after the epoch's date of the first date. */
  startsIn: number;
  startTime: string;
  endTime: string;
  rule: Rule;
}

const FITZROY = { suburb_city: 'Fitzroy', state: 'Victoria', country: 'Australia' };
const BRISTOL = { state: 'England', country: 'United Kingdom' };

/** The demo's events: weekly and monthly, most hosted by a page, in two time zones. */
export const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Weekly fern swap',
    description: 'Bring a fern, take a fern. Spores, offsets and advice on the side.',
    page: 1,
    creator: null,
    privacy: 'public',
    place: {
      name: 'Fitzroy Town Hall',
      address: '201 Napier St',
      ...FITZROY,
      latitude: -37.8012,
      longitude: 144.9784,
    },
    timeZone: 'Australia/Melbourne',
    startsIn: 2,
    startTime: '10:00',
    endTime: '12:00',
    rule: { frequency: 'weekly', interval: 1, monthlyBy: 'date', until: null, count: 12 },
  },
  {
    title: 'Seed library open day',
    description: 'Borrow seeds for the season and return what you saved last year.',
    page: 2,
    creator: null,
    privacy: 'public',
    place: {
      name: 'Redland Library',
      address: 'Redland Rd',
      suburb_city: 'Bristol',
      ...BRISTOL,
      latitude: 51.4717,
      longitude: -2.5958,
    },
    timeZone: 'Europe/London',
    startsIn: 5,
    startTime: '11:00',
    endTime: '15:00',
    rule: { frequency: 'monthly', interval: 1, monthlyBy: 'weekday', until: null, count: 6 },
  },
  {
    title: 'Balcony tomato clinic',
    description: 'Bring a leaf or a photo: blight, blossom end rot and staking questions answered.',
    page: 3,
    creator: null,
    privacy: 'public',
    place: {
      name: 'Brunswick Neighbourhood House',
      address: '43 Glenlyon Rd',
      suburb_city: 'Brunswick',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.7712,
      longitude: 144.9623,
    },
    timeZone: 'Australia/Melbourne',
    startsIn: 3,
    startTime: '18:30',
    endTime: '20:00',
    rule: { frequency: 'weekly', interval: 2, monthlyBy: 'date', until: null, count: 8 },
  },
  {
    title: 'Repotting afternoon',
    description: 'Fresh mix and spare pots provided; bring your root-bound plants.',
    page: null,
    creator: 1,
    privacy: 'members',
    place: {
      name: 'Montpelier Community Room',
      address: '2 Station Rd',
      suburb_city: 'Montpelier',
      ...BRISTOL,
      latitude: 51.4681,
      longitude: -2.5855,
    },
    timeZone: 'Europe/London',
    startsIn: 9,
    startTime: '14:00',
    endTime: '17:00',
    rule: { frequency: 'monthly', interval: 1, monthlyBy: 'date', until: null, count: 4 },
  },
  {
    title: 'Native garden working bee',
    description: 'Weeding, mulching and planting out the new grevilleas. Gloves supplied.',
    page: 5,
    creator: null,
    privacy: 'public',
    place: {
      name: 'Northcote Native Garden',
      address: '1 Merri Pde',
      suburb_city: 'Northcote',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.7705,
      longitude: 144.9991,
    },
    timeZone: 'Australia/Melbourne',
    startsIn: 6,
    startTime: '09:00',
    endTime: '12:00',
    rule: { frequency: 'monthly', interval: 1, monthlyBy: 'last_weekday', until: null, count: 6 },
  },
];

const BRING_NOTES = [
  'A tray of fern offsets',
  'Spare terracotta pots',
  'Lemon slice to share',
  'Saved tomato seeds',
  'Two hoya cuttings',
  'A thermos of tea',
];
const STATUSES = ['GOING', 'GOING', 'MAYBE', 'GOING', 'NOT_GOING', 'MAYBE'] as const;

/**
 * The demo's events (demo size only): templates, their dates made by the same recurrence code the
 * API uses (times relative to the epoch), answers with what members bring on the first dates.
 */
export const eventsStep: SeedStep = {
  name: 'events',
  async run(context: SeedContext) {
    const { db, size } = context;
    if (!(await context.columns('event')).size) return;
    if (!size.demo) return benchEvents(context);
    const epoch = new Date(context.epoch);
    const { rows: pages } = await db.query<{ id: string; owner_id: string }>(
      'SELECT id, owner_id FROM page',
    );
    const ownerOf = new Map(pages.map((page) => [page.id, page.owner_id]));
    let dates = 0;
    let answers = 0;
    for (const [index, demo] of DEMO_EVENTS.entries()) {
      const n = index + 1;
      const pageRow = demo.page
        ? (await db.query<{ id: string }>(`SELECT ${pageId('$1::int')} AS id`, [demo.page])).rows[0]
            .id
        : null;
      const page = pageRow && ownerOf.has(pageRow) ? pageRow : null;
      const creator =
        page && !demo.creator ? (ownerOf.get(page) as string) : idOf('member', demo.creator ?? 1);
      await db.query('UPDATE user_account SET is_trusted = true WHERE id = $1', [creator]);
      const start = new Date(epoch.getTime() + demo.startsIn * 86_400_000);
      const schedule: Schedule = {
        timeZone: demo.timeZone,
        startDate: new Intl.DateTimeFormat('en-CA', { timeZone: demo.timeZone }).format(start),
        startTime: demo.startTime,
        endTime: demo.endTime,
      };
      const eventId = v4IdOf('event', n);
      const { rows: place } = await db.query<{ id: string }>(
        `INSERT INTO event_location (id, name, address, suburb_city, state, country, latitude, longitude)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          v4IdOf('event-location', n),
          demo.place.name,
          demo.place.address,
          demo.place.suburb_city,
          demo.place.state,
          demo.place.country,
          demo.place.latitude,
          demo.place.longitude,
        ],
      );
      await db.query(
        `INSERT INTO event (id, random_id, creator_id, page_id, privacy, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [
          eventId,
          randomIdOf(n),
          creator,
          page,
          demo.privacy,
          new Date(epoch.getTime() - n * 86_400_000),
        ],
      );
      await db.query(
        `INSERT INTO event_template (event_id, position, title, description, location_id, time_zone,
                                     start_date, start_time, end_time, frequency, repeat_interval,
                                     monthly_by, until, repeat_count, rrule)
         VALUES ($1, 0, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          eventId,
          demo.title,
          demo.description,
          place[0].id,
          schedule.timeZone,
          schedule.startDate,
          schedule.startTime,
          schedule.endTime,
          demo.rule.frequency,
          demo.rule.interval,
          demo.rule.monthlyBy,
          demo.rule.until,
          demo.rule.count,
          rfc5545(demo.rule, schedule),
        ],
      );
      const made = occurrences(demo.rule, schedule, {
        from: instantOf(schedule.startDate, '00:00', schedule.timeZone),
        to: horizonEnd(epoch),
      });
      for (const [k, date] of made.entries()) {
        const specificId = v4IdOf('event-specific', `${n}:${k}`);
        await db.query(
          `INSERT INTO event_specific (id, event_id, local_date, starts_at, ends_at, from_rule)
           VALUES ($1, $2, $3, $4, $5, true)`,
          [specificId, eventId, date.localDate, date.startsAt, date.endsAt],
        );
        dates += 1;
        if (k > 1) continue;
        // Six members answer for the first two dates; the demo login goes to the fern swap.
        for (let a = 0; a < STATUSES.length; a += 1) {
          const member = idOf('member', ((n * 5 + a * 3 + k) % size.members) + 1);
          if (member === creator) continue;
          const status = STATUSES[(a + k) % STATUSES.length];
          await db.query(
            `INSERT INTO event_attendee (specific_id, user_id, status, bring) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`,
            [
              specificId,
              member,
              status,
              status === 'NOT_GOING' || a % 2 ? null : BRING_NOTES[(n + a) % BRING_NOTES.length],
            ],
          );
          answers += 1;
        }
        if (n === 1)
          await db.query(
            `INSERT INTO event_attendee (specific_id, user_id, status, bring) VALUES ($1, $2, 'GOING', $3)
             ON CONFLICT DO NOTHING`,
            [specificId, idOf('member', 1), 'A box of maidenhair offsets'],
          );
      }
    }
    context.progress(`events ${DEMO_EVENTS.length}, dates ${dates}, answers ${answers}`);
  },
};

/** Benchmark sizes: one event per this many members. */
const MEMBERS_PER_EVENT = 100;
/** Each city's IANA zone (members.ts CITIES, same order). */
const CITY_ZONES = [
  'Australia/Melbourne',
  'Australia/Sydney',
  'Australia/Brisbane',
  'Pacific/Auckland',
  'America/Los_Angeles',
  'Europe/London',
];
/** Bench events repeat until this long after the epoch, so runs for years still see dates to come. */
const BENCH_YEARS = 4;

/**
 * Benchmark sizes: one event per MEMBERS_PER_EVENT members (at least 4), in the members' cities
 * and zones, alternately weekly and monthly (by date) from four weeks before the epoch until
 * BENCH_YEARS after it; every third one hosted by a page (created by its owner). Templates are
 * one statement (their RFC 5545 text from the app's `rfc5545`); dates one INSERT … SELECT
 * generate_series (local wall time in the event's zone, as the app stores them); answers two or
 * three per date by members of the same city, about half GOING, some with what they bring.
 */
async function benchEvents(context: SeedContext): Promise<void> {
  const { db, size } = context;
  const count = Math.max(4, Math.floor(size.members / MEMBERS_PER_EVENT));
  const pages = Math.max(1, Math.floor(size.members / MEMBERS_PER_PAGE));
  const epoch = new Date(context.epoch);
  const epochDate = context.epoch.slice(0, 10);
  const until = `${epoch.getUTCFullYear() + BENCH_YEARS}${context.epoch.slice(4, 10)}`;
  const rows = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const city = n % CITIES.length;
    const weekly = n % 2 === 1;
    const start = new Date(epoch.getTime() - (28 + (n % 7)) * 86_400_000);
    const schedule: Schedule = {
      timeZone: CITY_ZONES[city],
      startDate: start.toISOString().slice(0, 10),
      startTime: `${String(9 + (n % 10)).padStart(2, '0')}:${n % 2 ? '00' : '30'}`,
      endTime: `${String(11 + (n % 10)).padStart(2, '0')}:00`,
    };
    const rule: Rule = {
      frequency: weekly ? 'weekly' : 'monthly',
      interval: 1,
      monthlyBy: 'date',
      until,
      count: null,
    };
    return { n, city, schedule, rule, rrule: rfc5545(rule, schedule) };
  });
  // Member g lives in CITIES[g mod 6] (members.ts): a member of city c is q * 6 + c + 6.
  const inCity = (draw: string, city: string) =>
    idSql(
      'member',
      `(${draw})::int % ${size.members - 12} / ${CITIES.length} * ${CITIES.length} + ${city} + ${CITIES.length}`,
    );
  await db.query(
    `WITH e AS (
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::date[], $5::text[], $6::text[],
                            $7::text[], $8::text[])
                AS x(n, city, zone, start_date, start_time, end_time, frequency, rrule)),
     placed AS (
       INSERT INTO event_location (id, name, address, suburb_city, state, country, latitude, longitude)
       SELECT ${idSql('event-location', 'e.n')}, 'Community garden ' || e.n, e.n || ' Garden Lane',
              c.city, c.state, c.country,
              c.lat + (pg_temp.h('event-lat:' || e.n) - 0.5) * 0.2,
              c.lng + (pg_temp.h('event-lng:' || e.n) - 0.5) * 0.2
         FROM e JOIN unnest($9::text[], $10::text[], $11::text[], $12::float8[], $13::float8[])
                     WITH ORDINALITY AS c(city, state, country, lat, lng, i) ON c.i = e.city + 1
       RETURNING id),
     made AS (
       INSERT INTO event (id, random_id, creator_id, page_id, privacy, created_at, updated_at)
       SELECT ${idSql('event', 'e.n')},
              substr(translate(encode(decode(md5('event-random:' || e.n), 'hex'), 'base64'), '+/=', 'AB'), 1, 10),
              CASE WHEN e.n % 3 = 0 THEN p.owner_id
                   ELSE ${inCity('e.n * 7', 'e.city')} END,
              CASE WHEN e.n % 3 = 0 THEN p.id END,
              CASE WHEN e.n % 10 = 0 THEN 'members' ELSE 'public' END,
              $14::timestamptz - e.n * interval '1 hour', $14::timestamptz - e.n * interval '1 hour'
         FROM e LEFT JOIN page p ON p.id = ${pageId(`((e.n / 3 - 1) % ${pages} + 1)`)}
       RETURNING id)
     INSERT INTO event_template (event_id, position, title, description, location_id, time_zone,
                                 start_date, start_time, end_time, frequency, repeat_interval,
                                 monthly_by, until, repeat_count, rrule)
     SELECT ${idSql('event', 'e.n')}, 0,
            (ARRAY['Cutting swap', 'Seed library day', 'Garden working bee', 'Repotting clinic'])[e.n % 4 + 1] || ' #' || e.n,
            'Bring a plant, take a plant. Tea and advice on the side.',
            ${idSql('event-location', 'e.n')}, e.zone, e.start_date, e.start_time, e.end_time,
            e.frequency, 1, 'date', $15::date, NULL, e.rrule
       FROM e`,
    [
      rows.map((row) => row.n),
      rows.map((row) => row.city),
      rows.map((row) => row.schedule.timeZone),
      rows.map((row) => row.schedule.startDate),
      rows.map((row) => row.schedule.startTime),
      rows.map((row) => row.schedule.endTime),
      rows.map((row) => row.rule.frequency),
      rows.map((row) => row.rrule),
      CITIES.map((c) => c.city),
      CITIES.map((c) => c.state),
      CITIES.map((c) => c.country),
      CITIES.map((c) => c.lat),
      CITIES.map((c) => c.lng),
      context.epoch,
      until,
    ],
  );
  const dates = await db.query(
    `INSERT INTO event_specific (id, event_id, local_date, starts_at, ends_at, from_rule, created_at, updated_at)
     SELECT ${idSql('event-specific', `t.n || ':' || d.k`)}, t.event_id, d.day,
            (d.day + t.start_time::time) AT TIME ZONE t.time_zone,
            (d.day + t.end_time::time) AT TIME ZONE t.time_zone, true,
            $1::timestamptz, $1::timestamptz
       FROM (SELECT t.*, e.n FROM event_template t
               JOIN generate_series(1, $2::int) AS e(n) ON t.event_id = ${idSql('event', 'e.n')}) t
       CROSS JOIN LATERAL (
         SELECT k, (CASE WHEN t.frequency = 'weekly' THEN t.start_date + k * 7
                         ELSE (t.start_date + k * interval '1 month')::date END) AS day
           FROM generate_series(0, 52 * $3::int + 8) AS k) d
      WHERE d.day <= t.until`,
    [epochDate, count, BENCH_YEARS],
  );
  // Two or three answers per date by members of the event's city, never its creator.
  const answers = await db.query(
    `INSERT INTO event_attendee (specific_id, user_id, status, bring)
     SELECT s.id, ${inCity(`pg_temp.h(s.id::text || a::text) * ${size.members}`, 'c.city')},
            (ARRAY['GOING', 'GOING', 'MAYBE', 'NOT_GOING'])[a + 1 + (pg_temp.h('st' || s.id::text) * 2)::int % 2],
            CASE WHEN a = 0 THEN 'Two monstera cuttings' END
       FROM event_specific s
       JOIN event e ON e.id = s.event_id
       JOIN event_template t ON t.event_id = e.id AND t.position = 0
       JOIN event_location l ON l.id = t.location_id
       CROSS JOIN LATERAL (SELECT array_position($1::text[], l.suburb_city) - 1 AS city) c
       CROSS JOIN LATERAL generate_series(0, 1 + (pg_temp.h('n' || s.id::text) * 2)::int % 2) AS a
     ON CONFLICT DO NOTHING`,
    [CITIES.map((c) => c.city)],
  );
  await db.query(
    `DELETE FROM event_attendee a USING event_specific s, event e
      WHERE s.id = a.specific_id AND e.id = s.event_id AND a.user_id = e.creator_id`,
  );
  context.progress(`events ${count}, dates ${dates.rowCount}, answers ${answers.rowCount}`);
}
