import type { Viewer } from '../../platform/access/viewer';
import type { SqlParams } from '../../platform/database/sql-params';
import type { SqlRunner } from '../../platform/database/sql-runner';
import type { SearchContext, SearchSource } from '../../platform/search/search-provider';
import type { Cursor } from '../../platform/paging/paging';
import { cursorTimeSql } from '../../platform/paging/paging';
import type { AttendanceStatus } from './entities/event-attendee.entity';
import type { EventPrivacy } from './entities/event.entity';
import type { Frequency, MonthlyBy } from './entities/event-template.entity';

/** The events module's tables: event, event_template, event_specific, event_attendee. */

export interface EventRow {
  id: string;
  random_id: string;
  creator_id: string;
  page_id: string | null;
  privacy: EventPrivacy;
  created_at: Date;
  updated_at: Date;
}

export interface TemplateRow {
  id: string;
  event_id: string;
  position: number;
  title: string;
  description: string;
  image: string | null;
  image_variants: string[];
  image_blurhash: string | null;
  location_id: string | null;
  time_zone: string;
  start_date: string;
  start_time: string;
  end_time: string;
  frequency: Frequency;
  repeat_interval: number;
  monthly_by: MonthlyBy;
  until: string | null;
  repeat_count: number | null;
  rrule: string;
}

export interface SpecificRow {
  id: string;
  event_id: string;
  local_date: string;
  starts_at: Date;
  ends_at: Date;
  title: string | null;
  description: string | null;
  location_id: string | null;
  cancelled: boolean;
  from_rule: boolean;
  sequence: number;
  /** `starts_at` as a cursor carries it. */
  cursor_at: string;
}

export interface AttendeeRow {
  id: string;
  specific_id: string;
  user_id: string;
  status: AttendanceStatus;
  bring: string | null;
  updated_at: Date;
}

export interface CountRow {
  specific_id: string;
  status: AttendanceStatus;
  count: number;
}

const EVENT_COLUMNS =
  'e.id, e.random_id, e.creator_id, e.page_id, e.privacy, e.created_at, e.updated_at';
export const TEMPLATE_COLUMNS = `t.id, t.event_id, t.position, t.title, t.description, t.image, t.image_variants,
  t.image_blurhash, t.location_id, t.time_zone, t.start_date::text AS start_date, t.start_time,
  t.end_time, t.frequency, t.repeat_interval, t.monthly_by, t.until::text AS until, t.repeat_count,
  t.rrule`;
export const SPECIFIC_COLUMNS = `s.id, s.event_id, s.local_date::text AS local_date, s.starts_at, s.ends_at,
  s.title, s.description, s.location_id, s.cancelled, s.from_rule, s.sequence,
  ${cursorTimeSql('s.starts_at')} AS cursor_at`;

/**
 * "Event `alias` is visible to the viewer": guests and members whose e-mail is not verified see
 * public events (members their own too), verified members public and members' events, admins all.
 */
export function eventVisibleSql(alias: string, viewer: Viewer, params: SqlParams): string {
  if (viewer.kind === 'guest') return `${alias}.privacy = 'public'`;
  if (viewer.admin) return 'TRUE';
  if (viewer.verified) return 'TRUE';
  return `(${alias}.privacy = 'public' OR ${alias}.creator_id = ${params.add(viewer.userId)})`;
}

// ---- events and templates ----

export async function insertEvent(
  db: SqlRunner,
  event: { randomId: string; creatorId: string; pageId: string | null; privacy: EventPrivacy },
): Promise<string> {
  const [row] = (await db.query(
    `INSERT INTO event (random_id, creator_id, page_id, privacy) VALUES ($1, $2, $3, $4) RETURNING id`,
    [event.randomId, event.creatorId, event.pageId, event.privacy],
  )) as Array<{ id: string }>;
  return row.id;
}

export type TemplateColumns = Omit<TemplateRow, 'id' | 'event_id' | 'position'>;

const TEMPLATE_FIELDS = [
  'title',
  'description',
  'image',
  'image_variants',
  'image_blurhash',
  'location_id',
  'time_zone',
  'start_date',
  'start_time',
  'end_time',
  'frequency',
  'repeat_interval',
  'monthly_by',
  'until',
  'repeat_count',
  'rrule',
] as const satisfies ReadonlyArray<keyof TemplateColumns>;

export async function insertTemplate(
  db: SqlRunner,
  eventId: string,
  template: TemplateColumns,
): Promise<void> {
  const values = TEMPLATE_FIELDS.map((field) => template[field]);
  await db.query(
    `INSERT INTO event_template (event_id, position, ${TEMPLATE_FIELDS.join(', ')})
     VALUES ($1, 0, ${TEMPLATE_FIELDS.map((_, index) => `$${index + 2}`).join(', ')})`,
    [eventId, ...values],
  );
}

/** Sets the given columns of the event's first template. */
export async function updateTemplate(
  db: SqlRunner,
  eventId: string,
  changes: Partial<TemplateColumns>,
): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [eventId];
  for (const field of TEMPLATE_FIELDS) {
    if (changes[field] === undefined) continue;
    values.push(changes[field]);
    sets.push(`${field} = $${values.length}`);
  }
  await db.query(
    `UPDATE event_template SET ${sets.join(', ')} WHERE event_id = $1 AND position = 0`,
    values,
  );
}

export async function updateEventRow(
  db: SqlRunner,
  eventId: string,
  changes: { pageId?: string | null; privacy?: EventPrivacy },
): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [eventId];
  if (changes.pageId !== undefined) {
    values.push(changes.pageId);
    sets.push(`page_id = $${values.length}`);
  }
  if (changes.privacy !== undefined) {
    values.push(changes.privacy);
    sets.push(`privacy = $${values.length}`);
  }
  await db.query(`UPDATE event SET ${sets.join(', ')} WHERE id = $1`, values);
}

export async function eventById(
  db: SqlRunner,
  id: string,
  lock = false,
): Promise<EventRow | undefined> {
  const [row] = (await db.query(
    `SELECT ${EVENT_COLUMNS} FROM event e WHERE e.id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [id],
  )) as EventRow[];
  return row;
}

export async function eventByRandomId(
  db: SqlRunner,
  randomId: string,
): Promise<EventRow | undefined> {
  const [row] = (await db.query(`SELECT ${EVENT_COLUMNS} FROM event e WHERE e.random_id = $1`, [
    randomId,
  ])) as EventRow[];
  return row;
}

export async function eventsByIds(db: SqlRunner, ids: string[]): Promise<EventRow[]> {
  return (await db.query(`SELECT ${EVENT_COLUMNS} FROM event e WHERE e.id = ANY($1::uuid[])`, [
    ids,
  ])) as EventRow[];
}

export async function templatesOf(db: SqlRunner, eventIds: string[]): Promise<TemplateRow[]> {
  return (await db.query(
    `SELECT ${TEMPLATE_COLUMNS} FROM event_template t
      WHERE t.event_id = ANY($1::uuid[]) ORDER BY t.event_id, t.position`,
    [eventIds],
  )) as TemplateRow[];
}

export async function deleteEvent(db: SqlRunner, id: string): Promise<boolean> {
  const [, count] = (await db.query('DELETE FROM event WHERE id = $1', [id])) as [unknown, number];
  return count > 0;
}

// ---- dates ----

export interface NewSpecific {
  localDate: string;
  startsAt: Date;
  endsAt: Date;
  fromRule: boolean;
  title?: string | null;
  description?: string | null;
}

/** Inserts dates; a date the event already has is left alone. Returns the dates inserted. */
export async function insertSpecifics(
  db: SqlRunner,
  eventId: string,
  dates: NewSpecific[],
): Promise<string[]> {
  if (!dates.length) return [];
  const rows = (await db.query(
    `INSERT INTO event_specific (event_id, local_date, starts_at, ends_at, from_rule, title, description)
     SELECT $1, d.local_date, d.starts_at, d.ends_at, d.from_rule, d.title, d.description
       FROM unnest($2::date[], $3::timestamptz[], $4::timestamptz[], $5::boolean[], $6::text[], $7::text[])
         AS d(local_date, starts_at, ends_at, from_rule, title, description)
     ON CONFLICT (event_id, local_date) DO NOTHING
     RETURNING local_date::text AS local_date`,
    [
      eventId,
      dates.map((date) => date.localDate),
      dates.map((date) => date.startsAt.toISOString()),
      dates.map((date) => date.endsAt.toISOString()),
      dates.map((date) => date.fromRule),
      dates.map((date) => date.title ?? null),
      dates.map((date) => date.description ?? null),
    ],
  )) as Array<{ local_date: string }>;
  return rows.map((row) => row.local_date);
}

export async function specificDatesOf(
  db: SqlRunner,
  eventId: string,
  dates: string[],
): Promise<string[]> {
  const rows = (await db.query(
    `SELECT local_date::text AS local_date FROM event_specific
      WHERE event_id = $1 AND local_date = ANY($2::date[])`,
    [eventId, dates],
  )) as Array<{ local_date: string }>;
  return rows.map((row) => row.local_date);
}

export async function specificById(
  db: SqlRunner,
  id: string,
  lock = false,
): Promise<SpecificRow | undefined> {
  const [row] = (await db.query(
    `SELECT ${SPECIFIC_COLUMNS} FROM event_specific s WHERE s.id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [id],
  )) as SpecificRow[];
  return row;
}

export async function specificsByIds(db: SqlRunner, ids: string[]): Promise<SpecificRow[]> {
  return (await db.query(
    `SELECT ${SPECIFIC_COLUMNS} FROM event_specific s WHERE s.id = ANY($1::uuid[]) ORDER BY s.starts_at, s.id`,
    [ids],
  )) as SpecificRow[];
}

/** An event's dates not over yet (or all), in time order, after the cursor, at most `limit`. */
export async function specificsOf(
  db: SqlRunner,
  eventId: string,
  options: { upcomingOnly: boolean; after: Cursor | null; limit: number },
): Promise<SpecificRow[]> {
  const values: unknown[] = [eventId, options.limit];
  const conditions = ['s.event_id = $1'];
  if (options.upcomingOnly) conditions.push('s.ends_at > now()');
  if (options.after) {
    values.push(options.after.at, options.after.id);
    conditions.push(
      `(s.starts_at, s.id) > ($${values.length - 1}::timestamptz, $${values.length}::uuid)`,
    );
  }
  return (await db.query(
    `SELECT ${SPECIFIC_COLUMNS} FROM event_specific s
      WHERE ${conditions.join(' AND ')}
      ORDER BY s.starts_at, s.id LIMIT $2`,
    values,
  )) as SpecificRow[];
}

/** The rule's dates of an event starting after `from`, with whether anyone answered for them. */
export async function futureRuleSpecifics(
  db: SqlRunner,
  eventId: string,
  from: Date,
): Promise<Array<SpecificRow & { answered: boolean }>> {
  return (await db.query(
    `SELECT ${SPECIFIC_COLUMNS},
            EXISTS (SELECT 1 FROM event_attendee a WHERE a.specific_id = s.id) AS answered
       FROM event_specific s
      WHERE s.event_id = $1 AND s.from_rule AND s.starts_at > $2
      ORDER BY s.starts_at`,
    [eventId, from.toISOString()],
  )) as Array<SpecificRow & { answered: boolean }>;
}

/** The last date the rule made for an event (any time), to extend the horizon from. */
export async function lastRuleDate(db: SqlRunner, eventId: string): Promise<string | null> {
  const [row] = (await db.query(
    `SELECT max(local_date)::text AS local_date FROM event_specific WHERE event_id = $1 AND from_rule`,
    [eventId],
  )) as Array<{ local_date: string | null }>;
  return row?.local_date ?? null;
}

export async function setSpecificTimes(
  db: SqlRunner,
  id: string,
  startsAt: Date,
  endsAt: Date,
): Promise<void> {
  await db.query(
    `UPDATE event_specific SET starts_at = $2, ends_at = $3, sequence = sequence + 1, updated_at = now()
      WHERE id = $1 AND (starts_at, ends_at) IS DISTINCT FROM ($2::timestamptz, $3::timestamptz)`,
    [id, startsAt.toISOString(), endsAt.toISOString()],
  );
}

export async function deleteSpecifics(db: SqlRunner, ids: string[]): Promise<void> {
  if (ids.length) await db.query('DELETE FROM event_specific WHERE id = ANY($1::uuid[])', [ids]);
}

export async function cancelSpecifics(db: SqlRunner, ids: string[]): Promise<void> {
  if (ids.length)
    await db.query(
      `UPDATE event_specific SET cancelled = TRUE, sequence = sequence + 1, updated_at = now()
        WHERE id = ANY($1::uuid[]) AND NOT cancelled`,
      [ids],
    );
}

/** A change to the template shows on every date to come: calendars must hear of it. */
export async function bumpUpcomingSequences(db: SqlRunner, eventId: string): Promise<void> {
  await db.query(
    `UPDATE event_specific SET sequence = sequence + 1, updated_at = now()
      WHERE event_id = $1 AND ends_at > now()`,
    [eventId],
  );
}

export interface SpecificChanges {
  title?: string | null;
  description?: string | null;
  location_id?: string | null;
  starts_at?: Date;
  ends_at?: Date;
  cancelled?: boolean;
}

export async function updateSpecific(
  db: SqlRunner,
  id: string,
  changes: SpecificChanges,
): Promise<void> {
  const sets: string[] = ['updated_at = now()', 'sequence = sequence + 1'];
  const values: unknown[] = [id];
  for (const field of [
    'title',
    'description',
    'location_id',
    'starts_at',
    'ends_at',
    'cancelled',
  ] as const) {
    const value = changes[field];
    if (value === undefined) continue;
    values.push(value instanceof Date ? value.toISOString() : value);
    sets.push(`${field} = $${values.length}`);
  }
  await db.query(`UPDATE event_specific SET ${sets.join(', ')} WHERE id = $1`, values);
}

// ---- attendance ----

/** Answers for these dates, GOING first then MAYBE then NOT_GOING, at most `perDate` each. */
export async function attendeesOf(
  db: SqlRunner,
  specificIds: string[],
  perDate: number,
): Promise<AttendeeRow[]> {
  if (!specificIds.length) return [];
  return (await db.query(
    `SELECT id, specific_id, user_id, status, bring, updated_at FROM (
       SELECT a.*, row_number() OVER (
                PARTITION BY a.specific_id
                ORDER BY CASE a.status WHEN 'GOING' THEN 0 WHEN 'MAYBE' THEN 1 ELSE 2 END, a.created_at, a.id
              ) AS n
         FROM event_attendee a WHERE a.specific_id = ANY($1::uuid[])) ranked
      WHERE n <= $2
      ORDER BY specific_id, n`,
    [specificIds, perDate],
  )) as AttendeeRow[];
}

/** Answers per status of these dates (one date's answers: an index range, never the table). */
export async function countsOf(db: SqlRunner, specificIds: string[]): Promise<CountRow[]> {
  if (!specificIds.length) return [];
  return (await db.query(
    `SELECT specific_id, status, count(*)::int AS count FROM event_attendee
      WHERE specific_id = ANY($1::uuid[]) GROUP BY specific_id, status`,
    [specificIds],
  )) as CountRow[];
}

export async function answersBy(
  db: SqlRunner,
  userId: string,
  specificIds: string[],
): Promise<AttendeeRow[]> {
  if (!specificIds.length) return [];
  return (await db.query(
    `SELECT id, specific_id, user_id, status, bring, updated_at FROM event_attendee
      WHERE user_id = $1 AND specific_id = ANY($2::uuid[])`,
    [userId, specificIds],
  )) as AttendeeRow[];
}

// ---- lists ----

export interface ListedEvent {
  id: string;
  next_specific_id: string;
  next_at: string;
}

/**
 * Visible events with a date not over, in order of their next such date, after the cursor (next
 * date's start, event id). `scope` names which events: a page's, or a member's (created, and when
 * `answeredToo`, answered GOING or MAYBE for a date to come), or these ids.
 */
export async function eventsByNextDate(
  db: SqlRunner,
  viewer: Viewer,
  params: SqlParams,
  scope: string,
  after: Cursor | null,
  limit: number,
): Promise<ListedEvent[]> {
  const visible = eventVisibleSql('e', viewer, params);
  const cursor = after
    ? `AND (next.starts_at, next.event_id) > (${params.add(after.at)}::timestamptz, ${params.add(after.id)}::uuid)`
    : '';
  return (await db.query(
    `SELECT next.event_id AS id, next.specific_id AS next_specific_id,
            ${cursorTimeSql('next.starts_at')} AS next_at
       FROM event e
       CROSS JOIN LATERAL (
         SELECT s.id AS specific_id, s.event_id, s.starts_at FROM event_specific s
          WHERE s.event_id = e.id AND s.ends_at > now() AND NOT s.cancelled
          ORDER BY s.starts_at, s.id LIMIT 1) next
      WHERE ${scope} AND ${visible}
      ${cursor}
      ORDER BY next.starts_at, next.event_id
      LIMIT ${params.add(limit)}`,
    params.values,
  )) as ListedEvent[];
}

export function pageScopeSql(pageId: string, params: SqlParams): string {
  return `e.page_id = ${params.add(pageId)}`;
}

export function memberScopeSql(userId: string, answeredToo: boolean, params: SqlParams): string {
  const user = params.add(userId);
  if (!answeredToo) return `e.creator_id = ${user}`;
  return `(e.creator_id = ${user} OR e.id IN (
            SELECT s.event_id FROM event_attendee a JOIN event_specific s ON s.id = a.specific_id
             WHERE a.user_id = ${user} AND a.status IN ('GOING', 'MAYBE') AND s.ends_at > now()))`;
}

export function idsScopeSql(ids: string[], params: SqlParams): string {
  return `e.id = ANY(${params.add(ids)}::uuid[])`;
}

/** How many dates to come a page's visible events have, counted up to `cap`. */
export async function upcomingDatesOfPage(
  db: SqlRunner,
  pageId: string,
  viewer: Viewer,
  params: SqlParams,
  cap: number,
): Promise<number> {
  const visible = eventVisibleSql('e', viewer, params);
  const [row] = (await db.query(
    `SELECT count(*)::int AS count FROM (
       SELECT 1 FROM event e JOIN event_specific s ON s.event_id = e.id
        WHERE e.page_id = ${params.add(pageId)} AND ${visible} AND s.ends_at > now() AND NOT s.cancelled
        LIMIT ${params.add(cap)}) capped`,
    params.values,
  )) as Array<{ count: number }>;
  return row?.count ?? 0;
}

/** Repeating events whose rule may still make dates, for the horizon job. */
export async function repeatingEventIds(
  db: SqlRunner,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = (await db.query(
    `SELECT t.event_id FROM event_template t
      WHERE t.position = 0 AND t.frequency <> 'once' AND (t.until IS NULL OR t.until >= current_date - 1)
        AND ($1::uuid IS NULL OR t.event_id > $1::uuid)
      ORDER BY t.event_id LIMIT $2`,
    [afterId, limit],
  )) as Array<{ event_id: string }>;
  return rows.map((row) => row.event_id);
}

/** The images of a member's events (to remove their files when the account goes). */
export async function imagesOfCreator(
  db: SqlRunner,
  userId: string,
): Promise<Array<Pick<TemplateRow, 'image' | 'image_variants'>>> {
  return (await db.query(
    `SELECT t.image, t.image_variants FROM event_template t JOIN event e ON e.id = t.event_id
      WHERE e.creator_id = $1 AND t.image IS NOT NULL`,
    [userId],
  )) as Array<Pick<TemplateRow, 'image' | 'image_variants'>>;
}

// ---- nearby, cursor-paged ----

/** Local days (`YYYY-MM-DD`, in each event's own zone) a nearby list keeps to; either end open. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** "Date `s` is to come and in the range" (the range read on the date's own local day). */
function upcomingInRangeSql(alias: string, range: DayRange, params: SqlParams): string {
  return [
    `${alias}.ends_at > now()`,
    `NOT ${alias}.cancelled`,
    ...(range.from ? [`${alias}.local_date >= ${params.add(range.from)}::date`] : []),
    ...(range.to ? [`${alias}.local_date <= ${params.add(range.to)}::date`] : []),
  ].join(' AND ');
}

export interface NearbyPlaceRow {
  id: string;
  distance_m: number;
}

/**
 * The places (event locations) with a visible event that has a date to come in the range,
 * nearest first from `(distance, id)` of `from` on (inclusive), at most `limit`. Read through the
 * GiST index on the public point in `<->` order (the same index platform/geo's nearby uses); the
 * keyset is a filter on that scan, so no page sorts or counts every place. Exported for EXPLAIN.
 */
export function nearbyPlacesSql(
  viewer: Viewer,
  params: SqlParams,
  origin: { latitude: number; longitude: number },
  range: DayRange,
  from: { distance_m: number; id: string } | null,
  limit: number,
  publicPointSql: string,
): string {
  const originSql = `ll_to_earth(${params.add(origin.latitude)}::float8, ${params.add(origin.longitude)}::float8)`;
  const distance = `earth_distance(${originSql}, ${publicPointSql})`;
  const keyset = from
    ? `AND (${distance} > ${params.add(from.distance_m)}::float8
            OR (${distance} = ${params.add(from.distance_m)}::float8 AND l.id >= ${params.add(from.id)}::uuid))`
    : '';
  return `SELECT l.id, ${distance} AS distance_m
            FROM event_location l
           WHERE l.latitude IS NOT NULL AND l.longitude IS NOT NULL
             AND EXISTS (SELECT 1 FROM event_template t JOIN event e ON e.id = t.event_id
                          WHERE t.location_id = l.id AND t.position = 0
                            AND ${eventVisibleSql('e', viewer, params)}
                            AND EXISTS (SELECT 1 FROM event_specific s WHERE s.event_id = e.id
                                           AND ${upcomingInRangeSql('s', range, params)}))
             ${keyset}
           ORDER BY ${publicPointSql} <-> ${originSql}
           LIMIT ${params.add(limit)}`;
}

export async function nearbyPlaces(
  db: SqlRunner,
  viewer: Viewer,
  params: SqlParams,
  origin: { latitude: number; longitude: number },
  range: DayRange,
  from: { distance_m: number; id: string } | null,
  limit: number,
  publicPointSql: string,
): Promise<NearbyPlaceRow[]> {
  const text = nearbyPlacesSql(viewer, params, origin, range, from, limit, publicPointSql);
  const rows = (await db.query(text, params.values)) as Array<{
    id: string;
    distance_m: number | string;
  }>;
  return rows.map((row) => ({ id: row.id, distance_m: Number(row.distance_m) }));
}

/**
 * Visible events held at the places (in the order given), each with its first date to come in
 * the range, in (place, that date, id) order after `after` (a position at one of the places), at
 * most `limit`.
 */
export async function nearbyEventsAtPlaces(
  db: SqlRunner,
  viewer: Viewer,
  params: SqlParams,
  placeIds: string[],
  range: DayRange,
  after: { location_id: string; at: string; id: string } | null,
  limit: number,
): Promise<Array<ListedEvent & { location_id: string }>> {
  const visible = eventVisibleSql('e', viewer, params);
  const inRange = upcomingInRangeSql('s', range, params);
  const cursor = after
    ? `AND (t.location_id <> ${params.add(after.location_id)}::uuid
            OR (next.starts_at, e.id) > (${params.add(after.at)}::timestamptz, ${params.add(after.id)}::uuid))`
    : '';
  return (await db.query(
    `SELECT e.id, t.location_id, next.specific_id AS next_specific_id,
            ${cursorTimeSql('next.starts_at')} AS next_at
       FROM unnest(${params.add(placeIds)}::uuid[]) WITH ORDINALITY AS place(id, rank)
       JOIN event_template t ON t.location_id = place.id AND t.position = 0
       JOIN event e ON e.id = t.event_id
       CROSS JOIN LATERAL (
         SELECT s.id AS specific_id, s.starts_at FROM event_specific s
          WHERE s.event_id = e.id AND ${inRange}
          ORDER BY s.starts_at, s.id LIMIT 1) next
      WHERE ${visible} ${cursor}
      ORDER BY place.rank, next.starts_at, e.id
      LIMIT ${params.add(limit)}`,
    params.values,
  )) as Array<ListedEvent & { location_id: string }>;
}

/**
 * Events in a search (platform/search): an event matches by any of its templates' titles and
 * descriptions, and shows its first template; only events the viewer may see (eventVisibleSql).
 */
export function eventsSearchSource({ params, query, viewer }: SearchContext): SearchSource {
  return {
    from: `event e CROSS JOIN LATERAL (
             SELECT ft.title, ft.description, ft.image, ft.search_vector FROM event_template ft
              WHERE ft.event_id = e.id ORDER BY ft.position LIMIT 1) t`,
    match: `e.id IN (SELECT mt.event_id FROM event_template mt WHERE mt.search_vector @@ ${query})`,
    where: [eventVisibleSql('e', viewer, params)],
    // A row is an event and its first template (a lateral read): matched events come by the
    // templates' index only.
    walk: false,
    vector: 't.search_vector',
    at: 'e.created_at',
    id: 'e.id',
    key: 'e.random_id',
    title: 't.title',
    detail: `NULLIF(left(t.description, 160), '')`,
    image: 't.image',
  };
}
