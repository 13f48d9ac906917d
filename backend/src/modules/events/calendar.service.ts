import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Member } from '../../platform/access/current-caller.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { AppConfig } from '../../platform/config/app-config';
import { Sql } from '../../platform/database/sql';
import { isUuid } from '../../platform/ids/uuid';
import { RANDOM_ID_PATTERN } from '../../platform/ids/random-id';
import * as calendar from './calendar.queries';
import type { FeedRow, FeedScope } from './calendar.queries';
import type { CalendarFeedDto, CalendarFeedStatusDto } from './dto/events.dto';
import { EventLocationsService } from './event-locations.service';
import { canSeeEvent } from './event-rules';
import { eventById, eventByRandomId } from './events.queries';
import { EventsErrors } from './events.errors';

/** Feeds list dates from this long ago on, so a calendar keeps recent history. */
const FEED_HISTORY_DAYS = 30;
const FEED_MAX_DATES = 500;

export interface IcsFile {
  name: string;
  body: string;
  /** A single date is a download; feeds are shown inline (calendar apps subscribe). */
  download: boolean;
}

/**
 * iCalendar files (RFC 5545) built with ical-generator. Every date is one VEVENT whose UID is
 * `{specificId}@plantfolk` for good, whose SEQUENCE counts its changes, and which a cancelled
 * date keeps with STATUS:CANCELLED, so subscribed calendars update rather than duplicate.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly sql: Sql,
    private readonly locations: EventLocationsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async dateIcs(viewer: Viewer, specificId: string): Promise<IcsFile> {
    if (!isUuid(specificId)) throw EventsErrors.CALENDAR_NOT_FOUND();
    const rows = await calendar.feedDates(
      this.sql,
      { specificId: specificId.toLowerCase() },
      new Date(0),
      1,
    );
    const event = rows[0] ? await eventById(this.sql, rows[0].event_id) : undefined;
    if (!event || !canSeeEvent(viewer, event)) throw EventsErrors.CALENDAR_NOT_FOUND();
    return {
      name: `event-${event.random_id}-${rows[0].local_date}.ics`,
      body: await this.build(rows[0].title, rows),
      download: true,
    };
  }

  /** Public events only: calendar apps send no login. */
  async eventFeed(randomId: string): Promise<IcsFile> {
    const event = RANDOM_ID_PATTERN.test(randomId)
      ? await eventByRandomId(this.sql, randomId)
      : undefined;
    if (!event || event.privacy !== 'public') throw EventsErrors.CALENDAR_NOT_FOUND();
    const rows = await this.dates({ eventId: event.id });
    return {
      name: `event-${randomId}.ics`,
      body: await this.build(rows[0]?.title ?? 'Event', rows),
      download: false,
    };
  }

  async pageFeed(pageId: string): Promise<IcsFile> {
    if (!isUuid(pageId)) throw EventsErrors.CALENDAR_NOT_FOUND();
    const rows = await this.dates({ pageId: pageId.toLowerCase() });
    return {
      name: `page-${pageId}.ics`,
      body: await this.build('Page events', rows),
      download: false,
    };
  }

  async memberFeed(token: string): Promise<IcsFile> {
    const userId = await calendar.userOfToken(this.sql, hashToken(token));
    if (!userId) throw EventsErrors.CALENDAR_NOT_FOUND();
    const rows = await this.dates({ goingUserId: userId });
    return { name: 'my-events.ics', body: await this.build('My events', rows), download: false };
  }

  /** A new secret feed URL (the previous one stops working); only its hash is kept. */
  async newMemberFeed(member: Member): Promise<CalendarFeedDto> {
    const token = randomBytes(32).toString('base64url');
    await calendar.saveToken(this.sql, member.userId, hashToken(token));
    const url = `${this.config.publicUrl}/api/events/calendar/member/${token}.ics`;
    return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://') };
  }

  /** Whether the member has a feed link (its address is shown once, when made). */
  async memberFeedStatus(member: Member): Promise<CalendarFeedStatusDto> {
    const madeAt = await calendar.tokenMadeAt(this.sql, member.userId);
    return { active: madeAt !== undefined, created_at: madeAt ? madeAt.toISOString() : null };
  }

  async revokeMemberFeed(member: Member): Promise<{ revoked: boolean }> {
    await calendar.deleteToken(this.sql, member.userId);
    return { revoked: true };
  }

  private dates(scope: FeedScope): Promise<FeedRow[]> {
    const since = new Date(Date.now() - FEED_HISTORY_DAYS * 86_400_000);
    return calendar.feedDates(this.sql, scope, since, FEED_MAX_DATES);
  }

  private async build(name: string, rows: FeedRow[]): Promise<string> {
    const places = await this.locations.byIds(
      rows.map((row) => row.location_id).filter((id): id is string => !!id),
    );
    const cal = ical({ name, prodId: { company: 'Plantfolk', product: 'Events', language: 'EN' } });
    for (const row of rows) {
      const place = row.location_id ? places.get(row.location_id) : undefined;
      cal.createEvent({
        id: `${row.specific_id}@plantfolk`,
        sequence: row.sequence,
        start: row.starts_at,
        end: row.ends_at,
        stamp: row.updated_at,
        lastModified: row.updated_at,
        summary: row.title,
        description: row.description || undefined,
        location: place
          ? [place.name, place.address, place.suburb_city, place.state, place.country]
              .filter(Boolean)
              .join(', ')
          : undefined,
        url: `${this.config.publicUrl}/event/${row.random_id}`,
        status: row.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    return cal.toString();
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
