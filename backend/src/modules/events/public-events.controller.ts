import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { RawResponse } from '../../platform/http/raw-response.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor } from '../../platform/paging/paging';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { CalendarService, type IcsFile } from './calendar.service';
import {
  EventDatePageDto,
  EventDetailsDto,
  EventSummaryDto,
  EventSummaryPageDto,
  NEARBY_DEFAULT_TAKE,
  NEARBY_MAX_TAKE,
  NEARBY_RADIUS_KM,
} from './dto/events.dto';
import {
  calendarKey,
  optionalUuid,
  parseBoundedTake,
  parseDayRange,
  parsePoint,
} from './event-params';
import { decodeNearbyCursor } from './nearby-cursor';
import { EventViewsService } from './event-views.service';
import { UserSummaryDto } from '../identity';
import { EVENTS_RATE_LIMITS as LIMITS } from './events.rate-limits';

const POINT_QUERIES = [
  { name: 'userId', required: false, description: 'The caller, or left out' },
  { name: 'lat', required: true, type: Number },
  { name: 'long', required: true, type: Number },
] as const;
const TAKE_QUERY = { name: 'take', required: false, type: Number } as const;
const CURSOR_QUERY = {
  name: 'cursorId',
  required: false,
  type: String,
  description: 'next_cursor of the page before',
} as const;
const FROM_QUERY = {
  name: 'from',
  required: false,
  type: String,
  description: 'First day (YYYY-MM-DD, the event’s own calendar) of the dates listed',
} as const;
const TO_QUERY = {
  name: 'to',
  required: false,
  type: String,
  description: 'Last day (YYYY-MM-DD) of the dates listed',
} as const;

/**
 * The event calls guests make (read-only, public events for guests), and the calendar files:
 *
 * - `GET /api/events/calendar/date/{specificId}.ics`: one date, to download
 * - `GET /api/events/calendar/event/{randomId}.ics`: every date of an event (subscribe)
 * - `GET /api/events/calendar/page/{pageId}.ics`: every date of a page's events (subscribe)
 * - `GET /api/events/calendar/member/{token}.ics`: a member's GOING dates (subscribe; the token
 *   comes from `POST /api/iam/events/calendar/member-feed`)
 *
 * Feeds serve public events only (calendar apps send no login), except the member's own feed,
 * which the token opens. Each date is one VEVENT with a stable UID (`{specificId}@plantfolk`) and
 * its SEQUENCE; a cancelled date stays in feeds as STATUS:CANCELLED.
 */
@ApiTags('public')
@Controller('api/events')
export class PublicEventsController {
  constructor(
    private readonly views: EventViewsService,
    private readonly calendars: CalendarService,
  ) {}

  @Get('all/nearby')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: `Events with a date to come within ${NEARBY_RADIUS_KM} km, nearest first, by cursor (take 1–${NEARBY_MAX_TAKE}, default ${NEARBY_DEFAULT_TAKE}); from/to keep to dates on those days`,
  })
  @ApiQuery(POINT_QUERIES[0])
  @ApiQuery(POINT_QUERIES[1])
  @ApiQuery(POINT_QUERIES[2])
  @ApiQuery(TAKE_QUERY)
  @ApiQuery(CURSOR_QUERY)
  @ApiQuery(FROM_QUERY)
  @ApiQuery(TO_QUERY)
  @ApiSuccess(EventSummaryPageDto)
  @ApiFailures(400)
  allNearby(
    @CurrentViewer() viewer: Viewer,
    @Query('userId') userId: unknown,
    @Query('lat') lat: unknown,
    @Query('long') long: unknown,
    @Query('take') take: unknown,
    @Query('cursorId') cursor: unknown,
    @Query('from') from: unknown,
    @Query('to') to: unknown,
  ) {
    optionalUuid(userId, 'userId');
    return this.views.nearbyPage(viewer, parsePoint(lat, long), {
      take: parseBoundedTake(take, NEARBY_MAX_TAKE, NEARBY_DEFAULT_TAKE),
      after: decodeNearbyCursor(cursor),
      range: parseDayRange(from, to),
    });
  }

  @Get('nearby')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: `The nearest events with a date to come (take 1–${NEARBY_MAX_TAKE}, default ${NEARBY_DEFAULT_TAKE}); cursorId (a next_cursor of all/nearby) and from/to as there`,
  })
  @ApiQuery(POINT_QUERIES[0])
  @ApiQuery(POINT_QUERIES[1])
  @ApiQuery(POINT_QUERIES[2])
  @ApiQuery(TAKE_QUERY)
  @ApiQuery(CURSOR_QUERY)
  @ApiQuery(FROM_QUERY)
  @ApiQuery(TO_QUERY)
  @ApiSuccess([EventSummaryDto])
  @ApiFailures(400)
  async nearby(
    @CurrentViewer() viewer: Viewer,
    @Query('userId') userId: unknown,
    @Query('lat') lat: unknown,
    @Query('long') long: unknown,
    @Query('take') take: unknown,
    @Query('cursorId') cursor: unknown,
    @Query('from') from: unknown,
    @Query('to') to: unknown,
  ) {
    optionalUuid(userId, 'userId');
    const page = await this.views.nearbyPage(viewer, parsePoint(lat, long), {
      take: parseBoundedTake(take, NEARBY_MAX_TAKE, NEARBY_DEFAULT_TAKE),
      after: decodeNearbyCursor(cursor),
      range: parseDayRange(from, to),
    });
    return page.items;
  }

  @Get('more/:id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'An event’s next dates (id = random id), after cursorId' })
  @ApiQuery({ name: 'cursorId', required: false, description: 'dates_next_cursor / next_cursor' })
  @ApiSuccess(EventDatePageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  moreDates(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.views.moreDatesWithResponders(viewer, id, decodeCursor('created_at', cursor));
  }

  @Get('calendar/date/:file')
  @Access('guest-or-authd')
  @RawResponse()
  @RateLimit('calendar-feed', LIMITS['calendar-feed'])
  @ApiExcludeEndpoint()
  async dateIcs(
    @CurrentViewer() viewer: Viewer,
    @Param('file') file: string,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.calendars.dateIcs(viewer, calendarKey(file)));
  }

  @Get('calendar/event/:file')
  @Access('guest-or-authd')
  @RawResponse()
  @RateLimit('calendar-feed', LIMITS['calendar-feed'])
  @ApiExcludeEndpoint()
  async eventIcs(@Param('file') file: string, @Res() reply: FastifyReply) {
    return send(reply, await this.calendars.eventFeed(calendarKey(file)));
  }

  @Get('calendar/page/:file')
  @Access('guest-or-authd')
  @RawResponse()
  @RateLimit('calendar-feed', LIMITS['calendar-feed'])
  @ApiExcludeEndpoint()
  async pageIcs(@Param('file') file: string, @Res() reply: FastifyReply) {
    return send(reply, await this.calendars.pageFeed(calendarKey(file)));
  }

  @Get('calendar/member/:file')
  @Access('none')
  @RawResponse()
  @RateLimit('calendar-feed', LIMITS['calendar-feed'])
  @ApiExcludeEndpoint()
  async memberIcs(@Param('file') file: string, @Res() reply: FastifyReply) {
    return send(reply, await this.calendars.memberFeed(calendarKey(file)));
  }

  @Get(':id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'An event by its random id, with its next dates' })
  @ApiSuccess(EventDetailsDto, { responders: UserSummaryDto })
  @ApiFailures(404)
  one(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.views.byRandomId(viewer, id).then((details) => this.views.withResponders(details));
  }
}

function send(reply: FastifyReply, file: IcsFile) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header(
      'content-disposition',
      `${file.download ? 'attachment' : 'inline'}; filename="${file.name}"`,
    )
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
