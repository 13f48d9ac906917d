import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import {
  CheckIfLastDto,
  DeletedInterestsDto,
  InterestsBodyDto,
  LastInterestDto,
  UserInterestDto,
} from './dto/tags.dto';
import { TagInterestsService } from './tag-interests.service';
import { TAGS_RATE_LIMITS } from './tags.rate-limits';

@ApiTags('tags')
@Controller('api/iam/tags')
export class TagInterestsController {
  constructor(private readonly interests: TagInterestsService) {}

  @Get('user-interests/:id')
  @Access('authd-only')
  @ApiSuccess([UserInterestDto])
  @ApiFailures(400, 403)
  list(
    @CurrentMember() member: Member,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ) {
    return this.interests.list(member, id);
  }

  @Post('new-interests')
  @HttpCode(200)
  @Access('completed-regn')
  @RateLimit('tag-interests', TAGS_RATE_LIMITS['tag-interests'])
  @ApiSuccess([UserInterestDto])
  @ApiFailures(400, 404)
  add(@CurrentMember() member: Member, @Body() body: InterestsBodyDto) {
    return this.interests.add(member, body.tagIdArr, body.interestType);
  }

  @Delete('delete-interests')
  @Access('completed-regn')
  @RateLimit('tag-interests', TAGS_RATE_LIMITS['tag-interests'])
  @ApiSuccess(DeletedInterestsDto)
  @ApiFailures(400)
  remove(@CurrentMember() member: Member, @Body() body: InterestsBodyDto) {
    return this.interests.remove(member, body.tagIdArr, body.interestType);
  }

  @Put('check-if-last')
  @Access('completed-regn')
  @ApiSuccess(LastInterestDto)
  @ApiFailures(400)
  async checkIfLast(@CurrentMember() member: Member, @Body() body: CheckIfLastDto) {
    return { last: await this.interests.wouldBeLast(member, body.tagIdArr, body.interestType) };
  }
}
