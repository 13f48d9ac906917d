import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { Event } from './event.entity';
import type { EventLocation } from './event-location.entity';

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 4000;
export const FREQUENCIES = ['once', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Monthly on the start's day of the month, on its nth weekday, or on its last such weekday. */
export const MONTHLY_BY = ['date', 'weekday', 'last_weekday'] as const;
export type MonthlyBy = (typeof MONTHLY_BY)[number];
export const MAX_INTERVAL = 12;
export const MAX_COUNT = 100;
const LOCAL_TIME = "'^([01][0-9]|2[0-3]):[0-5][0-9]$'";

/**
 * What an event's dates are made from. The first template (position 0) holds the specifics: title,
 * description, image, location, the local start and end time in an IANA time zone and the
 * recurrence rule (RFC 5545: `rrule` holds its text).
 */
@Entity('event_template')
@Unique('event_template_position_uq', ['eventId', 'position'])
@Index('event_template_location_idx', ['locationId'])
@Check('event_template_title_chk', `char_length(title) BETWEEN 1 AND ${EVENT_TITLE_MAX}`)
@Check('event_template_description_chk', `char_length(description) <= ${EVENT_DESCRIPTION_MAX}`)
@Check('event_template_start_time_chk', `start_time ~ ${LOCAL_TIME}`)
@Check('event_template_end_time_chk', `end_time ~ ${LOCAL_TIME}`)
@Check('event_template_frequency_chk', "frequency IN ('once', 'weekly', 'monthly')")
@Check('event_template_monthly_by_chk', "monthly_by IN ('date', 'weekday', 'last_weekday')")
@Check('event_template_repeat_interval_chk', `repeat_interval BETWEEN 1 AND ${MAX_INTERVAL}`)
@Check('event_template_repeat_count_chk', `repeat_count BETWEEN 1 AND ${MAX_COUNT}`)
export class EventTemplate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  eventId: string;

  @ManyToOne('Event', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: Event;

  @Column('smallint', { default: 0 })
  position: number;

  @Column('text')
  title: string;

  @Column('text', { default: '' })
  description: string;

  /** The stored image's ref (WebP), its variants' refs kept for srcset and removal. */
  @Column('text', { nullable: true })
  image: string | null;

  @Column('text', { array: true, default: () => "'{}'" })
  imageVariants: string[];

  @Column('text', { nullable: true })
  imageBlurhash: string | null;

  @Column('uuid', { nullable: true })
  locationId: string | null;

  @ManyToOne('EventLocation', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'location_id' })
  location?: EventLocation;

  /** IANA time zone the local times are in, e.g. Australia/Sydney. */
  @Column('text')
  timeZone: string;

  /** The first date (local), YYYY-MM-DD. */
  @Column('date')
  startDate: string;

  /** HH:MM local; an end at or before the start ends the next day. */
  @Column('text')
  startTime: string;

  @Column('text')
  endTime: string;

  @Column('text', { default: 'once' })
  frequency: Frequency;

  @Column('smallint', { default: 1 })
  repeatInterval: number;

  @Column('text', { default: 'date' })
  monthlyBy: MonthlyBy;

  /** The last local date a repetition may fall on. */
  @Column('date', { nullable: true })
  until: string | null;

  /** How many dates in all (with until: whichever ends first). */
  @Column('smallint', { nullable: true })
  repeatCount: number | null;

  /** The rule as RFC 5545 text (DTSTART;TZID=… and RRULE:…), for calendars. */
  @Column('text')
  rrule: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
