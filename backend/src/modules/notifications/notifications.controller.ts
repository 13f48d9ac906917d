import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import {
  AnnouncementCreatedDto,
  MarkSeenDto,
  MarkSeenResultDto,
  NewCommentNotifDto,
  NewEventNotifDto,
  NewImmutableDto,
  NewReactionNotifDto,
  NotificationPageDto,
  TriggerResultDto,
  UnreadTallyDto,
} from './dto/notifications.dto';
import { NotificationsService } from './notifications.service';

/** The caller's own notifications under /api/iam/notifications (spec §7). */
@ApiTags('notifications')
@Controller('api/iam/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('unread-tally')
  @Access('authd-only')
  @ApiOperation({ summary: 'Unseen notifications, counted up to 100 ("99+")' })
  @ApiSuccess(UnreadTallyDto)
  unreadTally(@CurrentMember() member: Member) {
    return this.notifications.unreadTally(member.userId);
  }

  @Get('all')
  @Access('authd-only')
  @ApiOperation({ summary: 'The caller’s notifications, grouped, newest first, by cursor' })
  @ApiQuery({ name: 'cursorId', required: false, description: 'next_cursor of the previous page' })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiSuccess(NotificationPageDto)
  @ApiFailures(400)
  all(
    @CurrentMember() member: Member,
    @Query('cursorId') cursor?: string,
    @Query('take') take?: string,
  ) {
    return this.notifications.page(
      member.userId,
      decodeCursor('created_at', cursor),
      parseTake(take),
    );
  }

  @Put('mark-as-seen')
  @Access('authd-only')
  @ApiOperation({
    summary: 'Mark the caller’s notifications seen (notifIds; empty or all: every one)',
    description: 'Acts only when the unread tally is non-zero; answers the tally after.',
  })
  @ApiSuccess(MarkSeenResultDto)
  @ApiFailures(400)
  markSeen(@CurrentMember() member: Member, @Body() body: MarkSeenDto) {
    const all = body.all === true || !body.notifIds?.length;
    return this.notifications.markSeen(member.userId, all ? null : body.notifIds!);
  }

  @Post('new-reaction-notif')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'Re-trigger the notification of one of the caller’s reactions (idempotent)',
    description:
      'Reactions notify by themselves; this re-runs the same path, which re-checks who may hear.',
  })
  @ApiSuccess(TriggerResultDto, { status: 201 })
  @ApiFailures(400, 404)
  newReactionNotif(@CurrentMember() member: Member, @Body() body: NewReactionNotifDto) {
    return this.notifications.retell('reaction', member.userId, body.reactionId.toLowerCase());
  }

  @Post('new-comment-notif')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'Re-trigger the notification of one of the caller’s comments (idempotent)',
    description:
      'Comments notify by themselves; this re-runs the same path, which re-checks who may hear.',
  })
  @ApiSuccess(TriggerResultDto, { status: 201 })
  @ApiFailures(400, 404)
  newCommentNotif(@CurrentMember() member: Member, @Body() body: NewCommentNotifDto) {
    return this.notifications.retell('comment', member.userId, body.commentId.toLowerCase());
  }

  @Post('new-event-notif')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'Re-trigger the notification of one of the caller’s attendance answers (idempotent)',
  })
  @ApiSuccess(TriggerResultDto, { status: 201 })
  @ApiFailures(400, 404)
  newEventNotif(@CurrentMember() member: Member, @Body() body: NewEventNotifDto) {
    return this.notifications.retell('event', member.userId, body.attendanceId.toLowerCase());
  }

  @Post('new-immutable')
  @Access('admin-auth')
  @ApiOperation({ summary: 'A site announcement to every member (fanned out by a job)' })
  @ApiSuccess(AnnouncementCreatedDto, { status: 201 })
  @ApiFailures(400)
  newImmutable(@CurrentMember() member: Member, @Body() body: NewImmutableDto) {
    const message = body.message.trim();
    if (!message)
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'message', messages: ['message must not be blank'] },
      ]);
    return this.notifications.announce(member.userId, message);
  }
}
