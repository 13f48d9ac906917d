import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { UserSummaryDto } from '../identity';
import { CommentsService } from './comments.service';
import { CONTENT_RATE_LIMITS as LIMITS } from './content.rate-limits';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import {
  CommentDto,
  CommentPageDto,
  DeleteCommentDto,
  DeletedCommentsDto,
  NewCommentDto,
  UpdateCommentDto,
} from './dto/content.dto';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import type { Viewer } from '../../platform/access/viewer';

@ApiTags('comments')
@Controller('api/iam/posts')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Post('comment/new')
  @Access('completed-regn')
  @RateLimit('comment-write', LIMITS['comment-write'])
  @ApiOperation({ summary: 'Comment on a post, or reply to a comment (parentId; at most 6 deep)' })
  @ApiSuccess(CommentDto, { status: 201 })
  @ApiFailures(400, 404)
  create(@CurrentMember() member: Member, @Body() body: NewCommentDto) {
    return this.comments.create(member, body);
  }

  @Get('comments/:postId')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A post’s comments and replies, oldest first (flat; build threads by parent_id)',
  })
  @ApiQuery({ name: 'cursorId', required: false })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiSuccess(CommentPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  list(
    @CurrentViewer() viewer: Viewer,
    @Param('postId') postId: string,
    @Query('cursorId') cursor?: string,
    @Query('take') take?: string,
  ) {
    return this.comments.list(viewer, postId, decodeCursor('created_at', cursor), parseTake(take));
  }

  @Put('comment/update')
  @Access('completed-regn')
  @RateLimit('comment-write', LIMITS['comment-write'])
  @ApiOperation({
    summary: 'Edit one’s own comment (its author only); edited_at records a real change',
  })
  @ApiSuccess(CommentDto)
  @ApiFailures(400, 403, 404)
  update(@CurrentMember() member: Member, @Body() body: UpdateCommentDto) {
    return this.comments.update(member, body);
  }

  @Delete('comment')
  @Access('completed-regn')
  @RateLimit('comment-write', LIMITS['comment-write'])
  @ApiOperation({
    summary:
      'Delete a comment and all replies under it (its author, the post’s author or an admin)',
  })
  @ApiSuccess(DeletedCommentsDto)
  @ApiFailures(400, 403, 404)
  remove(@CurrentMember() member: Member, @Body() body: DeleteCommentDto) {
    return this.comments.remove(member, body);
  }
}
