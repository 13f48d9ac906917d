import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { type Viewer, viewerOf } from '../../platform/access/viewer';
import { retriedTransaction } from '../../platform/database/retried-transaction';
import { AppError } from '../../platform/http/app-error';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { newRandomId } from '../../platform/ids/random-id';
import { ImagePipeline, imageRefs } from '../../platform/images/image-pipeline.service';
import { OutboxService } from '../../platform/queues/outbox.service';
import { StorageService } from '../../platform/storage/storage.service';
import { localTime } from '../../platform/time-zone/time-zone';
import { AccountDeletionService } from '../identity';
import { PagesService } from '../pages';
import type {
  EventDateDto,
  EventDeletedDto,
  EventDetailsDto,
  NewEventDto,
  NewSpecificsDto,
  RecurrenceDto,
  UpdateEventDto,
  UpdateFutureDatesDto,
  UpdateSpecificDto,
} from './dto/events.dto';
import { MAX_NEW_SPECIFICS } from './dto/events.dto';
import { type DateChange, tellDateChanges } from './date-change-notices';
import type { TemplateRow } from './events.queries';
import * as events from './events.queries';
import { EventLocationsService, type LocationFields } from './event-locations.service';
import { EventPages } from './event-pages.service';
import { EventViewsService } from './event-views.service';
import { EventsErrors } from './events.errors';
import {
  horizonEnd,
  instantOf,
  localDateOf,
  MAX_DATES,
  occurrenceOn,
  occurrences,
  rfc5545,
  type Rule,
  type Schedule,
} from './recurrence';

/**
 * Events and their dates: creating (trusted members), changing and deleting (the creator, the
 * owner of the event's page, admins). A rule's dates are made up to HORIZON_MONTHS ahead (at most
 * MAX_DATES at once); the horizon job (jobs/extend-event-dates.job.ts) makes later ones.
 */
@Injectable()
export class EventsService implements OnModuleInit {
  private readonly logger = new Logger('Events');

  constructor(
    private readonly dataSource: DataSource,
    private readonly locations: EventLocationsService,
    private readonly pages: EventPages,
    private readonly pagesService: PagesService,
    private readonly views: EventViewsService,
    private readonly images: ImagePipeline,
    private readonly storage: StorageService,
    private readonly accountDeletion: AccountDeletionService,
    private readonly outbox: OutboxService,
  ) {}

  onModuleInit() {
    this.pagesService.registerEventsProvider({
      upcomingCount: (pageId, viewer) => this.views.upcomingCountOfPage(viewer, pageId),
      eventLocations: (pageId, viewer) => this.locations.ofPage(viewer, pageId),
      upcomingEvents: (pageId, viewer) => this.views.upcomingOfPage(viewer, pageId),
    });
    // The rows go with the account (foreign keys); the image files of its events go by a job.
    this.accountDeletion.registerStep({
      name: 'events: schedule removal of event images',
      phase: 'before-user',
      run: async (manager, userId) => {
        const rows = await events.imagesOfCreator(manager, userId);
        // An admin may have uploaded one: that record does not go with the creator's rows.
        await this.images.forgetUploads(
          manager,
          rows.map((row) => row.image),
        );
        await this.storage.scheduleRemoval(rows.flatMap(refsOf), manager);
      },
    });
  }

  async create(member: Member, input: NewEventDto): Promise<EventDetailsDto> {
    const viewer = viewerOf(member);
    const schedule = scheduleOf(input);
    const rule = ruleOf(input.recurrence);
    assertNotPast(schedule);
    if (input.page_id) await this.pages.assertMayUse(input.page_id, viewer);
    const now = new Date();
    const dates = occurrences(rule, schedule, {
      from: instantOf(schedule.startDate, '00:00', schedule.timeZone),
      to: horizonEnd(now),
    }).filter((date) => date.endsAt.getTime() > now.getTime());
    if (!dates.length) throw EventsErrors.NO_DATES();
    const eventId = await this.logged('Create event error', () =>
      retriedTransaction(
        this.dataSource,
        async (manager) => {
          const locationId = await this.locationOf(manager, input.location, input.location_id);
          const id = await events.insertEvent(manager, {
            randomId: newRandomId(),
            creatorId: member.userId,
            pageId: input.page_id?.toLowerCase() ?? null,
            privacy: input.privacy ?? 'public',
          });
          await events.insertTemplate(manager, id, {
            title: input.title.trim(),
            description: (input.description ?? '').trim(),
            image: null,
            image_variants: [],
            image_blurhash: null,
            location_id: locationId,
            ...templateSchedule(rule, schedule),
          });
          await events.insertSpecifics(
            manager,
            id,
            dates.map((date) => ({ ...date, fromRule: true })),
          );
          return id;
        },
        { uniqueViolations: true },
      ),
    );
    return this.views.details(viewer, eventId);
  }

  async addSpecifics(member: Member, input: NewSpecificsDto): Promise<EventDetailsDto> {
    const viewer = viewerOf(member);
    if (input.dates.length > MAX_NEW_SPECIFICS)
      throw EventsErrors.TOO_MANY_DATES({ max: MAX_NEW_SPECIFICS });
    await this.logged('Create specifics error', () =>
      retriedTransaction(this.dataSource, async (manager) => {
        const { template } = await this.lockManaged(manager, viewer, input.eventId);
        const now = Date.now();
        const wanted = input.dates.map((date) => {
          const occurrence = occurrenceOn(date.date, {
            timeZone: template.time_zone,
            startTime: date.start_time ?? template.start_time,
            endTime: date.end_time ?? template.end_time,
          });
          if (occurrence.endsAt.getTime() <= now) throw EventsErrors.DATE_OVER();
          return {
            ...occurrence,
            fromRule: false,
            title: blankToNull(date.title),
            description: blankToNull(date.description),
          };
        });
        const days = wanted.map((date) => date.localDate);
        const repeated = days.find((day, index) => days.indexOf(day) !== index);
        if (repeated) throw EventsErrors.DATE_TAKEN({ date: repeated });
        const [taken] = await events.specificDatesOf(manager, template.event_id, days);
        if (taken) throw EventsErrors.DATE_TAKEN({ date: taken });
        await events.insertSpecifics(manager, template.event_id, wanted);
      }),
    );
    return this.views.details(viewer, input.eventId);
  }

  async update(member: Member, input: UpdateEventDto): Promise<EventDetailsDto> {
    const viewer = viewerOf(member);
    if (input.page_id) await this.pages.assertMayUse(input.page_id, viewer);
    await this.logged('Event update error', () =>
      retriedTransaction(this.dataSource, async (manager) => {
        const { template } = await this.lockManaged(manager, viewer, input.eventId);
        const locationId =
          input.location === undefined && input.location_id === undefined
            ? undefined
            : await this.locationOf(manager, input.location, input.location_id);
        const changes: Partial<events.TemplateColumns> = {
          title: input.title?.trim(),
          description: input.description?.trim(),
          location_id: locationId,
        };
        if (changes.title === '')
          throw PlatformErrors.VALIDATION_FAILED([
            { field: 'title', messages: ['title must not be blank'] },
          ]);
        await events.updateTemplate(manager, template.event_id, changes);
        await events.updateEventRow(manager, template.event_id, {
          pageId: input.page_id === undefined ? undefined : (input.page_id?.toLowerCase() ?? null),
          privacy: input.privacy,
        });
        const shown =
          (changes.title !== undefined && changes.title !== template.title) ||
          (changes.description !== undefined && changes.description !== template.description) ||
          (locationId !== undefined && locationId !== template.location_id);
        if (shown) await events.bumpUpcomingSequences(manager, template.event_id);
      }),
    );
    return this.views.details(viewer, input.eventId);
  }

  async updateSpecific(member: Member, input: UpdateSpecificDto): Promise<EventDateDto> {
    const viewer = viewerOf(member);
    await this.logged('Ev specific update error', () =>
      retriedTransaction(this.dataSource, async (manager) => {
        const specific = await events.specificById(manager, input.specificId, true);
        if (!specific) throw EventsErrors.EVENT_DATE_NOT_FOUND();
        const { template } = await this.lockManaged(manager, viewer, specific.event_id);
        if (specific.ends_at.getTime() <= Date.now()) throw EventsErrors.DATE_OVER();
        const changes: events.SpecificChanges = {
          title: input.title === undefined ? undefined : blankToNull(input.title),
          description: input.description === undefined ? undefined : blankToNull(input.description),
          cancelled: input.cancelled,
        };
        if (input.location !== undefined || input.location_id !== undefined)
          changes.location_id = await this.locationOf(manager, input.location, input.location_id);
        if (input.start_time !== undefined || input.end_time !== undefined) {
          const occurrence = occurrenceOn(specific.local_date, {
            timeZone: template.time_zone,
            startTime: input.start_time ?? localTime(specific.starts_at, template.time_zone),
            endTime: input.end_time ?? localTime(specific.ends_at, template.time_zone),
          });
          changes.starts_at = occurrence.startsAt;
          changes.ends_at = occurrence.endsAt;
        }
        await events.updateSpecific(manager, specific.id, changes);
        // Everyone who answered hears of a cancellation, a reinstatement or new times.
        const cancelled = changes.cancelled ?? specific.cancelled;
        const moved =
          (changes.starts_at !== undefined &&
            changes.starts_at.getTime() !== specific.starts_at.getTime()) ||
          (changes.ends_at !== undefined &&
            changes.ends_at.getTime() !== specific.ends_at.getTime());
        if (cancelled !== specific.cancelled || (moved && !cancelled))
          await tellDateChanges(this.outbox, manager, member.userId, [
            { eventId: specific.event_id, specificId: specific.id, cancelled },
          ]);
      }),
    );
    return this.views.date(viewer, input.specificId);
  }

  /**
   * A new schedule. Dates from now on are made again: a future rule date the new rule keeps (same
   * local date) keeps its id, overrides and answers and moves to the new times; one it drops is
   * deleted, or cancelled when anyone has answered for it; new ones are added. Past dates and
   * dates added by hand stay as they are.
   */
  async updateFutureDates(member: Member, input: UpdateFutureDatesDto): Promise<EventDetailsDto> {
    const viewer = viewerOf(member);
    await this.logged('Event update error', () =>
      retriedTransaction(this.dataSource, async (manager) => {
        const { template } = await this.lockManaged(manager, viewer, input.eventId);
        const schedule: Schedule = {
          timeZone: input.time_zone ?? template.time_zone,
          startDate: input.start_date ?? template.start_date,
          startTime: input.start_time ?? template.start_time,
          endTime: input.end_time ?? template.end_time,
        };
        const rule = input.recurrence ? ruleOf(input.recurrence) : ruleOfTemplate(template);
        const now = new Date();
        const changed = await this.regenerate(
          manager,
          template.event_id,
          rule,
          schedule,
          now,
          'replace',
        );
        await events.updateTemplate(manager, template.event_id, templateSchedule(rule, schedule));
        await tellDateChanges(this.outbox, manager, member.userId, changed);
      }),
    );
    return this.views.details(viewer, input.eventId);
  }

  /** Makes the rule's dates up to the horizon that are not there yet (the horizon job). */
  async extendHorizon(eventId: string): Promise<void> {
    await retriedTransaction(this.dataSource, async (manager) => {
      const event = await events.eventById(manager, eventId, true);
      if (!event) return;
      const [template] = await events.templatesOf(manager, [eventId]);
      if (!template || template.frequency === 'once') return;
      await this.regenerate(
        manager,
        eventId,
        ruleOfTemplate(template),
        scheduleOfTemplate(template),
        new Date(),
        'add',
      );
    });
  }

  async remove(
    member: Member,
    input: { eventId: string; userId: string },
  ): Promise<EventDeletedDto> {
    if (input.userId.toLowerCase() !== member.userId) throw EventsErrors.NOT_THE_CALLER();
    const viewer = viewerOf(member);
    const { template } = await this.managed(viewer, input.eventId);
    // The spec: the stored image goes first; the record only if that succeeded.
    await this.removeFiles(template);
    await this.dataSource.transaction(async (manager) => {
      await this.images.forgetUploads(manager, [template.image]);
      await events.deleteEvent(manager, template.event_id);
    });
    return { eventId: template.event_id, deleted: true };
  }

  /** Throws unless the caller may change the event. */
  async assertManages(member: Member, eventId: string): Promise<void> {
    await this.managed(viewerOf(member), eventId);
  }

  async replaceImage(member: Member, eventId: string, bytes: Buffer): Promise<EventDetailsDto> {
    const viewer = viewerOf(member);
    await this.managed(viewer, eventId);
    const image = await this.images.processUpload(member.userId, bytes, { folder: 'events' });
    try {
      await retriedTransaction(this.dataSource, async (manager) => {
        const { template } = await this.lockManaged(manager, viewer, eventId);
        await this.images.attachUpload(manager, image.ref, member.userId);
        await this.images.forgetUploads(manager, [template.image]);
        await events.updateTemplate(manager, eventId, {
          image: image.ref,
          image_variants: imageRefs(image).filter((ref) => ref !== image.ref),
          image_blurhash: image.blurhash,
        });
        await this.storage.scheduleRemoval(refsOf(template), manager);
      });
    } catch (error) {
      // The new files belong to nobody now.
      await this.storage.remove(imageRefs(image)).catch(() => undefined);
      throw error;
    }
    return this.views.details(viewer, eventId);
  }

  async removeImage(member: Member, eventId: string): Promise<EventDetailsDto> {
    const viewer = viewerOf(member);
    const { template } = await this.managed(viewer, eventId);
    await this.removeFiles(template);
    await this.dataSource.transaction(async (manager) => {
      await this.images.forgetUploads(manager, [template.image]);
      await events.updateTemplate(manager, eventId, {
        image: null,
        image_variants: [],
        image_blurhash: null,
      });
    });
    return this.views.details(viewer, eventId);
  }

  private async removeFiles(template: TemplateRow): Promise<void> {
    const refs = refsOf(template);
    if (!refs.length) return;
    try {
      await this.storage.remove(refs);
    } catch (error) {
      this.logger.error(`SB image delete error: ${String(error)}`);
      throw EventsErrors.IMAGE_REMOVAL_FAILED();
    }
  }

  private async regenerate(
    manager: EntityManager,
    eventId: string,
    rule: Rule,
    schedule: Schedule,
    now: Date,
    mode: 'replace' | 'add',
  ): Promise<DateChange[]> {
    const wanted = occurrences(rule, schedule, { from: now, to: horizonEnd(now) }, MAX_DATES);
    /** Answered dates that moved or were cancelled: their answerers hear of it. */
    const changed: DateChange[] = [];
    if (mode === 'replace') {
      const existing = await events.futureRuleSpecifics(manager, eventId, now);
      const byDate = new Map(wanted.map((date) => [date.localDate, date]));
      const dropped = existing.filter((row) => !byDate.has(row.local_date));
      for (const row of existing) {
        const kept = byDate.get(row.local_date);
        if (!kept) continue;
        await events.setSpecificTimes(manager, row.id, kept.startsAt, kept.endsAt);
        const moved =
          kept.startsAt.getTime() !== row.starts_at.getTime() ||
          kept.endsAt.getTime() !== row.ends_at.getTime();
        if (moved && row.answered && !row.cancelled)
          changed.push({ eventId, specificId: row.id, cancelled: false });
      }
      for (const row of dropped)
        if (row.answered && !row.cancelled)
          changed.push({ eventId, specificId: row.id, cancelled: true });
      await events.deleteSpecifics(
        manager,
        dropped.filter((row) => !row.answered).map((row) => row.id),
      );
      await events.cancelSpecifics(
        manager,
        dropped.filter((row) => row.answered).map((row) => row.id),
      );
    }
    await events.insertSpecifics(
      manager,
      eventId,
      wanted.map((date) => ({ ...date, fromRule: true })),
    );
    return changed;
  }

  /** The event and its first template, locked, when the viewer may change it. */
  private async lockManaged(manager: EntityManager, viewer: Viewer, eventId: string) {
    const event = await events.eventById(manager, eventId.toLowerCase(), true);
    if (!event) throw EventsErrors.EVENT_NOT_FOUND();
    if (!(await this.views.mayEdit(viewer, event))) throw EventsErrors.NOT_EVENT_MANAGER();
    const [template] = await events.templatesOf(manager, [event.id]);
    return { event, template };
  }

  private async managed(viewer: Viewer, eventId: string) {
    const event = await events.eventById(this.dataSource, eventId.toLowerCase());
    if (!event) throw EventsErrors.EVENT_NOT_FOUND();
    if (!(await this.views.mayEdit(viewer, event))) throw EventsErrors.NOT_EVENT_MANAGER();
    const [template] = await events.templatesOf(this.dataSource, [event.id]);
    return { event, template };
  }

  private async locationOf(
    manager: EntityManager,
    location: LocationFields | null | undefined,
    locationId: string | null | undefined,
  ): Promise<string | null> {
    if (location) return this.locations.resolve(manager, location);
    if (locationId) return this.locations.existing(manager, locationId.toLowerCase());
    return null;
  }

  /** The spec's logged texts (section 8) for failures that are not the caller's. */
  private async logged<T>(text: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError)) this.logger.error(`${text}: ${String(error)}`);
      throw error;
    }
  }
}

function refsOf(template: Pick<TemplateRow, 'image' | 'image_variants'>): string[] {
  return template.image ? [template.image, ...template.image_variants] : [];
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed ? trimmed : null;
}

function scheduleOf(input: {
  time_zone: string;
  start_date: string;
  start_time: string;
  end_time: string;
}): Schedule {
  return {
    timeZone: input.time_zone,
    startDate: input.start_date,
    startTime: input.start_time,
    endTime: input.end_time,
  };
}

function scheduleOfTemplate(template: TemplateRow): Schedule {
  return {
    timeZone: template.time_zone,
    startDate: template.start_date,
    startTime: template.start_time,
    endTime: template.end_time,
  };
}

function ruleOf(input: RecurrenceDto | undefined): Rule {
  const frequency = input?.frequency ?? 'once';
  const rule: Rule = {
    frequency,
    interval: frequency === 'once' ? 1 : (input?.interval ?? 1),
    monthlyBy: frequency === 'monthly' ? (input?.monthly_by ?? 'date') : 'date',
    until: frequency === 'once' ? null : (input?.until ?? null),
    count: frequency === 'once' ? null : (input?.count ?? null),
  };
  return rule;
}

function ruleOfTemplate(template: TemplateRow): Rule {
  return {
    frequency: template.frequency,
    interval: template.repeat_interval,
    monthlyBy: template.monthly_by,
    until: template.until,
    count: template.repeat_count,
  };
}

function templateSchedule(rule: Rule, schedule: Schedule) {
  if (rule.until && rule.until < schedule.startDate)
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'recurrence.until', messages: ['until must not be before start_date'] },
    ]);
  return {
    time_zone: schedule.timeZone,
    start_date: schedule.startDate,
    start_time: schedule.startTime,
    end_time: schedule.endTime,
    frequency: rule.frequency,
    repeat_interval: rule.interval,
    monthly_by: rule.monthlyBy,
    until: rule.until,
    repeat_count: rule.count,
    rrule: rfc5545(rule, schedule),
  };
}

/** A new event starts today or later in its own zone. */
function assertNotPast(schedule: Schedule): void {
  const today = localDateOf(new Date(), schedule.timeZone);
  if (schedule.startDate < today)
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'start_date', messages: ['start_date must be today or later'] },
    ]);
}
