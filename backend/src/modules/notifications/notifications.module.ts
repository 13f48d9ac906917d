import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { Announcement } from './entities/announcement.entity';
import { Notification } from './entities/notification.entity';
import { AnnounceJob } from './jobs/announce.job';
import { NOTIFICATION_JOBS } from './jobs/notifications.jobs';
import { NotifyJob } from './jobs/notify.job';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/**
 * Notifications: the `notify` job writes one, as its producer resolved it (content, for reactions
 * and comments; events for attendance); members read theirs under /api/iam/notifications; admins
 * announce to everyone (the `announce` job). Of the domain modules it uses only identity (actors'
 * summaries, the members to announce to); modules above it describe their things for the list
 * through a `NotificationSource` they register (notification-sources.ts).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Notification, Announcement]), IdentityModule],
  controllers: [NotificationsController],
  providers: [NOTIFICATION_JOBS.provider, NotificationsService, NotifyJob, AnnounceJob],
  exports: [NotificationsService],
})
export class NotificationsModule {}
