import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule } from '../content/content.module';
import { Notification } from './entities/notification.entity';
import { CommentCreatedJob } from './jobs/comment-created.job';
import { ReactionCreatedJob } from './jobs/reaction-created.job';
import { NotificationsService } from './notifications.service';

/**
 * Notifications: the `notifications` queue's processors turn reactions and comments into rows
 * for their recipients. The REST API comes with the messaging/notifications issue.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Notification]), ContentModule],
  providers: [NotificationsService, ReactionCreatedJob, CommentCreatedJob],
  exports: [NotificationsService],
})
export class NotificationsModule {}
