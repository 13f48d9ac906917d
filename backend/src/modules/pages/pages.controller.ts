import { Body, Controller, Delete, Get, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { AcceptsUpload, readUpload } from '../../platform/images/uploads';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { ContentItemPageDto } from '../content';
import { UserSummaryDto } from '../identity';
import {
  DeletedPageDto,
  NewPageDto,
  PageDto,
  PageIdDto,
  PageSettingsDto,
  PageTagsDto,
  PageWithSettingsDto,
  UpdatePageDto,
  UpdatePageSettingsDto,
} from './dto/pages.dto';
import { PAGES_RATE_LIMITS as LIMITS } from './pages.rate-limits';
import { PagesService } from './pages.service';

/** Pages under /api/iam/pages: members' calls. Only a page's owner (or an admin) changes it. */
@ApiTags('pages')
@Controller('api/iam/pages')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Post('new')
  @Access('trusted-only')
  @RateLimit('page-create', LIMITS['page-create'])
  @ApiOperation({
    summary: 'Create a page (trusted members): handle, name, about, place, tags',
    description:
      'The handle shares one namespace with usernames (HANDLE_TAKEN, HANDLE_RESERVED). The ' +
      'admins are e-mailed about the new page. Add an avatar with POST avatar/{pageId}.',
  })
  @ApiSuccess(PageDto, { status: 201 })
  @ApiFailures(400, 404, 409)
  create(@CurrentMember() member: Member, @Body() body: NewPageDto) {
    return this.pages.create(member, body);
  }

  @Put('update')
  @Access('completed-regn')
  @RateLimit('page-edit', LIMITS['page-edit'])
  @ApiOperation({ summary: 'Change a page (its owner or an admin); only the fields given change' })
  @ApiSuccess(PageDto)
  @ApiFailures(400, 403, 404, 409)
  update(@CurrentMember() member: Member, @Body() body: UpdatePageDto) {
    return this.pages.update(member, body);
  }

  @Put('update-page-settings')
  @Access('completed-regn')
  @RateLimit('page-edit', LIMITS['page-edit'])
  @ApiOperation({ summary: 'Change a page’s settings (its owner or an admin)' })
  @ApiSuccess(PageSettingsDto)
  @ApiFailures(400, 403, 404)
  updateSettings(@CurrentMember() member: Member, @Body() body: UpdatePageSettingsDto) {
    return this.pages.updateSettings(member, body);
  }

  @Post('create-page-settings')
  @Access('completed-regn')
  @RateLimit('page-edit', LIMITS['page-edit'])
  @ApiOperation({
    summary: 'Make a page’s settings with the defaults, unless it has them (idempotent)',
  })
  @ApiSuccess(PageSettingsDto, { status: 201 })
  @ApiFailures(400, 403, 404)
  createSettings(@CurrentMember() member: Member, @Body() body: PageIdDto) {
    return this.pages.createSettings(member, body.pageId);
  }

  @Post('avatar/:pageId')
  @Access('completed-regn')
  @RateLimit('page-avatar', LIMITS['page-avatar'])
  @AcceptsUpload({ field: 'file' })
  @ApiOperation({
    summary: 'Upload a page’s avatar (JPEG, PNG, WebP or GIF; re-encoded, metadata stripped)',
  })
  @ApiSuccess(PageDto, { status: 201 })
  @ApiFailures(400, 403, 404, 409, 413, 415)
  async avatar(
    @CurrentMember() member: Member,
    @Param('pageId') pageId: string,
    @Req() request: FastifyRequest,
  ) {
    const file = await readUpload(request);
    return this.pages.replaceAvatar(member, pageId, file.bytes);
  }

  @Delete('page')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'Delete a page (its owner or an admin): its image first, then the page',
    description:
      'When the stored image cannot be removed the page stays (503 PAGE_DELETE_FAILED). The ' +
      'page’s posts stay, as their author’s own.',
  })
  @ApiSuccess(DeletedPageDto)
  @ApiFailures(400, 403, 404, 503)
  delete(@CurrentMember() member: Member, @Body() body: PageIdDto) {
    return this.pages.delete(member, body.pageId);
  }

  @Get('single-page/:handle')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A page by handle, with its settings' })
  @ApiSuccess(PageWithSettingsDto)
  @ApiFailures(404)
  singlePage(@CurrentViewer() viewer: Viewer, @Param('handle') handle: string) {
    return this.pages.singlePage(viewer, handle);
  }

  @Get('get-all-by-user/:uuid')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'The pages a member owns, newest first' })
  @ApiSuccess([PageDto])
  @ApiFailures(400)
  byUser(@CurrentViewer() viewer: Viewer, @Param('uuid') uuid: string) {
    return this.pages.byOwner(viewer, uuid);
  }

  @Get('morepostsbypage/:a/:b/:c')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A page’s posts: a = page id, b = take, c = cursor (0: first page)' })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  morePostsByPage(
    @CurrentViewer() viewer: Viewer,
    @Param('a') pageId: string,
    @Param('b') take: string,
    @Param('c') cursor: string,
  ) {
    return this.pages.posts(
      viewer,
      pageId,
      decodeCursor('bumped_at', cursor),
      parseTake(take, 'b'),
    );
  }

  @Post('connect-tags')
  @Access('completed-regn')
  @RateLimit('page-edit', LIMITS['page-edit'])
  @ApiOperation({ summary: 'Add tags to a page (its owner or an admin)' })
  @ApiSuccess(PageDto, { status: 201 })
  @ApiFailures(400, 403, 404)
  connectTags(@CurrentMember() member: Member, @Body() body: PageTagsDto) {
    return this.pages.connectTags(member, body.pageId, body.tagIdArr);
  }

  @Post('disconnect-tags')
  @Access('completed-regn')
  @RateLimit('page-edit', LIMITS['page-edit'])
  @ApiOperation({ summary: 'Remove tags from a page (its owner or an admin)' })
  @ApiSuccess(PageDto, { status: 201 })
  @ApiFailures(400, 403, 404)
  disconnectTags(@CurrentMember() member: Member, @Body() body: PageTagsDto) {
    return this.pages.disconnectTags(member, body.pageId, body.tagIdArr);
  }
}
