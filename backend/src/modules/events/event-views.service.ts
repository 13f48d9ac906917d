import { Inject, Injectable } from '@nestjs/common';
import { type Viewer, viewerId } from '../../platform/access/viewer';
import { AppConfig } from '../../platform/config/app-config';
import { WithResponders } from '../../platform/http/envelope';
import { Sql } from '../../platform/database/sql';
import { SqlParams } from '../../platform/database/sql-params';
import {
  type LatLng,
  nearbyRadiusKm,
  publicDistanceKm,
  publicEarthSql,
} from '../../platform/geo/geo';
import { isUuid } from '../../platform/ids/uuid';
import { RANDOM_ID_PATTERN } from '../../platform/ids/random-id';
import { type Cursor, DEFAULT_PAGE_SIZE, encodeCursor } from '../../platform/paging/paging';
import { localTime } from '../../platform/time-zone/time-zone';
import type {
  AttendanceCountsDto,
  EventDateDto,
  EventDatePageDto,
  EventDetailsDto,
  EventLocationDto,
  EventSummaryDto,
  EventSummaryPageDto,
  EventTemplateDto,
} from './dto/events.dto';
import { NEARBY_RADIUS_KM } from './dto/events.dto';
import type { AttendanceStatus } from './entities/event-attendee.entity';
import { EventLocationsService } from './event-locations.service';
import { EventPages } from './event-pages.service';
import { canSeeEvent } from './event-rules';
import * as events from './events.queries';
import type { DayRange, EventRow, SpecificRow, TemplateRow } from './events.queries';
import { encodeNearbyCursor, type NearbyCursor } from './nearby-cursor';
import { EventsErrors } from './events.errors';
import { MembersService, type UserSummary } from '../identity';
import { describeRule } from './recurrence';

export const DATES_PAGE = 10;
export const ATTENDEES_PER_DATE = 200;
/** The most places one nearby page reads (when very many share one distance). */
export const NEARBY_MAX_PLACES = 2000;

/** Reads: an event with its dates, lists of events, nearby events. Privacy applies everywhere. */
@Injectable()
export class EventViewsService {
  constructor(
    private readonly sql: Sql,
    private readonly locations: EventLocationsService,
    private readonly pages: EventPages,
    private readonly members: MembersService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /**
   * The event with the people its screen names (its creator and everyone who answered a date
   * shown) as responders, so the screen needs no lookup per person.
   */
  async withResponders(
    details: EventDetailsDto,
  ): Promise<WithResponders<EventDetailsDto, UserSummary>> {
    return new WithResponders(details, await this.peopleOf(details.creator_id, details.dates));
  }

  /** A further page of dates, with the people who answered them as responders. */
  async moreDatesWithResponders(
    viewer: Viewer,
    key: string,
    after: Cursor | null,
  ): Promise<WithResponders<EventDatePageDto, UserSummary>> {
    const page = await this.moreDates(viewer, key, after);
    return new WithResponders(page, await this.peopleOf(null, page.items));
  }

  private peopleOf(
    creatorId: string | null,
    dates: ReadonlyArray<{ event_attendees: ReadonlyArray<{ user_id: string }> }>,
  ): Promise<UserSummary[]> {
    const ids = dates.flatMap((date) => date.event_attendees.map((answer) => answer.user_id));
    return this.members.summariesByIds(creatorId ? [creatorId, ...ids] : ids);
  }

  /** By id (uuid) or random id. */
  async details(viewer: Viewer, key: string): Promise<EventDetailsDto> {
    const event = isUuid(key)
      ? await events.eventById(this.sql, key.toLowerCase())
      : RANDOM_ID_PATTERN.test(key)
        ? await events.eventByRandomId(this.sql, key)
        : undefined;
    return this.detailsOf(viewer, event);
  }

  async byRandomId(viewer: Viewer, randomId: string): Promise<EventDetailsDto> {
    const event = RANDOM_ID_PATTERN.test(randomId)
      ? await events.eventByRandomId(this.sql, randomId)
      : undefined;
    return this.detailsOf(viewer, event);
  }

  /** The event's dates not over yet after the cursor (GET /api/events/more/{id}). */
  async moreDates(viewer: Viewer, key: string, after: Cursor | null): Promise<EventDatePageDto> {
    const event = await this.visible(viewer, key);
    const [template] = await events.templatesOf(this.sql, [event.id]);
    return this.datePage(viewer, event, template, after);
  }

  async byPage(viewer: Viewer, pageId: string, after: Cursor | null, take: number) {
    const params = new SqlParams();
    const scope = events.pageScopeSql(pageId, params);
    return this.listPage(viewer, params, scope, after, take);
  }

  async byUser(viewer: Viewer, userId: string, after: Cursor | null): Promise<EventSummaryPageDto> {
    const params = new SqlParams();
    const scope = events.memberScopeSql(userId, viewerId(viewer) === userId, params);
    return this.listPage(viewer, params, scope, after, DEFAULT_PAGE_SIZE);
  }

  /**
   * Events with a date to come (in the day range, when given) whose place lies within
   * NEARBY_RADIUS_KM, nearest place first, then by that date, a page of `take` after the cursor.
   * Distances are to the place's public point. Each page reads the next few places through the
   * GiST index in distance order and the events held there: no page scans or counts every place.
   */
  async nearbyPage(
    viewer: Viewer,
    origin: LatLng,
    options: { range: DayRange; after: NearbyCursor | null; take: number },
  ): Promise<EventSummaryPageDto> {
    const { range, after, take } = options;
    const radiusM = nearbyRadiusKm(NEARBY_RADIUS_KM) * 1000;
    const point = publicEarthSql('l.latitude', 'l.longitude');
    const from = after ? { distance_m: after.d, id: after.l } : null;
    // Each place has an event to list, so take + 1 places fill a page and tell whether more follow;
    // twice that leaves room for the places of a cut last distance, set aside below.
    for (let batch = 2 * take + 1; ; batch *= 4) {
      const read = await events.nearbyPlaces(
        this.sql,
        viewer,
        new SqlParams(),
        origin,
        range,
        from,
        batch,
        point,
      );
      // The keyset reads ties (one grid cell) in id order, so the page does too.
      const within = read
        .filter((place) => place.distance_m <= radiusM)
        .sort((a, b) => a.distance_m - b.distance_m || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const cut = read.length === batch && within.length === read.length;
      // The scan stops after `batch` places; places at exactly the last distance (one grid cell)
      // may lie on both sides of that stop, so a cut batch leaves them for the next page.
      const last = within.at(-1)?.distance_m;
      const places = cut ? within.filter((place) => place.distance_m < (last as number)) : within;
      const lastBatch = batch >= NEARBY_MAX_PLACES;
      if (cut && !places.length && !lastBatch) continue;
      const kept = cut && !places.length ? within : places;
      const rows = kept.length
        ? await events.nearbyEventsAtPlaces(
            this.sql,
            viewer,
            new SqlParams(),
            kept.map((place) => place.id),
            range,
            after ? { location_id: after.l, at: after.at, id: after.id } : null,
            take + 1,
          )
        : [];
      if (cut && !rows.length && !lastBatch) continue;
      const chosen = rows.slice(0, take);
      const distance = new Map(kept.map((place) => [place.id, place.distance_m]));
      const tail = chosen.at(-1);
      const more = rows.length > take || cut;
      const summaries = await this.summaries(viewer, chosen);
      return {
        items: summaries.map((summary, index) => ({
          ...summary,
          distance_km: publicDistanceKm(distance.get(chosen[index].location_id) ?? 0),
        })),
        next_cursor:
          more && tail
            ? encodeNearbyCursor({
                d: distance.get(tail.location_id) as number,
                l: tail.location_id,
                at: tail.next_at,
                id: tail.id,
              })
            : null,
      };
    }
  }

  /** A page's events for its screen (PageEventsProvider.upcomingEvents). */
  async upcomingOfPage(viewer: Viewer, pageId: string): Promise<EventSummaryDto[]> {
    return (await this.byPage(viewer, pageId, null, DEFAULT_PAGE_SIZE)).items;
  }

  async upcomingCountOfPage(viewer: Viewer, pageId: string): Promise<number> {
    if (!isUuid(pageId)) return 0;
    return events.upcomingDatesOfPage(this.sql, pageId, viewer, new SqlParams(), 999);
  }

  /** One date as its screen shows it (after an answer or a change). */
  async date(viewer: Viewer, specificId: string): Promise<EventDateDto> {
    const specific = await events.specificById(this.sql, specificId);
    if (!specific) throw EventsErrors.EVENT_DATE_NOT_FOUND();
    const event = await events.eventById(this.sql, specific.event_id);
    if (!event || !canSeeEvent(viewer, event)) throw EventsErrors.EVENT_DATE_NOT_FOUND();
    const [template] = await events.templatesOf(this.sql, [event.id]);
    const [date] = await this.dates(viewer, template, [specific]);
    return date;
  }

  /** The visible event by id or random id, or EVENT_NOT_FOUND. */
  async visible(viewer: Viewer, key: string): Promise<EventRow> {
    const event = isUuid(key)
      ? await events.eventById(this.sql, key.toLowerCase())
      : RANDOM_ID_PATTERN.test(key)
        ? await events.eventByRandomId(this.sql, key)
        : undefined;
    if (!event || !canSeeEvent(viewer, event)) throw EventsErrors.EVENT_NOT_FOUND();
    return event;
  }

  /**
   * The event's screen: its templates, its page (one lookup gives the page's ref and whether the
   * viewer owns it) and its first dates in one round, then the dates' answers, counts and every
   * place shown (the templates' and the dates' own, one lookup) in the next.
   */
  async detailsOf(viewer: Viewer, event: EventRow | undefined): Promise<EventDetailsDto> {
    if (!event || !canSeeEvent(viewer, event)) throw EventsErrors.EVENT_NOT_FOUND();
    const [templates, page, rows] = await Promise.all([
      events.templatesOf(this.sql, [event.id]),
      this.pages.pageOf(event.page_id),
      events.specificsOf(this.sql, event.id, {
        upcomingOnly: true,
        after: null,
        limit: DATES_PAGE + 1,
      }),
    ]);
    const { items, next_cursor } = datesPage(rows);
    const { dates, places } = await this.datesAndPlaces(
      viewer,
      templates[0],
      items,
      templates.map((template) => template.location_id),
    );
    return {
      id: event.id,
      random_id: event.random_id,
      creator_id: event.creator_id,
      page: page?.ref ?? null,
      privacy: event.privacy,
      can_edit: editableBy(viewer, event, page?.ownerId ?? null),
      templates: templates.map((template) => this.templateDto(template, places)),
      dates,
      dates_next_cursor: next_cursor,
      calendar_url: `${this.config.publicUrl}/api/events/calendar/event/${event.random_id}.ics`,
      created_at: event.created_at.toISOString(),
      updated_at: event.updated_at.toISOString(),
    };
  }

  /** The creator, the owner of the event's page, and admins. */
  async mayEdit(viewer: Viewer, event: EventRow): Promise<boolean> {
    if (viewer.kind !== 'member') return false;
    if (viewer.admin || viewer.userId === event.creator_id) return true;
    return event.page_id ? this.pages.owns(event.page_id, viewer) : false;
  }

  private async datePage(
    viewer: Viewer,
    event: EventRow,
    template: TemplateRow,
    after: Cursor | null,
  ): Promise<EventDatePageDto> {
    const rows = await events.specificsOf(this.sql, event.id, {
      upcomingOnly: true,
      after,
      limit: DATES_PAGE + 1,
    });
    const { items, next_cursor } = datesPage(rows);
    return { items: await this.dates(viewer, template, items), next_cursor };
  }

  async dates(viewer: Viewer, template: TemplateRow, rows: SpecificRow[]): Promise<EventDateDto[]> {
    return (await this.datesAndPlaces(viewer, template, rows)).dates;
  }

  /** The dates as their screen shows them, and the places read for them and for `placeIds`. */
  private async datesAndPlaces(
    viewer: Viewer,
    template: TemplateRow,
    rows: SpecificRow[],
    placeIds: Array<string | null> = [],
  ): Promise<{ dates: EventDateDto[]; places: Map<string, EventLocationDto> }> {
    const ids = rows.map((row) => row.id);
    const me = viewerId(viewer);
    const [attendees, counts, mine, places] = await Promise.all([
      events.attendeesOf(this.sql, ids, ATTENDEES_PER_DATE),
      events.countsOf(this.sql, ids),
      me ? events.answersBy(this.sql, me, ids) : Promise.resolve([]),
      this.locations.byIds(
        [...placeIds, template.location_id, ...rows.map((row) => row.location_id)].filter(
          (id): id is string => !!id,
        ),
      ),
    ]);
    const now = Date.now();
    const dates = rows.map((row): EventDateDto => {
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
        location: locationId ? (places.get(locationId) ?? null) : null,
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
        ics_url: `${this.config.publicUrl}/api/events/calendar/date/${row.id}.ics`,
      };
    });
    return { dates, places };
  }

  private templateDto(
    template: TemplateRow,
    places: Map<string, EventLocationDto>,
  ): EventTemplateDto {
    return {
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
      location: template.location_id ? (places.get(template.location_id) ?? null) : null,
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
    };
  }

  private async listPage(
    viewer: Viewer,
    params: SqlParams,
    scope: string,
    after: Cursor | null,
    take: number,
  ): Promise<EventSummaryPageDto> {
    const rows = await events.eventsByNextDate(this.sql, viewer, params, scope, after, take + 1);
    const page = rows.slice(0, take);
    const last = page[page.length - 1];
    return {
      items: await this.summaries(viewer, page),
      next_cursor:
        rows.length > take && last
          ? encodeCursor('created_at', { at: last.next_at, id: last.id })
          : null,
    };
  }

  /** Summaries of listed events, in the order given. */
  async summaries(viewer: Viewer, listed: events.ListedEvent[]): Promise<EventSummaryDto[]> {
    if (!listed.length) return [];
    const ids = listed.map((item) => item.id);
    const nextIds = listed.map((item) => item.next_specific_id);
    const me = viewerId(viewer);
    const [rows, templates, nexts, counts, mine] = await Promise.all([
      events.eventsByIds(this.sql, ids),
      events.templatesOf(this.sql, ids),
      events.specificsByIds(this.sql, nextIds),
      events.countsOf(this.sql, nextIds),
      me ? events.answersBy(this.sql, me, nextIds) : Promise.resolve([]),
    ]);
    const template = new Map(templates.filter((t) => t.position === 0).map((t) => [t.event_id, t]));
    const [places, pageRefs] = await Promise.all([
      this.locations.byIds(
        [...templates.map((t) => t.location_id), ...nexts.map((s) => s.location_id)].filter(
          (id): id is string => !!id,
        ),
      ),
      this.pages.refs(rows.map((row) => row.page_id)),
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
          page: event.page_id ? (pageRefs.get(event.page_id) ?? null) : null,
          privacy: event.privacy,
          title: first.title,
          description: first.description,
          image: first.image
            ? { ref: first.image, variants: first.image_variants, blurhash: first.image_blurhash }
            : null,
          location: first.location_id ? (places.get(first.location_id) ?? null) : null,
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
                my_status:
                  (mine.find((answer) => answer.specific_id === next.id)?.status as
                    AttendanceStatus | undefined) ?? null,
              }
            : null,
          distance_km: null,
        },
      ];
    });
  }
}

export function describeTemplate(template: TemplateRow): string {
  return describeRule(
    {
      frequency: template.frequency,
      interval: template.repeat_interval,
      monthlyBy: template.monthly_by,
      until: template.until,
      count: template.repeat_count,
    },
    {
      timeZone: template.time_zone,
      startDate: template.start_date,
      startTime: template.start_time,
      endTime: template.end_time,
    },
  );
}

/** A page of dates read one past the page: the page, and the cursor of the next when there is one. */
function datesPage(rows: SpecificRow[]): { items: SpecificRow[]; next_cursor: string | null } {
  const items = rows.slice(0, DATES_PAGE);
  const last = items[items.length - 1];
  return {
    items,
    next_cursor:
      rows.length > DATES_PAGE && last
        ? encodeCursor('created_at', { at: last.cursor_at, id: last.id })
        : null,
  };
}

/** The creator, the owner of the event's page, and admins (the page's owner already known). */
function editableBy(viewer: Viewer, event: EventRow, pageOwnerId: string | null): boolean {
  if (viewer.kind !== 'member') return false;
  return viewer.admin || viewer.userId === event.creator_id || viewer.userId === pageOwnerId;
}

function countsFor(rows: events.CountRow[], specificId: string): AttendanceCountsDto {
  const of = (status: AttendanceStatus) =>
    rows.find((row) => row.specific_id === specificId && row.status === status)?.count ?? 0;
  return { going: of('GOING'), maybe: of('MAYBE'), not_going: of('NOT_GOING') };
}
