import { Body, Controller, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { MIN_NEARBY_RADIUS_KM } from '../../platform/geo/geo';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor } from '../../platform/paging/paging';
import { ContentItemDto, ContentItemPageDto } from '../content';
import { UserSummaryDto } from '../identity';
import { NEARBY_DEFAULT_RADIUS_KM, NearbyPlantDto, NearbyPlantsDto } from './dto/plants.dto';
import { parseFilter, parseRecentType } from './plant-params';
import { PlantsService } from './plants.service';

const FILTER_QUERY = {
  name: 'filter',
  required: false,
  enum: ['plantsAvail', 'plantsAll'],
  description: 'Default plantsAll',
};
const CURSOR_QUERY = {
  name: 'cursorId',
  required: false,
  description: 'next_cursor of the previous page',
};

/** The plant calls guests make (read-only; privacy-respecting). */
@ApiTags('public')
@Controller('api')
export class PublicPlantsController {
  constructor(private readonly plants: PlantsService) {}

  @Get('plant/listings/user/:uuid')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A member’s available plant listings, first page' })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  listingsOfUser(
    @CurrentViewer() viewer: Viewer,
    @Param('uuid') uuid: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.plants.byUser(viewer, uuid, 'plantsAvail', decodeCursor('bumped_at', cursor));
  }

  @Get('plant/:id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A plant listing by plant id' })
  @ApiSuccess(ContentItemDto, { responders: UserSummaryDto })
  @ApiFailures(404)
  one(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.plants.one(viewer, id);
  }

  @Get('plants/get-latest/plants-users')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'The latest available plant listings (at most 12)' })
  @ApiSuccess([ContentItemDto], { responders: UserSummaryDto })
  latest(@CurrentViewer() viewer: Viewer) {
    return this.plants.latest(viewer);
  }

  @Get('plants/by-user/more/:username')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A member’s plant listings, next page' })
  @ApiQuery(CURSOR_QUERY)
  @ApiQuery(FILTER_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  moreByUsername(
    @CurrentViewer() viewer: Viewer,
    @Param('username') username: string,
    @Query('cursorId') cursor?: string,
    @Query('filter') filter?: string,
  ) {
    return this.plants.byUsername(
      viewer,
      username,
      parseFilter(filter, 'filter', 'plantsAll'),
      decodeCursor('bumped_at', cursor),
    );
  }

  @Get('plants/by-user/:username')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A member’s plant listings, first page' })
  @ApiQuery(FILTER_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400, 404)
  byUsername(
    @CurrentViewer() viewer: Viewer,
    @Param('username') username: string,
    @Query('filter') filter?: string,
  ) {
    return this.plants.byUsername(
      viewer,
      username,
      parseFilter(filter, 'filter', 'plantsAll'),
      null,
    );
  }

  @Get('plants/recent/more/:type')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'Recent plant listings, next page (type: available | all)' })
  @ApiQuery(CURSOR_QUERY)
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  moreRecent(
    @CurrentViewer() viewer: Viewer,
    @Param('type') type: string,
    @Query('cursorId') cursor?: string,
  ) {
    return this.plants.recent(viewer, parseRecentType(type), decodeCursor('bumped_at', cursor));
  }

  @Get('plants/recent/:type')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'Recent plant listings, first page (type: available | all)' })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  recent(@CurrentViewer() viewer: Viewer, @Param('type') type: string) {
    return this.plants.recent(viewer, parseRecentType(type), null);
  }

  @Put('plants/avail-nearby')
  @HttpCode(200)
  @Access('guest-or-authd')
  @ApiOperation({
    summary: `Available plant listings whose owner is within radius_km (default ${NEARBY_DEFAULT_RADIUS_KM}), nearest first (at most 50)`,
    description:
      'Owners are placed at their public point, the centre of the ~1 km grid cell their home lies ' +
      `in; the radius is at least ${MIN_NEARBY_RADIUS_KM} km and distances are whole km, so no ` +
      'answer, nor any number of them, places a member more finely than their grid cell.',
  })
  @ApiSuccess([NearbyPlantDto], { responders: UserSummaryDto })
  @ApiFailures(400)
  nearby(@CurrentViewer() viewer: Viewer, @Body() body: NearbyPlantsDto) {
    return this.plants.nearby(viewer, body, body.radius_km ?? NEARBY_DEFAULT_RADIUS_KM);
  }
}
