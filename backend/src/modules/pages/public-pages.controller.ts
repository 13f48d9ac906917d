import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import { ContentItemPageDto } from '../content';
import { UserSummaryDto } from '../identity';
import {
  NEARBY_PAGES_DEFAULT,
  NEARBY_PAGES_MAX,
  NEARBY_PAGES_RADIUS_KM,
  NearbyPageDto,
  PageDetailsDto,
  PageEventDto,
  PageListDto,
} from './dto/pages.dto';
import { parseNearbyPagesQuery } from './page-params';
import { PagesService } from './pages.service';

const CURSOR_QUERY = {
  name: 'cursorId',
  required: false,
  description: 'next_cursor of the previous page',
};

/** The page calls guests make (read-only). */
@ApiTags('public')
@Controller('api')
export class PublicPagesController {
  constructor(private readonly pages: PagesService) {}

  @Get('page/get-all/:x')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'Pages, newest first: x = cursor (0: the first page); ?take (default 20, at most 50)',
  })
  @ApiQuery({ name: 'take', required: false })
  @ApiSuccess(PageListDto)
  @ApiFailures(400)
  all(@CurrentViewer() viewer: Viewer, @Param('x') cursor: string, @Query('take') take?: string) {
    return this.pages.list(viewer, decodeCursor('created_at', cursor), parseTake(take, 'take'));
  }

  @Get('page/all-details/:handle')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A page by handle: the page, its first posts, counts, event places, settings, tags',
  })
  @ApiSuccess(PageDetailsDto, { responders: UserSummaryDto })
  @ApiFailures(404)
  allDetails(@CurrentViewer() viewer: Viewer, @Param('handle') handle: string) {
    return this.pages.allDetails(viewer, handle);
  }

  @Get('posts/more/by-page/:id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A page’s posts, next page (id = page id)' })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  morePosts(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.pages.posts(viewer, id, decodeCursor('bumped_at', cursor));
  }

  @Get('page/location/nearby-pages')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: `Pages within ${NEARBY_PAGES_RADIUS_KM} km of a point, nearest first`,
    description:
      'Measured to each page’s public point (the centre of the ~1 km grid cell its place lies ' +
      'in), which is also the place shown; distances are whole km. Pages that hide their place ' +
      `are left out. take: default ${NEARBY_PAGES_DEFAULT}, at most ${NEARBY_PAGES_MAX}.`,
  })
  @ApiQuery({ name: 'lat', required: true })
  @ApiQuery({ name: 'long', required: true })
  @ApiQuery({ name: 'take', required: false })
  @ApiQuery({ name: 'userId', required: false, description: 'The caller (optional)' })
  @ApiSuccess([NearbyPageDto])
  @ApiFailures(400)
  nearby(
    @CurrentViewer() viewer: Viewer,
    @Query('userId') userId?: unknown,
    @Query('lat') lat?: unknown,
    @Query('long') long?: unknown,
    @Query('take') take?: unknown,
  ) {
    const query = parseNearbyPagesQuery({ userId, lat, long, take });
    return this.pages.nearby(viewer, query, query.take);
  }

  @Get('page/events/:id')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A page’s upcoming events (id = page id); the events module answers them',
  })
  @ApiSuccess([PageEventDto])
  @ApiFailures(404)
  events(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.pages.upcomingEvents(viewer, id);
  }
}
