/**
 * The raw baseline's events routes (raw-baseline.ts): EventViewsService's and AttendanceService's
 * steps in plain code over the events module's own query functions (events.queries,
 * attendance.queries, event-locations.queries, pages.queries, platform/geo), the same JSON as the
 * API. The answer is the module's own one statement (the date checked and returned with its first
 * template, the answer upserted, the creator's EVENT_ATTENDANCE job written to the outbox); then
 * the date's answers, counts and places as the API reads them.
 */
import type { Caller } from '../src/platform/access/access-policy';
import { type Viewer, viewerId } from '../src/platform/access/viewer';
import type { SqlRunner } from '../src/platform/database/sql-runner';
import { SqlParams } from '../src/platform/database/sql-params';
import { nearbyRadiusKm, publicDistanceKm, publicEarthSql } from '../src/platform/geo/geo';
import { RANDOM_ID_PATTERN } from '../src/platform/ids/random-id';
import { encodeCursor } from '../src/platform/paging/paging';
import { localTime } from '../src/platform/time-zone/time-zone';
import type { EventLocationDto } from '../src/modules/events/dto/events.dto';
import type { AttendanceStatus } from '../src/modules/events/entities/event-attendee.entity';
import {
  NEARBY_DEFAULT_TAKE,
  NEARBY_MAX_TAKE,
  NEARBY_RADIUS_KM,
} from '../src/modules/events/dto/events.dto';
import { answerDate } from '../src/modules/events/attendance.queries';
import {
  ATTENDEES_PER_DATE,
  DATES_PAGE,
  describeTemplate,
  NEARBY_MAX_PLACES,
} from '../src/modules/events/event-views.service';
import { toLocationDto } from '../src/modules/events/event-locations.service';
import { locationsByIds } from '../src/modules/events/event-locations.queries';
import { canSeeEvent } from '../src/modules/events/event-rules';
import * as events from '../src/modules/events/events.queries';
import { EventsErrors } from '../src/modules/events/events.errors';
import { pagesByIds } from '../src/modules/pages/pages.queries';
import * as members from '../src/modules/identity/members.queries';
import { WithResponders } from '../src/platform/http/envelope';

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

  /** EventViewsService.datesAndPlaces: the dates, and the places read for them and `placeIds`. */
  async function dates(
    viewer: Viewer,
    template: events.TemplateRow,
    rows: events.SpecificRow[],
    placeIds: Array<string | null> = [],
  ) {
    const ids = rows.map((row) => row.id);
    const me = viewerId(viewer);
    const [attendees, counts, mine, located] = await Promise.all([
      events.attendeesOf(db, ids, ATTENDEES_PER_DATE),
      events.countsOf(db, ids),
      me ? events.answersBy(db, me, ids) : Promise.resolve([]),
      places([...placeIds, template.location_id, ...rows.map((row) => row.location_id)]),
    ]);
    const now = Date.now();
    const shown = rows.map((row) => {
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
    return { shown, located };
  }

  /** GET /api/events/{randomId}: EventViewsService.byRandomId. */
  async function eventPage(viewer: Viewer, randomId: string) {
    const event = RANDOM_ID_PATTERN.test(randomId)
      ? await events.eventByRandomId(db, randomId)
      : undefined;
    if (!event || !canSeeEvent(viewer, event)) throw EventsErrors.EVENT_NOT_FOUND();
    // One round: templates, the page (its ref and owner in one row), the first dates; then the
    // dates' answers and counts with every place shown, as EventViewsService.detailsOf.
    const [templates, [page], upcoming] = await Promise.all([
      events.templatesOf(db, [event.id]),
      event.page_id ? pagesByIds(db, [event.page_id]) : Promise.resolve([]),
      events.specificsOf(db, event.id, { upcomingOnly: true, after: null, limit: DATES_PAGE + 1 }),
    ]);
    const canEdit =
      viewer.kind === 'member' &&
      (viewer.admin ||
        viewer.userId === event.creator_id ||
        (page !== undefined && page.owner_id === viewer.userId));
    const shown = upcoming.slice(0, DATES_PAGE);
    const last = shown[shown.length - 1];
    const { shown: shownDates, located } = await dates(
      viewer,
      templates[0],
      shown,
      templates.map((t) => t.location_id),
    );
    const details = {
      id: event.id,
      random_id: event.random_id,
      creator_id: event.creator_id,
      page: page ? { id: page.id, handle: page.handle, name: page.name } : null,
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

  /**
   * GET /api/events/nearby?lat&long&take: EventViewsService.nearbyPage's first page (no cursor,
   * no day range) with its queries: the next places with an event to come through the GiST index
   * in distance order, then the events held there.
   */
  async function nearby(viewer: Viewer, search: URLSearchParams) {
    const origin = { latitude: Number(search.get('lat')), longitude: Number(search.get('long')) };
    const take = search.has('take')
      ? Math.min(NEARBY_MAX_TAKE, Math.max(1, Number(search.get('take'))))
      : NEARBY_DEFAULT_TAKE;
    const range = { from: null, to: null };
    const radiusM = nearbyRadiusKm(NEARBY_RADIUS_KM) * 1000;
    const point = publicEarthSql('l.latitude', 'l.longitude');
    for (let batch = 2 * take + 1; ; batch *= 4) {
      const read = await events.nearbyPlaces(
        db,
        viewer,
        new SqlParams(),
        origin,
        range,
        null,
        batch,
        point,
      );
      const within = read
        .filter((place) => place.distance_m <= radiusM)
        .sort((a, b) => a.distance_m - b.distance_m || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const cut = read.length === batch && within.length === read.length;
      const lastDistance = within.at(-1)?.distance_m;
      const nearer = cut
        ? within.filter((place) => place.distance_m < (lastDistance as number))
        : within;
      const lastBatch = batch >= NEARBY_MAX_PLACES;
      if (cut && !nearer.length && !lastBatch) continue;
      const kept = cut && !nearer.length ? within : nearer;
      const rows = kept.length
        ? await events.nearbyEventsAtPlaces(
            db,
            viewer,
            new SqlParams(),
            kept.map((place) => place.id),
            range,
            null,
            take + 1,
          )
        : [];
      if (cut && !rows.length && !lastBatch) continue;
      const chosen = rows.slice(0, take);
      const distance = new Map(kept.map((place) => [place.id, place.distance_m]));
      return (await summaries(viewer, chosen)).map((summary, index) => ({
        ...summary,
        distance_km: publicDistanceKm(distance.get(chosen[index].location_id) ?? 0),
      }));
    }
  }

  /**
   * PUT /api/iam/events/upsert-attend-specific: the module's one statement (answerDate: the date
   * visible, not cancelled nor over; the upsert; the creator's job when it changed something and
   * the caller is not the creator), then the date's answers, counts and places.
   */
  async function answer(
    caller: Caller & { kind: 'user' },
    viewer: Viewer,
    body: Record<string, unknown>,
  ) {
    const specificId = String(body.specificId ?? '').toLowerCase();
    const status = String(body.status ?? '');
    if (!STATUSES.has(status)) throw EventsErrors.EVENT_DATE_NOT_FOUND();
    const bring =
      body.bring === undefined
        ? undefined
        : typeof body.bring === 'string'
          ? body.bring.trim() || null
          : null;
    const answered = await answerDate(db, viewer, {
      specificId,
      userId: caller.userId,
      status: status as AttendanceStatus,
      bring,
    });
    if (!answered || !answered.visible || answered.specific.cancelled || answered.over)
      throw EventsErrors.EVENT_DATE_NOT_FOUND();
    const {
      shown: [date],
    } = await dates(viewer, answered.template, [answered.specific]);
    return date;
  }

  return { eventPage, nearby, answer };
}
