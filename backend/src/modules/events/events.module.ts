import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { NotificationsModule } from '../notifications';
import { PagesModule } from '../pages';
import { AttendanceService } from './attendance.service';
import { CalendarService } from './calendar.service';
import { EventAttendee } from './entities/event-attendee.entity';
import { EventCalendarToken } from './entities/event-calendar-token.entity';
import { EventLocation } from './entities/event-location.entity';
import { EventSpecific } from './entities/event-specific.entity';
import { EventTemplate } from './entities/event-template.entity';
import { Event } from './entities/event.entity';
import { EventDirectory } from './event-directory.service';
import { EventLocationsService } from './event-locations.service';
import { EventPages } from './event-pages.service';
import { EventViewsService } from './event-views.service';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { EVENTS_JOBS } from './jobs/events.jobs';
import { ExtendEventDatesJob } from './jobs/extend-event-dates.job';
import { MergeDuplicateLocationsJob } from './jobs/merge-duplicate-locations.job';
import { RemoveOrphanedLocationsJob } from './jobs/remove-orphaned-locations.job';
import { LocationCleanupController } from './location-cleanup.controller';
import { LocationCleanupService } from './location-cleanup.service';
import { EventsNotificationSource } from './notification-source';
import { PublicEventsController } from './public-events.controller';
import { EventsSearch } from './events-search';

/**
 * Events: recurring templates with dated specifics, places, attendance per date with what members
 * bring, calendar files and feeds. Registers a PageEventsProvider with pages at start-up.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Event,
      EventTemplate,
      EventSpecific,
      EventAttendee,
      EventLocation,
      EventCalendarToken,
    ]),
    IdentityModule,
    NotificationsModule,
    PagesModule,
  ],
  controllers: [EventsController, PublicEventsController, LocationCleanupController],
  providers: [
    EVENTS_JOBS.provider,
    EventsService,
    EventViewsService,
    EventLocationsService,
    EventPages,
    AttendanceService,
    CalendarService,
    ExtendEventDatesJob,
    LocationCleanupService,
    MergeDuplicateLocationsJob,
    RemoveOrphanedLocationsJob,
    EventsNotificationSource,
    EventDirectory,
    EventsSearch,
  ],
  exports: [EventDirectory],
})
export class EventsModule {}
