import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { EmailUnsubscribeController } from './email-unsubscribe.controller';
import { AnnouncementReceipt } from './entities/announcement-receipt.entity';
import { Announcement } from './entities/announcement.entity';
import { EmailDigest } from './entities/email-digest.entity';
import { EmailItem } from './entities/email-item.entity';
import { Notification } from './entities/notification.entity';
import { AnnounceJob } from './jobs/announce.job';
import { DigestEmailJob } from './jobs/digest-email.job';
import { FanOutJob } from './jobs/fan-out.job';
import { GatherDigestsJob } from './jobs/gather-digests.job';
import { NotificationEmailJob } from './jobs/notification-email.job';
import { NOTIFICATION_JOBS } from './jobs/notifications.jobs';
import { NotifyJob } from './jobs/notify.job';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { MemberEmails } from './member-emails.service';

/**
 * Notifications: the `notify` job writes one, as its producer resolved it (content, for reactions
 * and comments; events for attendance); members read theirs under /api/iam/notifications; admins
 * announce to everyone (the `announce` job); a cause told to a module's audience (everyone who
 * answered a changed date) is the `fan-out` job. Of the domain modules it uses only identity
 * (actors' summaries, the members to announce to); modules above it describe their things for the
 * list, and the audiences of their fan-outs, through a `NotificationSource` they register
 * (notification-sources.ts). E-mails about them go
 * out as each member chose per kind (MemberEmails: at once or a daily digest, with a one-click
 * unsubscribe link); messaging calls MemberEmails.notify for messages.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Notification,
      Announcement,
      AnnouncementReceipt,
      EmailItem,
      EmailDigest,
    ]),
    IdentityModule,
  ],
  controllers: [NotificationsController, EmailUnsubscribeController],
  providers: [
    NOTIFICATION_JOBS.provider,
    NotificationsService,
    NotifyJob,
    AnnounceJob,
    FanOutJob,
    MemberEmails,
    NotificationEmailJob,
    GatherDigestsJob,
    DigestEmailJob,
  ],
  exports: [NotificationsService, MemberEmails],
})
export class NotificationsModule {}
