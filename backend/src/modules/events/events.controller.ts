import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { AcceptsUpload, readUpload } from '../../platform/images/uploads';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import { UserSummaryDto } from '../identity';
import { AttendanceService } from './attendance.service';
import { CalendarService } from './calendar.service';
import {
  CalendarFeedDto,
  CalendarFeedRevokedDto,
  CalendarFeedStatusDto,
  DeleteEventDto,
  EventDateDto,
  EventDeletedDto,
  EventDetailsDto,
  EventLocationDto,
  EventSummaryPageDto,
  NewEventDto,
  NewSpecificsDto,
  UpdateEventDto,
  UpdateFutureDatesDto,
  UpdateSpecificDto,
  UpsertAttendanceDto,
} from './dto/events.dto';
import { optionalRandomId, optionalUuid, placeText, requiredUuid } from './event-params';
import { EventLocationsService } from './event-locations.service';
import { EventViewsService } from './event-views.service';
import { EventsService } from './events.service';
import { EVENTS_RATE_LIMITS as LIMITS } from './events.rate-limits';

const CURSOR_QUERY = {
  name: 'cursorId',
  required: false,
  description: 'next_cursor of the previous page',
};

/** Events under /api/iam/events: writes (creator, page owner or admin) and member reads. */
@ApiTags('events')
@Controller('api/iam/events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly attendance: AttendanceService,
    private readonly views: EventViewsService,
    private readonly locations: EventLocationsService,
    private readonly calendars: CalendarService,
  ) {}

  @Post('new')
  @Access('trusted-only')
  @RateLimit('event-write', LIMITS['event-write'])
  @ApiOperation({
    summary: 'Create an event: its first template and its dates from the rule (12 months, ≤ 100)',
  })
  @ApiSuccess(EventDetailsDto, { status: 201 })
  @ApiFailures(400, 403, 404)
  create(@CurrentMember() member: Member, @Body() body: NewEventDto) {
    return this.events.create(member, body);
  }

  @Post('new-specifics')
  @Access('completed-regn')
  @RateLimit('event-edit', LIMITS['event-edit'])
  @ApiOperation({ summary: 'Add dates outside the rule (creator, page owner or admin)' })
  @ApiSuccess(EventDetailsDto, { status: 201 })
  @ApiFailures(400, 403, 404, 409)
  addSpecifics(@CurrentMember() member: Member, @Body() body: NewSpecificsDto) {
    return this.events.addSpecifics(member, body);
  }

  @Put('update')
  @Access('completed-regn')
  @RateLimit('event-edit', LIMITS['event-edit'])
  @ApiOperation({ summary: 'Change the event’s specifics (title, description, place, page…)' })
  @ApiSuccess(EventDetailsDto)
  @ApiFailures(400, 403, 404)
  update(@CurrentMember() member: Member, @Body() body: UpdateEventDto) {
    return this.events.update(member, body);
  }

  @Put('update-specific')
  @Access('completed-regn')
  @RateLimit('event-edit', LIMITS['event-edit'])
  @ApiOperation({ summary: 'Change or cancel one date only' })
  @ApiSuccess(EventDateDto)
  @ApiFailures(400, 403, 404, 409)
  updateSpecific(@CurrentMember() member: Member, @Body() body: UpdateSpecificDto) {
    return this.events.updateSpecific(member, body);
  }

  @Put('future-dates/update')
  @Access('completed-regn')
  @RateLimit('event-edit', LIMITS['event-edit'])
  @ApiOperation({
    summary: 'New schedule: future dates are made again; past dates and kept dates’ answers stay',
  })
  @ApiSuccess(EventDetailsDto)
  @ApiFailures(400, 403, 404)
  updateFutureDates(@CurrentMember() member: Member, @Body() body: UpdateFutureDatesDto) {
    return this.events.updateFutureDates(member, body);
  }

  @Put('upsert-attend-specific')
  @Access('completed-regn')
  @RateLimit('attendance', LIMITS.attendance)
  @ApiOperation({
    summary: 'Answer for one date: MAYBE, GOING or NOT_GOING, with what I bring (≤ 140)',
  })
  @ApiSuccess(EventDateDto)
  @ApiFailures(400, 404, 409)
  upsertAttendance(@CurrentMember() member: Member, @Body() body: UpsertAttendanceDto) {
    return this.attendance.upsert(member, body);
  }

  @Delete()
  @Access('completed-regn')
  @RateLimit('event-edit', LIMITS['event-edit'])
  @ApiOperation({
    summary: 'Delete an event: its image is removed first; the record only if that succeeded',
  })
  @ApiSuccess(EventDeletedDto)
  @ApiFailures(400, 403, 404, 503)
  remove(@CurrentMember() member: Member, @Body() body: DeleteEventDto) {
    return this.events.remove(member, body);
  }

  @Post('image/:eventId')
  @Access('completed-regn')
  @RateLimit('event-image', LIMITS['event-image'])
  @AcceptsUpload({ field: 'file' })
  @ApiOperation({
    summary: 'Set the event’s image (multipart field file: JPEG, PNG, WebP or GIF; re-encoded)',
  })
  @ApiSuccess(EventDetailsDto, { status: 201 })
  @ApiFailures(400, 403, 404, 409, 413, 415)
  async setImage(
    @CurrentMember() member: Member,
    @Param('eventId') eventId: string,
    @Req() request: FastifyRequest,
  ) {
    const id = requiredUuid(eventId, 'eventId');
    await this.events.assertManages(member, id);
    const file = await readUpload(request);
    return this.events.replaceImage(member, id, file.bytes);
  }

  @Delete('image/:eventId')
  @Access('completed-regn')
  @RateLimit('event-image', LIMITS['event-image'])
  @ApiOperation({ summary: 'Remove the event’s image' })
  @ApiSuccess(EventDetailsDto)
  @ApiFailures(400, 403, 404, 503)
  removeImage(@CurrentMember() member: Member, @Param('eventId') eventId: string) {
    return this.events.removeImage(member, requiredUuid(eventId, 'eventId'));
  }

  @Post('calendar/member-feed')
  @Access('completed-regn')
  @RateLimit('event-edit', LIMITS['event-edit'])
  @ApiOperation({
    summary: 'A new private calendar feed URL of my GOING dates (replaces the previous one)',
  })
  @ApiSuccess(CalendarFeedDto, { status: 201 })
  newMemberFeed(@CurrentMember() member: Member) {
    return this.calendars.newMemberFeed(member);
  }

  @Get('calendar/member-feed')
  @Access('completed-regn')
  @ApiOperation({ summary: 'Whether I have a private calendar feed URL, and since when' })
  @ApiSuccess(CalendarFeedStatusDto)
  memberFeedStatus(@CurrentMember() member: Member) {
    return this.calendars.memberFeedStatus(member);
  }

  @Delete('calendar/member-feed')
  @Access('completed-regn')
  @ApiOperation({ summary: 'Turn my private calendar feed URL off' })
  @ApiSuccess(CalendarFeedRevokedDto)
  revokeMemberFeed(@CurrentMember() member: Member) {
    return this.calendars.revokeMemberFeed(member);
  }

  @Get('details/:id/:userId')
  @Access('guest-or-authd')
  @ApiOperation({
    summary:
      'An event by id or random id; userId: the caller or null (answers come from the session)',
  })
  @ApiSuccess(EventDetailsDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  details(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ) {
    optionalUuid(userId, 'userId');
    return this.views.details(viewer, id).then((details) => this.views.withResponders(details));
  }

  @Get('get-event-location/name-state/:name/:state')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A known place by venue name and state (any case)' })
  @ApiSuccess(EventLocationDto)
  @ApiFailures(400, 404)
  locationByNameState(@Param('name') name: string, @Param('state') state: string) {
    return this.locations.byNameState(placeText(name, 'name'), placeText(state, 'state'));
  }

  @Get('get-event-location/address/:a/:b/:c')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A known place by address: a = street address, b = suburb or city, c = state',
  })
  @ApiSuccess(EventLocationDto)
  @ApiFailures(400, 404)
  locationByAddress(@Param('a') a: string, @Param('b') b: string, @Param('c') c: string) {
    return this.locations.byAddress(placeText(a, 'a'), placeText(b, 'b'), placeText(c, 'c'));
  }

  @Get('get-event-locations/event/:eventId/:randomId')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'The places of an event (template and dates), by eventId or randomId (other: null)',
  })
  @ApiSuccess([EventLocationDto])
  @ApiFailures(400, 404)
  locationsOfEvent(
    @CurrentViewer() viewer: Viewer,
    @Param('eventId') eventId: string,
    @Param('randomId') randomId: string,
  ) {
    return this.locations.ofEvent(
      viewer,
      optionalUuid(eventId, 'eventId'),
      optionalRandomId(randomId, 'randomId'),
    );
  }

  @Get('get-event-locations/page/:id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'The places of a page’s upcoming events' })
  @ApiSuccess([EventLocationDto])
  @ApiFailures(400)
  locationsOfPage(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.locations.ofPage(viewer, requiredUuid(id, 'id'));
  }

  @Get('get-by-page/:a/:b')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A page’s events with a date to come, next date first: a = page id, b = take',
  })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(EventSummaryPageDto)
  @ApiFailures(400)
  byPage(
    @CurrentViewer() viewer: Viewer,
    @Param('a') pageId: string,
    @Param('b') take: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.views.byPage(
      viewer,
      requiredUuid(pageId, 'a'),
      decodeCursor('created_at', cursor),
      parseTake(take, 'b'),
    );
  }

  @Get('get-by-user/:id')
  @Access('guest-or-authd')
  @ApiOperation({
    summary:
      'A member’s events with a date to come, next date first: those they created, and for the ' +
      'caller also those they answered GOING or MAYBE',
  })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(EventSummaryPageDto)
  @ApiFailures(400)
  byUser(
    @CurrentViewer() viewer: Viewer,
    @Param('id') userId: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.views.byUser(
      viewer,
      requiredUuid(userId, 'id'),
      decodeCursor('created_at', cursor),
    );
  }
}
