import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { UserSummaryDto } from '../identity';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import { ContentItemPageDto, ContentItemsDto, SinglePostDto } from './dto/content.dto';
import { FeedsService } from './feeds.service';
import type { Viewer } from '../../platform/access/viewer';

const CURSOR_QUERY = {
  name: 'cursorId',
  required: false,
  description: 'next_cursor of the previous page',
};

/** The read-only calls guests make (a logged-in caller also sees members' posts and their own). */
@ApiTags('public')
@Controller('api')
export class PublicPostsController {
  constructor(private readonly feeds: FeedsService) {}

  @Get('posts/more/by-user/:username')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A member’s posts, next page' })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  moreByUser(
    @CurrentViewer() viewer: Viewer,
    @Param('username') username: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.feeds.byUsername(viewer, username, cursor);
  }

  @Get('posts/tag/:tag')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'Posts with a tag' })
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

  @Get('posts/:username')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A member’s posts, first page' })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(404)
  byUser(@CurrentViewer() viewer: Viewer, @Param('username') username: string) {
    return this.feeds.byUsername(viewer, username);
  }

  @Get('post/:id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A post by its random id' })
  @ApiSuccess(SinglePostDto, { responders: UserSummaryDto })
  @ApiFailures(404)
  one(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.feeds.publicOne(viewer, id);
  }

  @Get('content-items/recent')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'The news feed, first page, with the site’s counts' })
  @ApiSuccess(ContentItemsDto, { responders: UserSummaryDto })
  recent(@CurrentViewer() viewer: Viewer) {
    return this.feeds.contentItems(viewer);
  }

  @Get('content-items/more/:cursor')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'The news feed, next page' })
  @ApiSuccess(ContentItemsDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  more(@CurrentViewer() viewer: Viewer, @Param('cursor') cursor: string) {
    return this.feeds.contentItems(viewer, cursor);
  }
}
