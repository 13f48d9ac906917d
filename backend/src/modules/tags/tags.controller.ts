import {
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { ApiExtraModels, ApiQuery, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import type { Caller } from '../../platform/access/access-policy';
import {
  CurrentCaller,
  CurrentMember,
  type Member,
} from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { NewTagDto, TagDto, TagIdDto, TagPageDto, TagWithChildrenDto } from './dto/tags.dto';
import { parseCursor, parseFlag, parseNameList, parseTagKey, parseTake } from './tag-params';
import { TAGS_RATE_LIMITS } from './tags.rate-limits';
import { MAX_TAG_LIST, TagsService } from './tags.service';

/** `data` is the tag, or `{id}` when the request asked returnAnId. */
function ApiSuccessTagOrId() {
  return applyDecorators(
    ApiExtraModels(TagDto, TagIdDto),
    ApiResponse({
      status: 200,
      description: 'Success',
      schema: {
        type: 'object',
        required: ['status', 'data'],
        properties: {
          status: { type: 'string', enum: ['success'] },
          data: { oneOf: [{ $ref: getSchemaPath(TagDto) }, { $ref: getSchemaPath(TagIdDto) }] },
        },
      },
    }),
  );
}

@ApiTags('tags')
@Controller('api/iam/tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get('get-single/:type/:data')
  @Access('guest-or-authd')
  @ApiSuccess(TagDto)
  @ApiFailures(400, 404)
  getSingle(
    @CurrentCaller() caller: Caller,
    @Param('type') type: string,
    @Param('data') data: string,
  ) {
    return this.tags.getSingle(caller, parseTagKey(type, data));
  }

  @Get('all/:x')
  @Access('guest-or-authd')
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1 to 50 (default 20)' })
  @ApiSuccess(TagPageDto)
  @ApiFailures(400)
  all(@CurrentCaller() caller: Caller, @Param('x') cursor: string, @Query('take') take?: string) {
    return this.tags.page(caller, parseCursor(cursor), parseTake(take));
  }

  @Get('get-tag-n-children/:type/:data')
  @Access('guest-or-authd')
  @ApiSuccess(TagWithChildrenDto)
  @ApiFailures(400, 404)
  getTagAndChildren(
    @CurrentCaller() caller: Caller,
    @Param('type') type: string,
    @Param('data') data: string,
  ) {
    return this.tags.getWithChildren(caller, parseTagKey(type, data));
  }

  @Get('get-tags-n-children/:list')
  @Access('guest-or-authd')
  @ApiSuccess([TagWithChildrenDto])
  @ApiFailures(400)
  getTagsAndChildren(@CurrentCaller() caller: Caller, @Param('list') list: string) {
    return this.tags.manyWithChildren(caller, parseNameList(list, MAX_TAG_LIST));
  }

  @Get('interest-cat-tags')
  @Access('guest-or-authd')
  @ApiSuccess([TagWithChildrenDto])
  interestCategories(@CurrentCaller() caller: Caller) {
    return this.tags.interestCategories(caller);
  }

  @Get('prefix/:prefix/:parentsOnly')
  @Access('guest-or-authd')
  @ApiSuccess([TagDto])
  @ApiFailures(400)
  byPrefix(
    @CurrentCaller() caller: Caller,
    @Param('prefix') prefix: string,
    @Param('parentsOnly') parentsOnly: string,
  ) {
    return this.tags.byPrefix(caller, prefix, parseFlag(parentsOnly, 'parentsOnly'));
  }

  @Post('new')
  @HttpCode(200)
  @Access('completed-regn')
  @RateLimit('tag-create', TAGS_RATE_LIMITS['tag-create'])
  @ApiSuccessTagOrId()
  @ApiFailures(400, 403)
  create(@CurrentMember() member: Member, @Body() body: NewTagDto) {
    return this.tags.create(member, body);
  }
}
