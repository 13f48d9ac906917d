/**
 * The raw baseline's events routes (raw-baseline.ts): EventViewsService's and AttendanceService's
 * steps in plain code over the events module's own query functions (events.queries,
 * event-locations.queries, pages.queries, platform/geo), the same JSON as the API. The answer is
 * the minimal SQL for the same change: one statement that checks the date, upserts the answer and
 * writes the creator's EVENT_ATTENDANCE job to the outbox; then the date as the API returns it.
 */
import type { Caller } from '../src/platform/access/access-policy';
import { type Viewer, viewerId } from '../src/platform/access/viewer';
import type { SqlRunner } from '../src/platform/database/sql-runner';
import { SqlParams } from '../src/platform/database/sql-params';
import { nearestWithin } from '../src/platform/geo/geo';
import { RANDOM_ID_PATTERN } from '../src/platform/ids/random-id';
import { encodeCursor } from '../src/platform/paging/paging';
import { outboxInsertSql } from '../src/platform/queues/outbox.service';
import type { EventLocationDto } from '../src/modules/events/dto/events.dto';
import {
  NEARBY_DEFAULT_TAKE,
  NEARBY_MAX_TAKE,
  NEARBY_RADIUS_KM,
} from '../src/modules/events/dto/events.dto';
import { EVENT_ATTENDANCE } from '../src/modules/events/attendance.service';
import {
  ATTENDEES_PER_DATE,
  DATES_PAGE,
  describeTemplate,
  localTime,
} from '../src/modules/events/event-views.service';
import { toLocationDto } from '../src/modules/events/event-locations.service';
import { locationsByIds } from '../src/modules/events/event-locations.queries';
import { canSeeEvent } from '../src/modules/events/event-rules';
import * as events from '../src/modules/events/events.queries';
import { EventsErrors } from '../src/modules/events/events.errors';
import { pagesByIds } from '../src/modules/pages/pages.queries';
import * as members from '../src/modules/identity/members.queries';
import { WithResponders } from '../src/platform/http/envelope';

/** As EventViewsService: how many nearest places a nearby list looks at. */
const NEARBY_LOCATIONS = 500;
const STATUSES = new Set(['GOING', 'MAYBE', 'NOT_GOING']);

export function rawEvents(db: SqlRunner, publicUrl: string) {
  async function places(ids: Array<string | null>): Promise<Map<string, EventLocationDto>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    const rows = wanted.length ? await locationsByIds(db, wanted) : [];
    return new Map(rows.map((row) => [row.id, toLocationDto(row)]));
  }

  async function pageRefs(ids: Array<string | null>) {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    const rows = wanted.length ? await pagesByIds(db, wanted) : [];
    return new Map(
      rows.map((page) => [page.id, { id: page.id, handle: page.handle, name: page.name }]),
    );
  }

  function countsFor(rows: events.CountRow[], specificId: string) {
    const of = (status: string) =>
      rows.find((row) => row.specific_id === specificId && row.status === status)?.count ?? 0;
    return { going: of('GOING'), maybe: of('MAYBE'), not_going: of('NOT_GOING') };
  }

  async function dates(viewer: Viewer, template: events.TemplateRow, rows: events.SpecificRow[]) {
    const ids = rows.map((row) => row.id);
    const me = viewerId(viewer);
    const [attendees, counts, mine, located] = await Promise.all([
      events.attendeesOf(db, ids, ATTENDEES_PER_DATE),
      events.countsOf(db, ids),
      me ? events.answersBy(db, me, ids) : Promise.resolve([]),
      places([template.location_id, ...rows.map((row) => row.location_id)]),
    ]);
    const now = Date.now();
    return rows.map((row) => {
      const own = mine.find((answer) => answer.specific_id === row.id);
      const locationId = row.location_id ?? template.location_id;
      return {
        id: row.id,
        event_id: row.event_id,
        local_date: row.local_date,
        starts_at: row.starts_at.toISOString(),
        ends_at: row.ends_at.toISOString(),
        time_zone: template.time_zone,
        start_time: localTime(row.starts_at, template.time_zone),
        end_time: localTime(row.ends_at, template.time_zone),
        title: row.title ?? template.title,
        description: row.description ?? template.description,
        location: locationId ? (located.get(locationId) ?? null) : null,
        title_override: row.title,
        description_override: row.description,
        location_overridden: row.location_id !== null,
        cancelled: row.cancelled,
        from_rule: row.from_rule,
        past: row.ends_at.getTime() <= now,
        sequence: row.sequence,
        counts: countsFor(counts, row.id),
        event_attendees: attendees
          .filter((answer) => answer.specific_id === row.id)
          .map((answer) => ({
            id: answer.id,
            user_id: answer.user_id,
            status: answer.status,
            bring: answer.bring,
            updated_at: answer.updated_at.toISOString(),
          })),
        my_status: own?.status ?? null,
        my_bring: own?.bring ?? null,
        my_attendance_id: own?.id ?? null,
        ics_url: `${publicUrl}/api/events/calendar/date/${row.id}.ics`,
      };
    });
  }

  /** GET /api/events/{randomId}: EventViewsService.byRandomId. */
  async function eventPage(viewer: Viewer, randomId: string) {
    const event = RANDOM_ID_PATTERN.test(randomId)
      ? await events.eventByRandomId(db, randomId)
      : undefined;
    if (!event || !canSeeEvent(viewer, event)) throw EventsErrors.EVENT_NOT_FOUND();
    const templates = await events.templatesOf(db, [event.id]);
    const owner = async () => {
      if (viewer.kind !== 'member') return false;
      if (viewer.admin || viewer.userId === event.creator_id) return true;
      if (!event.page_id) return false;
      const [page] = await pagesByIds(db, [event.page_id]);
      return page?.owner_id === viewer.userId;
    };
    const [located, refs, upcoming, canEdit] = await Promise.all([
      places(templates.map((t) => t.location_id)),
      pageRefs([event.page_id]),
      events.specificsOf(db, event.id, { upcomingOnly: true, after: null, limit: DATES_PAGE + 1 }),
      owner(),
    ]);
    const shown = upcoming.slice(0, DATES_PAGE);
    const last = shown[shown.length - 1];
    const shownDates = await dates(viewer, templates[0], shown);
    const details = {
      id: event.id,
      random_id: event.random_id,
      creator_id: event.creator_id,
      page: event.page_id ? (refs.get(event.page_id) ?? null) : null,
      privacy: event.privacy,
      can_edit: canEdit,
      templates: templates.map((template) => ({
        id: template.id,
        position: template.position,
        title: template.title,
        description: template.description,
        image: template.image
          ? {
              ref: template.image,
              variants: template.image_variants,
              blurhash: template.image_blurhash,
            }
          : null,
        location: template.location_id ? (located.get(template.location_id) ?? null) : null,
        time_zone: template.time_zone,
        start_date: template.start_date,
        start_time: template.start_time,
        end_time: template.end_time,
        recurrence: {
          frequency: template.frequency,
          interval: template.repeat_interval,
          monthly_by: template.monthly_by,
          until: template.until,
          count: template.repeat_count,
          rrule: template.rrule,
          text: describeTemplate(template),
        },
      })),
      dates: shownDates,
      dates_next_cursor:
        upcoming.length > DATES_PAGE && last
          ? encodeCursor('created_at', { at: last.cursor_at, id: last.id })
          : null,
      calendar_url: `${publicUrl}/api/events/calendar/event/${event.random_id}.ics`,
      created_at: event.created_at.toISOString(),
      updated_at: event.updated_at.toISOString(),
    };
    // EventViewsService.withResponders: the creator and everyone who answered a date shown.
    const people = [
      ...new Set([
        event.creator_id,
        ...shownDates.flatMap((date) => date.event_attendees.map((answer) => answer.user_id)),
      ]),
    ];
    return new WithResponders(details, await members.summariesByIds(db, people));
  }

  /** EventViewsService.summaries. */
  async function summaries(viewer: Viewer, listed: events.ListedEvent[]) {
    if (!listed.length) return [];
    const ids = listed.map((item) => item.id);
    const nextIds = listed.map((item) => item.next_specific_id);
    const me = viewerId(viewer);
    const [rows, templates, nexts, counts, mine] = await Promise.all([
      events.eventsByIds(db, ids),
      events.templatesOf(db, ids),
      events.specificsByIds(db, nextIds),
      events.countsOf(db, nextIds),
      me ? events.answersBy(db, me, nextIds) : Promise.resolve([]),
    ]);
    const template = new Map(templates.filter((t) => t.position === 0).map((t) => [t.event_id, t]));
    const [located, refs] = await Promise.all([
      places([...templates.map((t) => t.location_id), ...nexts.map((s) => s.location_id)]),
      pageRefs(rows.map((row) => row.page_id)),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const nextById = new Map(nexts.map((row) => [row.id, row]));
    return listed.flatMap((item) => {
      const event = byId.get(item.id);
      const first = template.get(item.id);
      if (!event || !first) return [];
      const next = nextById.get(item.next_specific_id);
      return [
        {
          id: event.id,
          random_id: event.random_id,
          creator_id: event.creator_id,
          page: event.page_id ? (refs.get(event.page_id) ?? null) : null,
          privacy: event.privacy,
          title: first.title,
          description: first.description,
          image: first.image
            ? { ref: first.image, variants: first.image_variants, blurhash: first.image_blurhash }
            : null,
          location: first.location_id ? (located.get(first.location_id) ?? null) : null,
          time_zone: first.time_zone,
          recurrence_text: describeTemplate(first),
          next_date: next
            ? {
                id: next.id,
                local_date: next.local_date,
                starts_at: next.starts_at.toISOString(),
                ends_at: next.ends_at.toISOString(),
                title: next.title ?? first.title,
                cancelled: next.cancelled,
                counts: countsFor(counts, next.id),
                my_status: mine.find((answer) => answer.specific_id === next.id)?.status ?? null,
              }
            : null,
          distance_km: null as number | null,
        },
      ];
    });
  }

  /** GET /api/events/nearby?lat&long&take: EventViewsService.nearby. */
  async function nearby(viewer: Viewer, search: URLSearchParams) {
    const origin = { latitude: Number(search.get('lat')), longitude: Number(search.get('long')) };
    const take = search.has('take')
      ? Math.min(NEARBY_MAX_TAKE, Math.max(1, Number(search.get('take'))))
      : NEARBY_DEFAULT_TAKE;
    const near = await nearestWithin(
      db,
      {
        table: 'event_location',
        id: 'id',
        latitude: 'latitude',
        longitude: 'longitude',
        where: `EXISTS (SELECT 1 FROM event_template t JOIN event e ON e.id = t.event_id
                         WHERE t.location_id = event_location.id AND t.position = 0
                           AND ${events.eventVisibleToClassSql('e', viewer)}
                           AND EXISTS (SELECT 1 FROM event_specific s WHERE s.event_id = e.id
                                          AND s.ends_at > now() AND NOT s.cancelled))`,
      },
      origin,
      NEARBY_RADIUS_KM,
      NEARBY_LOCATIONS,
    );
    if (!near.length) return [];
    const rank = new Map(near.map((place, index) => [place.id, index]));
    const distance = new Map(near.map((place) => [place.id, place.distanceKm]));
    const listed = await events.eventsAtLocations(
      db,
      viewer,
      new SqlParams(),
      near.map((place) => place.id),
      NEARBY_LOCATIONS,
    );
    listed.sort(
      (a, b) =>
        (rank.get(a.location_id) as number) - (rank.get(b.location_id) as number) ||
        a.next_at.localeCompare(b.next_at) ||
        a.id.localeCompare(b.id),
    );
    const chosen = listed.slice(0, take);
    return (await summaries(viewer, chosen)).map((summary, index) => ({
      ...summary,
      distance_km: distance.get(chosen[index].location_id) ?? null,
    }));
  }

  /**
   * PUT /api/iam/events/upsert-attend-specific: one statement (the date visible, not cancelled
   * nor over; the upsert; the creator's job when it changed something and the caller is not the
   * creator), then the date as the API answers it.
   */
  async function answer(
    caller: Caller & { kind: 'user' },
    viewer: Viewer,
    body: Record<string, unknown>,
  ) {
    const specificId = String(body.specificId ?? '').toLowerCase();
    const status = String(body.status ?? '');
    if (!STATUSES.has(status)) throw EventsErrors.EVENT_DATE_NOT_FOUND();
    const bring = typeof body.bring === 'string' ? body.bring.trim() || null : null;
    const keep = body.bring === undefined;
    const params = new SqlParams();
    const id = params.add(specificId);
    const me = params.add(caller.userId);
    const answerStatus = params.add(status);
    const note = params.add(keep ? null : bring);
    const keepNote = params.add(keep);
    const job = outboxInsertSql('notifications', 'notify', {
      from: 'answered, target',
      where: `target.creator_id <> ${me}::uuid`,
      payload: {
        type: `'event'`,
        subtype: `'${EVENT_ATTENDANCE}'`,
        recipientId: 'target.creator_id',
        actorId: `${me}::uuid`,
        postId: 'NULL',
        commentId: 'NULL',
        eventId: 'target.event_id',
        eventSpecificId: 'target.id',
        dedupeKey: `'event-attendance:' || target.id || ':' || ${me} || ':' || ${answerStatus}`,
      },
      jobId: 'NULL',
    });
    const [found] = (await db.query(
      `WITH target AS (
         SELECT s.id, s.event_id, e.creator_id FROM event_specific s JOIN event e ON e.id = s.event_id
          WHERE s.id = ${id}::uuid AND ${events.eventVisibleSql('e', viewer, params)}
            AND NOT s.cancelled AND s.ends_at > now()),
       answered AS (
         INSERT INTO event_attendee (specific_id, user_id, status, bring)
         SELECT target.id, ${me}, ${answerStatus}, CASE WHEN ${answerStatus} = 'NOT_GOING' THEN NULL ELSE ${note} END
           FROM target
         ON CONFLICT (specific_id, user_id) DO UPDATE
            SET status = EXCLUDED.status,
                bring = CASE WHEN EXCLUDED.status = 'NOT_GOING' THEN NULL
                             WHEN ${keepNote} THEN event_attendee.bring ELSE EXCLUDED.bring END,
                updated_at = now()
          WHERE (event_attendee.status, event_attendee.bring) IS DISTINCT FROM
                (EXCLUDED.status, CASE WHEN EXCLUDED.status = 'NOT_GOING' THEN NULL
                                       WHEN ${keepNote} THEN event_attendee.bring ELSE EXCLUDED.bring END)
         RETURNING id),
       queued AS (${job})
       SELECT id FROM target`,
      params.values,
    )) as Array<{ id: string }>;
    if (!found) throw EventsErrors.EVENT_DATE_NOT_FOUND();
    const specific = await events.specificById(db, specificId);
    if (!specific) throw EventsErrors.EVENT_DATE_NOT_FOUND();
    const [template] = await events.templatesOf(db, [specific.event_id]);
    const [date] = await dates(viewer, template, [specific]);
    return date;
  }

  return { eventPage, nearby, answer };
}
