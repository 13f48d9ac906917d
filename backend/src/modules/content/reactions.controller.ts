import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { UserSummaryDto } from '../identity';
import { CONTENT_RATE_LIMITS as LIMITS } from './content.rate-limits';
import {
  DeleteReactionDto,
  NewReactionDto,
  ReactionCountDto,
  ReactionCreatedDto,
  ReactorPageDto,
} from './dto/content.dto';
import { ReactionsService } from './reactions.service';
import { ReactorsService } from './reactors.service';
import { PlatformErrors } from '../../platform/http/platform.errors';

const CURSOR_QUERY = {
  name: 'cursorId',
  required: false,
  description: 'next_cursor of the previous page',
};
const TAKE_QUERY = { name: 'take', required: false, description: 'Page size, 1–50 (default 20)' };

@ApiTags('reactions')
@Controller('api/iam/posts')
export class ReactionsController {
  constructor(
    private readonly reactions: ReactionsService,
    private readonly reactors: ReactorsService,
  ) {}

  @Post('reaction/new')
  @Access('completed-regn')
  @RateLimit('reaction', LIMITS.reaction)
  @ApiOperation({ summary: 'React to a post or a comment (exactly one); once per member' })
  @ApiSuccess(ReactionCreatedDto, { status: 201 })
  @ApiFailures(400, 404, 409)
  create(@CurrentMember() member: Member, @Body() body: NewReactionDto) {
    if (Boolean(body.postId) === Boolean(body.commentId))
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'postId', messages: ['give exactly one of postId and commentId'] },
      ]);
    return this.reactions.create(member, body);
  }

  @Delete('reaction')
  @Access('completed-regn')
  @RateLimit('reaction', LIMITS.reaction)
  @ApiOperation({ summary: 'Remove one’s own reaction' })
  @ApiSuccess(ReactionCountDto)
  @ApiFailures(400, 403, 404)
  remove(@CurrentMember() member: Member, @Body() body: DeleteReactionDto) {
    return this.reactions.remove(member, body.id);
  }

  @Get('reactions/post/:postId')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'Who reacted to a post (random id or uuid), newest first',
    description:
      'As visible as the post: a caller who may not see it gets 404, as for no such post.',
  })
  @ApiQuery(CURSOR_QUERY)
  @ApiQuery(TAKE_QUERY)
  @ApiSuccess(ReactorPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  ofPost(
    @CurrentViewer() viewer: Viewer,
    @Param('postId') postId: string,
    @Query('cursorId') cursor?: string,
    @Query('take') take?: string,
  ) {
    return this.reactors.ofPost(
      viewer,
      postId,
      decodeCursor('created_at', cursor),
      parseTake(take),
    );
  }

  @Get('reactions/comment/:commentId')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'Who reacted to a comment, newest first',
    description:
      'As visible as the comment’s post: a caller who may not see it gets 404, as for no such comment.',
  })
  @ApiQuery(CURSOR_QUERY)
  @ApiQuery(TAKE_QUERY)
  @ApiSuccess(ReactorPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  ofComment(
    @CurrentViewer() viewer: Viewer,
    @Param('commentId') commentId: string,
    @Query('cursorId') cursor?: string,
    @Query('take') take?: string,
  ) {
    return this.reactors.ofComment(
      viewer,
      commentId,
      decodeCursor('created_at', cursor),
      parseTake(take),
    );
  }
}
