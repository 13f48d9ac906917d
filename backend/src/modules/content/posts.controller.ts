import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { AcceptsUpload, readUploads } from '../../platform/images/uploads';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { UserSummaryDto } from '../identity';
import { CONTENT_RATE_LIMITS as LIMITS } from './content.rate-limits';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import {
  ContentItemDto,
  ContentItemPageDto,
  DeletePostDto,
  NewPostDto,
  PostDeletedDto,
  UpdatePrivacyDto,
  UpdateTextAndTagsDto,
  UploadedPhotoDto,
} from './dto/content.dto';
import { FeedsService } from './feeds.service';
import { parseTake } from '../../platform/paging/paging';
import { PostsService } from './posts.service';
import { PHOTO_FOLDERS, type PhotoFolder, UploadsService } from './uploads.service';
import type { Viewer } from '../../platform/access/viewer';
import { MAX_PHOTOS_PER_POST } from './entities/post-photo.entity';
import { PlatformErrors } from '../../platform/http/platform.errors';

const CURSOR_QUERY = {
  name: 'cursorId',
  required: false,
  description: 'next_cursor of the previous page',
};

@ApiTags('posts')
@Controller('api/iam/posts')
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly feeds: FeedsService,
    private readonly uploads: UploadsService,
  ) {}

  @Post('photos')
  @Access('completed-regn')
  @RateLimit('photo-upload', LIMITS['photo-upload'])
  @AcceptsUpload({ field: 'photos', maxFiles: MAX_PHOTOS_PER_POST })
  @ApiOperation({
    summary:
      'Upload 1–10 photos for a post (JPEG, PNG, WebP or GIF, ≤ 10 MB each). The bytes are ' +
      'checked at once without decoding them (a file that is not an image, too large or cut ' +
      'off is refused at once); each photo is answered `pending` with its size, and rendered ' +
      'off the request: decoded once, its blurhash recorded first, then re-encoded (metadata ' +
      'stripped, size variants). A file damaged deep inside is marked failed then. Optional text field `folder`: posts (default) or plants. Name the refs when ' +
      'saving the post within 24 hours; it need not wait for the rendering.',
  })
  @ApiSuccess([UploadedPhotoDto], { status: 201 })
  @ApiFailures(400)
  async uploadPhotos(@CurrentMember() member: Member, @Req() request: FastifyRequest) {
    const { files, fields } = await readUploads(request);
    return this.uploads.upload(member.userId, files, photoFolder(fields.folder));
  }

  @Post('new')
  @Access('completed-regn')
  @RateLimit('post-write', LIMITS['post-write'])
  @ApiOperation({ summary: 'Create a text/image post' })
  @ApiSuccess(ContentItemDto, { status: 201 })
  @ApiFailures(400, 404)
  create(@CurrentMember() member: Member, @Body() body: NewPostDto) {
    return this.posts.create(member, {
      text: body.text,
      privacy: body.privacy,
      tags: body.tags,
      photos: body.photos,
      pageId: body.page_id,
    });
  }

  @Get('init-recent')
  @Access('authd-only')
  @ApiOperation({ summary: 'The news feed, first page: every post the member may see' })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  initRecent(@CurrentViewer() viewer: Viewer) {
    return this.feeds.recent(viewer);
  }

  @Get('more-recent/:x')
  @Access('authd-only')
  @ApiOperation({ summary: 'The news feed, next page (x = next_cursor)' })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  moreRecent(@CurrentViewer() viewer: Viewer, @Param('x') cursor: string) {
    return this.feeds.recent(viewer, cursor);
  }

  @Get('bymyuser/:uuid')
  @Access('authd-only')
  @ApiOperation({ summary: 'The caller’s own posts (uuid must be the caller’s)' })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 403)
  byMyUser(
    @CurrentMember() member: Member,
    @Param('uuid') uuid: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.feeds.mine(member, uuid, cursor);
  }

  @Get('tag/:tag')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'Posts with a tag (by name), newest bumped first' })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  byTag(
    @CurrentViewer() viewer: Viewer,
    @Param('tag') tag: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.feeds.byTag(viewer, tag, cursor);
  }

  @Get('morepostsbyuser/:a/:b/:c')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A member’s posts: a = user id, b = take, c = cursor' })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  morePostsByUser(
    @CurrentViewer() viewer: Viewer,
    @Param('a') userId: string,
    @Param('b') take: string,
    @Param('c') cursor: string,
  ) {
    return this.feeds.byUser(viewer, userId, cursor, parseTake(take, 'b'));
  }

  @Put('update/textandtags')
  @Access('completed-regn')
  @RateLimit('post-edit', LIMITS['post-edit'])
  @ApiOperation({ summary: 'Edit a post’s text and tags; moves it to the top' })
  @ApiSuccess(ContentItemDto)
  @ApiFailures(400, 403, 404)
  updateTextAndTags(@CurrentMember() member: Member, @Body() body: UpdateTextAndTagsDto) {
    return this.posts.updateTextAndTags(member, body);
  }

  @Put('privacy')
  @Access('completed-regn')
  @RateLimit('post-edit', LIMITS['post-edit'])
  @ApiOperation({ summary: 'Change a post’s privacy; moves it to the top' })
  @ApiSuccess(ContentItemDto)
  @ApiFailures(400, 403, 404)
  updatePrivacy(@CurrentMember() member: Member, @Body() body: UpdatePrivacyDto) {
    return this.posts.updatePrivacy(member, body);
  }

  @Delete()
  @Access('completed-regn')
  @RateLimit('post-edit', LIMITS['post-edit'])
  @ApiOperation({
    summary: 'Delete a post (author or admin); its photo files are removed by a job',
  })
  @ApiSuccess(PostDeletedDto)
  @ApiFailures(400, 403, 404)
  remove(@CurrentMember() member: Member, @Body() body: DeletePostDto) {
    return this.posts.remove(member, body);
  }

  // Last: the static paths above take precedence anyway, this keeps the file readable.
  @Get(':id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A post by its random id, with the caller’s reaction' })
  @ApiSuccess(ContentItemDto, { responders: UserSummaryDto })
  @ApiFailures(404)
  one(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.feeds.one(viewer, id);
  }
}

function photoFolder(value: string | undefined): PhotoFolder {
  if (value === undefined || value === '') return 'posts';
  if ((PHOTO_FOLDERS as readonly string[]).includes(value)) return value as PhotoFolder;
  throw PlatformErrors.VALIDATION_FAILED([
    { field: 'folder', messages: [`folder must be one of ${PHOTO_FOLDERS.join(', ')}`] },
  ]);
}
