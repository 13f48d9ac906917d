import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { BooleanField, TextField, UuidField } from '../../../platform/http/fields';
import { UserSummaryDto } from '../../identity';
import { NOTIFICATION_TYPES } from '../entities/notification.entity';
import { ANNOUNCEMENT_MAX } from '../entities/announcement.entity';

/** Most notification ids one mark-as-seen takes (a page's items' ids fit). */
export const MARK_SEEN_MAX = 500;

// ---- requests ----

export class MarkSeenDto {
  @NotifIdsField() notifIds?: string[];
  @BooleanField({ optional: true, description: 'Mark every notification seen (as empty notifIds)' })
  all?: boolean;
}

function NotifIdsField() {
  return applyDecorators(
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MARK_SEEN_MAX),
    IsUUID('4', { each: true }),
    ApiProperty({
      type: String,
      format: 'uuid',
      isArray: true,
      required: false,
      maxItems: MARK_SEEN_MAX,
      description: 'The notifications to mark seen (an item’s notif_ids); empty or left out: all',
    }),
  );
}

export class NewReactionNotifDto {
  @UuidField({ description: 'The caller’s reaction' }) reactionId: string;
}

export class NewCommentNotifDto {
  @UuidField({ description: 'The caller’s comment' }) commentId: string;
}

export class NewEventNotifDto {
  @UuidField({ description: 'The caller’s attendance answer (event attendee row)' })
  attendanceId: string;
}

export class NewImmutableDto {
  @TextField({ min: 1, max: ANNOUNCEMENT_MAX, description: 'The announcement, plain text' })
  message: string;
}

// ---- responses ----

export class UnreadTallyDto {
  @ApiProperty({ description: 'Unseen notifications, counted up to 100' }) count: number;
  @ApiProperty({ description: 'True at 100 or more: show "99+"' }) capped: boolean;
}

export class MarkSeenResultDto extends UnreadTallyDto {
  @ApiProperty({ description: 'How many were marked seen now' }) marked: number;
}

export class TriggerResultDto {
  @ApiProperty({ enum: [true] }) queued: true;
}

export class AnnouncementCreatedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
}

export class NotificationItemDto {
  @ApiProperty({
    format: 'uuid',
    description:
      'The newest notification of the group; for a site announcement (type immutable), the announcement’s id (what mark-as-seen takes for it)',
  })
  id: string;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) type: string;
  @ApiProperty({ type: String, nullable: true, description: 'e.g. EVENT_ATTENDANCE' })
  subtype: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty({ description: 'Every notification of the group was seen' }) seen: boolean;
  @ApiProperty({ type: [String], description: 'The group’s unseen ids, for mark-as-seen' })
  notif_ids: string[];
  @ApiProperty({ description: 'Notifications in the group' }) count: number;
  @ApiProperty({ description: 'Distinct people in the group' }) actor_count: number;
  @ApiProperty({ type: [UserSummaryDto], description: 'The latest (≤ 3), newest first' })
  actors: UserSummaryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where it leads: /post/{randomId}, /event/{randomId} or /{handle}',
  })
  link: string | null;
  @ApiProperty({ type: String, nullable: true }) post_random_id: string | null;
  @ApiProperty({ type: String, nullable: true }) event_random_id: string | null;
  @ApiProperty({ type: String, nullable: true }) event_title: string | null;
  @ApiProperty({ type: String, nullable: true }) comment_excerpt: string | null;
  @ApiProperty() comment_is_reply: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'A site announcement’s text' })
  announcement: string | null;
}

export class NotificationPageDto {
  @ApiProperty({ type: [NotificationItemDto] }) items: NotificationItemDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}
