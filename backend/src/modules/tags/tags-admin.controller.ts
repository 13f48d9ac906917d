import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import {
  MergeTagsDto,
  TagDeletedDto,
  TagDto,
  TagMergedDto,
  TagTreeDto,
  UpdateTagDto,
} from './dto/tags.dto';
import { TagsAdminService } from './tags-admin.service';

@ApiTags('tags')
@Controller('api/iam/tags')
export class TagsAdminController {
  constructor(private readonly admin: TagsAdminService) {}

  @Put('update')
  @Access('admin-auth')
  @ApiOperation({ summary: 'Rename a tag, describe it, move it under a category, set its group' })
  @ApiSuccess(TagDto)
  @ApiFailures(400, 404, 409)
  update(@CurrentMember() member: Member, @Body() body: UpdateTagDto) {
    return this.admin.update(member.userId, body.tagDetails, body.tagGroupBody);
  }

  @Delete(':name')
  @Access('admin-auth')
  @ApiSuccess(TagDeletedDto)
  @ApiFailures(404)
  delete(@CurrentMember() member: Member, @Param('name') name: string) {
    return this.admin.delete(member.userId, name);
  }

  @Get('admin/tree')
  @Access('admin-auth')
  @ApiOperation({
    summary: 'The whole catalogue for admins: groups, categories with their tags, other tags',
  })
  @ApiQuery({ name: 'q', required: false, description: 'Only other tags starting with this' })
  @ApiSuccess(TagTreeDto)
  @ApiFailures(400)
  tree(@Query('q') prefix?: unknown) {
    return this.admin.tree(prefix);
  }

  @Post('admin/merge')
  @HttpCode(200)
  @Access('admin-auth')
  @ApiOperation({
    summary:
      'Merge one tag into another: posts, pages, interests and child tags move over, counts stay exact',
  })
  @ApiSuccess(TagMergedDto)
  @ApiFailures(400, 404)
  merge(@CurrentMember() member: Member, @Body() body: MergeTagsDto) {
    return this.admin.merge(member.userId, body.fromId, body.intoId);
  }
}
