/** The notifications module's public face: what other modules may import. */
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
export { MemberEmails, type EmailCause } from './member-emails.service';
export type { NotificationType } from './entities/notification.entity';
export type { AudienceKind, FanOutPayload, NotifyPayload } from './jobs/notifications.jobs';
export type {
  Audience,
  CommentTarget,
  EventTarget,
  NotificationSource,
  PostTarget,
  TargetRefs,
  Targets,
  TriggerKind,
} from './notification-sources';
