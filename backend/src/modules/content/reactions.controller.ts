import { Body, Controller, Delete, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { CONTENT_RATE_LIMITS as LIMITS } from './content.rate-limits';
import {
  DeleteReactionDto,
  NewReactionDto,
  ReactionCountDto,
  ReactionCreatedDto,
} from './dto/content.dto';
import { ReactionsService } from './reactions.service';
import { PlatformErrors } from '../../platform/http/platform.errors';

@ApiTags('reactions')
@Controller('api/iam/posts')
export class ReactionsController {
  constructor(private readonly reactions: ReactionsService) {}

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
}
