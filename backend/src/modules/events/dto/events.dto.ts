import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import {
  BooleanField,
  EnumField,
  NestedListField,
  NumberField,
  presence,
  type FieldOptions,
  TextField,
  UuidField,
} from '../../../platform/http/fields';
import {
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  BRING_MAX,
} from '../entities/event-attendee.entity';
import {
  LOCATION_ADDRESS_MAX,
  LOCATION_NAME_MAX,
  LOCATION_PLACE_MAX,
} from '../entities/event-location.entity';
import { EVENT_PRIVACIES, type EventPrivacy } from '../entities/event.entity';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_TITLE_MAX,
  FREQUENCIES,
  type Frequency,
  MAX_COUNT,
  MAX_INTERVAL,
  MONTHLY_BY,
  type MonthlyBy,
} from '../entities/event-template.entity';
import { isLocalDate, isLocalTime, isTimeZone } from '../recurrence';

export const MAX_NEW_SPECIFICS = 20;
export const NEARBY_DEFAULT_TAKE = 20;
export const NEARBY_MAX_TAKE = 50;
export const NEARBY_RADIUS_KM = 50;

function checked(name: string, test: (value: unknown) => boolean, message: string) {
  return ValidateBy({ name, validator: { validate: test, defaultMessage: () => message } });
}

function LocalDateField(options: FieldOptions = {}) {
  return applyDecorators(
    ...presence(options),
    checked('localDate', isLocalDate, '$property must be a date as YYYY-MM-DD'),
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type: 'string',
      format: 'date',
      example: '2026-03-14',
      nullable: options.nullable || undefined,
      description: options.description,
    }),
  );
}

function LocalTimeField(options: FieldOptions = {}) {
  return applyDecorators(
    ...presence(options),
    checked('localTime', isLocalTime, '$property must be a local time as HH:MM (00:00–23:59)'),
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type: 'string',
      pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
      example: '10:00',
      description: options.description,
    }),
  );
}

function TimeZoneField(options: FieldOptions = {}) {
  return applyDecorators(
    ...presence(options),
    checked('timeZone', isTimeZone, '$property must be an IANA time zone such as Europe/Berlin'),
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type: 'string',
      example: 'Australia/Sydney',
      description: options.description ?? 'IANA time zone the local dates and times are in',
    }),
  );
}

function SmallIntField(min: number, max: number, options: FieldOptions = {}) {
  return applyDecorators(
    ...presence(options),
    IsInt(),
    Min(min),
    Max(max),
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type: 'integer',
      minimum: min,
      maximum: max,
      nullable: options.nullable || undefined,
      description: options.description,
    }),
  );
}

function OptionalNested(type: new () => object, options: FieldOptions = {}) {
  return applyDecorators(
    ...(options.nullable ? [IsOptional()] : presence(options)),
    ValidateIf((_object: object, value: unknown) => value !== null),
    ValidateNested(),
    Type(() => type),
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type,
      nullable: options.nullable || undefined,
      description: options.description,
    }),
  );
}

// ---- requests ----

/** A place: by venue name (with its state) or by street address, or both; with its point. */
export class EventLocationInputDto {
  @TextField({ max: LOCATION_NAME_MAX, optional: true, nullable: true, example: 'Community Hall' })
  name?: string | null;
  @TextField({ max: LOCATION_ADDRESS_MAX, optional: true, nullable: true, example: '12 Fern St' })
  address?: string | null;
  @TextField({ max: LOCATION_PLACE_MAX, optional: true, nullable: true }) suburb_city?:
    string | null;
  @TextField({ max: LOCATION_PLACE_MAX, optional: true, nullable: true }) state?: string | null;
  @TextField({ max: LOCATION_PLACE_MAX, optional: true, nullable: true }) country?: string | null;
  @NumberField({ min: -90, max: 90 }) latitude: number;
  @NumberField({ min: -180, max: 180 }) longitude: number;
}

/**
 * RFC 5545 terms: once; weekly every `interval` weeks on the start's weekday; monthly every
 * `interval` months on the start's day of the month (`date`), its nth weekday (`weekday`, e.g.
 * the 2nd Saturday) or its last such weekday (`last_weekday`); ending on `until` (a local date),
 * after `count` dates, or when the 12-month horizon is reached (dates beyond it are made later).
 */
export class RecurrenceDto {
  @EnumField(FREQUENCIES) frequency: Frequency;
  @SmallIntField(1, MAX_INTERVAL, { optional: true, description: 'Default 1' }) interval?: number;
  @EnumField(MONTHLY_BY, { optional: true, description: 'Monthly only; default date' })
  monthly_by?: MonthlyBy;
  @LocalDateField({ optional: true, nullable: true, description: 'Last local date' })
  until?: string | null;
  @SmallIntField(1, MAX_COUNT, { optional: true, nullable: true }) count?: number | null;
}

export class NewEventDto {
  @TextField({ max: EVENT_TITLE_MAX }) title: string;
  @TextField({ min: 0, max: EVENT_DESCRIPTION_MAX, optional: true }) description?: string;
  @EnumField(EVENT_PRIVACIES, { optional: true, description: 'Default public' })
  privacy?: EventPrivacy;
  @UuidField({ optional: true, nullable: true, description: 'A page the caller manages' })
  page_id?: string | null;
  @OptionalNested(EventLocationInputDto, {
    optional: true,
    nullable: true,
    description: 'A new or existing place (deduplicated by name/state and by address)',
  })
  location?: EventLocationInputDto | null;
  @UuidField({ optional: true, nullable: true, description: 'Or an existing location' })
  location_id?: string | null;
  @TimeZoneField() time_zone: string;
  @LocalDateField({ description: 'The first date (local)' }) start_date: string;
  @LocalTimeField() start_time: string;
  @LocalTimeField({ description: 'At or before start_time: the next day' }) end_time: string;
  @OptionalNested(RecurrenceDto, { optional: true, description: 'Default once' })
  recurrence?: RecurrenceDto;
}

export class NewSpecificInputDto {
  @LocalDateField() date: string;
  @LocalTimeField({ optional: true, description: 'Default the template’s' }) start_time?: string;
  @LocalTimeField({ optional: true, description: 'Default the template’s' }) end_time?: string;
  @TextField({ max: EVENT_TITLE_MAX, optional: true }) title?: string;
  @TextField({ min: 0, max: EVENT_DESCRIPTION_MAX, optional: true }) description?: string;
}

/** Extra dates outside the rule (kept when the rule's dates are regenerated). */
export class NewSpecificsDto {
  @UuidField() eventId: string;
  @NestedListField(NewSpecificInputDto, { min: 1, max: MAX_NEW_SPECIFICS })
  dates: NewSpecificInputDto[];
}

/** Changes the template's specifics; every date without its own override follows. */
export class UpdateEventDto {
  @UuidField() eventId: string;
  @TextField({ max: EVENT_TITLE_MAX, optional: true }) title?: string;
  @TextField({ min: 0, max: EVENT_DESCRIPTION_MAX, optional: true }) description?: string;
  @EnumField(EVENT_PRIVACIES, { optional: true }) privacy?: EventPrivacy;
  @UuidField({ optional: true, nullable: true, description: 'null: no page' })
  page_id?: string | null;
  @OptionalNested(EventLocationInputDto, {
    optional: true,
    nullable: true,
    description: 'null: none',
  })
  location?: EventLocationInputDto | null;
  @UuidField({ optional: true, description: 'Or an existing location' })
  location_id?: string;
}

/** This date only. null clears an override (the template's value shows again). */
export class UpdateSpecificDto {
  @UuidField() specificId: string;
  @TextField({ max: EVENT_TITLE_MAX, optional: true, nullable: true }) title?: string | null;
  @TextField({ min: 0, max: EVENT_DESCRIPTION_MAX, optional: true, nullable: true })
  description?: string | null;
  @OptionalNested(EventLocationInputDto, { optional: true, nullable: true })
  location?: EventLocationInputDto | null;
  @UuidField({ optional: true, description: 'Or an existing location' }) location_id?: string;
  @LocalTimeField({ optional: true, description: 'New local start on the same date' })
  start_time?: string;
  @LocalTimeField({ optional: true }) end_time?: string;
  @BooleanField({ optional: true, description: 'true cancels this date, false restores it' })
  cancelled?: boolean;
}

/**
 * New schedule: dates from now on are made again from it. Past dates stay; a future date the new
 * rule keeps (same local date) keeps its id, overrides and answers; a future date it drops is
 * deleted, or cancelled when someone has answered for it.
 */
export class UpdateFutureDatesDto {
  @UuidField() eventId: string;
  @TimeZoneField({ optional: true }) time_zone?: string;
  @LocalDateField({ optional: true }) start_date?: string;
  @LocalTimeField({ optional: true }) start_time?: string;
  @LocalTimeField({ optional: true }) end_time?: string;
  @OptionalNested(RecurrenceDto, { optional: true }) recurrence?: RecurrenceDto;
}

export class UpsertAttendanceDto {
  @UuidField() specificId: string;
  @EnumField(ATTENDANCE_STATUSES) status: AttendanceStatus;
  @TextField({
    max: BRING_MAX,
    optional: true,
    nullable: true,
    description:
      'What I bring (GOING or MAYBE). Left out: unchanged; null or empty: none. NOT_GOING clears it',
  })
  bring?: string | null;
}

export class DeleteEventDto {
  @UuidField() eventId: string;
  @UuidField({ description: 'The caller' }) userId: string;
}

// ---- responses ----

export class EventLocationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ type: String, nullable: true }) suburb_city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({ description: 'Rounded to the ~1 km grid cell’s centre' }) latitude: number;
  @ApiProperty({ description: 'Rounded to the ~1 km grid cell’s centre' }) longitude: number;
}

export class EventImageDto {
  @ApiProperty({ description: 'Under /storage/v1/object/public/images/' }) ref: string;
  @ApiProperty({ type: [String], description: 'Smaller renditions (…-{width}.webp)' })
  variants: string[];
  @ApiProperty({ type: String, nullable: true }) blurhash: string | null;
}

export class EventPageRefDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() handle: string;
  @ApiProperty() name: string;
}

export class RecurrenceViewDto {
  @ApiProperty({ enum: FREQUENCIES }) frequency: Frequency;
  @ApiProperty({ type: 'integer' }) interval: number;
  @ApiProperty({ enum: MONTHLY_BY }) monthly_by: MonthlyBy;
  @ApiProperty({ type: String, format: 'date', nullable: true }) until: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) count: number | null;
  @ApiProperty({ description: 'RFC 5545 DTSTART;TZID=… and RRULE:… lines' }) rrule: string;
  @ApiProperty({ example: 'Every week on Saturday' }) text: string;
}

export class EventTemplateDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: 'integer', description: '0: the template holding the specifics' })
  position: number;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: EventImageDto, nullable: true }) image: EventImageDto | null;
  @ApiProperty({ type: EventLocationDto, nullable: true }) location: EventLocationDto | null;
  @ApiProperty() time_zone: string;
  @ApiProperty({ format: 'date' }) start_date: string;
  @ApiProperty({ example: '10:00' }) start_time: string;
  @ApiProperty({ example: '12:00' }) end_time: string;
  @ApiProperty({ type: RecurrenceViewDto }) recurrence: RecurrenceViewDto;
}

export class AttendanceCountsDto {
  @ApiProperty({ type: 'integer' }) going: number;
  @ApiProperty({ type: 'integer' }) maybe: number;
  @ApiProperty({ type: 'integer' }) not_going: number;
}

export class EventAttendeeDto {
  @ApiProperty({ format: 'uuid', description: 'The answer (attendanceId of new-event-notif)' })
  id: string;
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty({ enum: ATTENDANCE_STATUSES }) status: AttendanceStatus;
  @ApiProperty({ type: String, nullable: true, description: 'What they bring' })
  bring: string | null;
  @ApiProperty() updated_at: string;
}

/** One date of an event (an event specific), with the template's values where not overridden. */
export class EventDateDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) event_id: string;
  @ApiProperty({ format: 'date', description: 'Local date in time_zone' }) local_date: string;
  @ApiProperty() starts_at: string;
  @ApiProperty() ends_at: string;
  @ApiProperty() time_zone: string;
  @ApiProperty({ example: '10:00' }) start_time: string;
  @ApiProperty({ example: '12:00' }) end_time: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: EventLocationDto, nullable: true }) location: EventLocationDto | null;
  @ApiProperty({ type: String, nullable: true }) title_override: string | null;
  @ApiProperty({ type: String, nullable: true }) description_override: string | null;
  @ApiProperty() location_overridden: boolean;
  @ApiProperty() cancelled: boolean;
  @ApiProperty({ description: 'Made by the rule (false: added with new-specifics)' })
  from_rule: boolean;
  @ApiProperty() past: boolean;
  @ApiProperty({ type: 'integer', description: 'RFC 5545 SEQUENCE: changes so far' })
  sequence: number;
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCountsDto;
  @ApiProperty({
    type: [EventAttendeeDto],
    description: 'Answers, GOING first (at most 200); bring notes make the "what I bring" list',
  })
  event_attendees: EventAttendeeDto[];
  @ApiProperty({ enum: ATTENDANCE_STATUSES, nullable: true, description: 'The caller’s answer' })
  my_status: AttendanceStatus | null;
  @ApiProperty({ type: String, nullable: true }) my_bring: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The caller’s answer id',
  })
  my_attendance_id: string | null;
  @ApiProperty({ description: 'Download this date as .ics' }) ics_url: string;
}

export class EventDetailsDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The event’s address in URLs: /event/{random_id}' })
  random_id: string;
  @ApiProperty({ format: 'uuid' }) creator_id: string;
  @ApiProperty({ type: EventPageRefDto, nullable: true }) page: EventPageRefDto | null;
  @ApiProperty({ enum: EVENT_PRIVACIES }) privacy: EventPrivacy;
  @ApiProperty({ description: 'Whether the caller may change or delete it' }) can_edit: boolean;
  @ApiProperty({ type: [EventTemplateDto], description: 'The first holds the specifics' })
  templates: EventTemplateDto[];
  @ApiProperty({ type: [EventDateDto], description: 'Upcoming dates, first page (10)' })
  dates: EventDateDto[];
  @ApiProperty({ type: String, nullable: true, description: 'For GET /api/events/more/{id}' })
  dates_next_cursor: string | null;
  @ApiProperty({ description: 'Subscribe (webcal) to every date of this event' })
  calendar_url: string;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class EventDatePageDto {
  @ApiProperty({ type: [EventDateDto] }) items: EventDateDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class EventDateSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date' }) local_date: string;
  @ApiProperty() starts_at: string;
  @ApiProperty() ends_at: string;
  @ApiProperty() title: string;
  @ApiProperty() cancelled: boolean;
  @ApiProperty({ type: AttendanceCountsDto }) counts: AttendanceCountsDto;
  @ApiProperty({ enum: ATTENDANCE_STATUSES, nullable: true }) my_status: AttendanceStatus | null;
}

/** An event in a list: its template's specifics and its next date. */
export class EventSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() random_id: string;
  @ApiProperty({ format: 'uuid' }) creator_id: string;
  @ApiProperty({ type: EventPageRefDto, nullable: true }) page: EventPageRefDto | null;
  @ApiProperty({ enum: EVENT_PRIVACIES }) privacy: EventPrivacy;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: EventImageDto, nullable: true }) image: EventImageDto | null;
  @ApiProperty({ type: EventLocationDto, nullable: true }) location: EventLocationDto | null;
  @ApiProperty() time_zone: string;
  @ApiProperty({ example: 'Every week on Saturday' }) recurrence_text: string;
  @ApiProperty({ type: EventDateSummaryDto, nullable: true, description: 'Next date not over' })
  next_date: EventDateSummaryDto | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Nearby lists: whole km to the location’s public point',
  })
  distance_km: number | null;
}

export class EventSummaryPageDto {
  @ApiProperty({ type: [EventSummaryDto] }) items: EventSummaryDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class EventDeletedDto {
  @ApiProperty({ format: 'uuid' }) eventId: string;
  @ApiProperty() deleted: boolean;
}

export class CalendarFeedDto {
  @ApiProperty({ description: 'https URL of the .ics feed' }) url: string;
  @ApiProperty({ description: 'The same feed as webcal:// for calendar apps' }) webcal_url: string;
}

export class CalendarFeedStatusDto {
  @ApiProperty({ description: 'Whether the member has a private feed link' }) active: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When the link in use was made (its address is only shown then)',
  })
  created_at: string | null;
}

export class CalendarFeedRevokedDto {
  @ApiProperty() revoked: boolean;
}
