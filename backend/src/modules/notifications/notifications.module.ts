import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Notification } from './entities/notification.entity';
import { NOTIFICATION_JOBS } from './jobs/notifications.jobs';
import { NotifyJob } from './jobs/notify.job';
import { NotificationsService } from './notifications.service';

/**
 * Notifications: the `notify` job writes one, as its producer resolved it (content, for reactions
 * and comments). This module depends on no domain module. The REST API comes with the
 * messaging/notifications issue.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Notification])],
  providers: [NOTIFICATION_JOBS.provider, NotificationsService, NotifyJob],
  exports: [NotificationsService],
})
export class NotificationsModule {}
