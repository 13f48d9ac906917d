import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { CONTENT_RATE_LIMITS as LIMITS, ContentItemDto, ContentItemPageDto } from '../content';
import { UserSummaryDto } from '../identity';
import {
  NewPlantDto,
  UpdatePlantDetailsDto,
  UpdatePlantPhotoDescriptionsDto,
} from './dto/plants.dto';
import { parseFilter } from './plant-params';
import { PlantsService } from './plants.service';

/** Plant listings under /api/iam/posts (a listing is a post of type plant/image). */
@ApiTags('plants')
@Controller('api/iam/posts')
export class PlantsController {
  constructor(private readonly plants: PlantsService) {}

  @Post('plant/new')
  @Access('completed-regn')
  @RateLimit('post-write', LIMITS['post-write'])
  @ApiOperation({ summary: 'Create a plant listing (a plant/image post with 1–10 photos)' })
  @ApiSuccess(ContentItemDto, { status: 201 })
  @ApiFailures(400, 404)
  create(@CurrentMember() member: Member, @Body() body: NewPlantDto) {
    return this.plants.create(member, body);
  }

  @Get('plant/:id')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'A plant listing by plant id' })
  @ApiSuccess(ContentItemDto, { responders: UserSummaryDto })
  @ApiFailures(404)
  one(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.plants.one(viewer, id);
  }

  @Get('plants/init-recent/:x')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'Recent plant listings (x = take); ?type=available for available ones' })
  @ApiQuery({ name: 'type', required: false, enum: ['all', 'available'] })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  initRecent(
    @CurrentViewer() viewer: Viewer,
    @Param('x') take: string,
    @Query('type') type?: string,
  ) {
    return this.plants.recent(
      viewer,
      type === 'available' ? 'available' : 'all',
      null,
      parseTake(take, 'x'),
    );
  }

  @Get('plants/more-recent/:x/:y')
  @Access('guest-or-authd')
  @ApiOperation({ summary: 'Recent plant listings, next page (x = take, y = cursor)' })
  @ApiQuery({ name: 'type', required: false, enum: ['all', 'available'] })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  moreRecent(
    @CurrentViewer() viewer: Viewer,
    @Param('x') take: string,
    @Param('y') cursor: string,
    @Query('type') type?: string,
  ) {
    return this.plants.recent(
      viewer,
      type === 'available' ? 'available' : 'all',
      decodeCursor('bumped_at', cursor),
      parseTake(take, 'x'),
    );
  }

  @Get('plantsbyuser/:a/:b/:c')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A member’s listings: a = user id, b = plantsAvail | plantsAll, c = take',
  })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  byUser(
    @CurrentViewer() viewer: Viewer,
    @Param('a') userId: string,
    @Param('b') filter: string,
    @Param('c') take: string,
  ) {
    return this.plants.byUser(viewer, userId, parseFilter(filter, 'b'), null, parseTake(take, 'c'));
  }

  @Get('moreplantsbyuser/:a/:b/:c/:d')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A member’s listings, next page: a = user id, b = filter, c = take, d = cursor',
  })
  @ApiSuccess(ContentItemPageDto, { responders: UserSummaryDto })
  @ApiFailures(400)
  moreByUser(
    @CurrentViewer() viewer: Viewer,
    @Param('a') userId: string,
    @Param('b') filter: string,
    @Param('c') take: string,
    @Param('d') cursor: string,
  ) {
    return this.plants.byUser(
      viewer,
      userId,
      parseFilter(filter, 'b'),
      decodeCursor('bumped_at', cursor),
      parseTake(take, 'c'),
    );
  }

  @Put('plant/update/details')
  @Access('completed-regn')
  @RateLimit('post-edit', LIMITS['post-edit'])
  @ApiOperation({ summary: 'Change a listing’s details and privacy; moves it to the top' })
  @ApiSuccess(ContentItemDto)
  @ApiFailures(400, 403, 404)
  updateDetails(@CurrentMember() member: Member, @Body() body: UpdatePlantDetailsDto) {
    return this.plants.updateDetails(member, body);
  }

  @Put('plant/update/photo-descriptions')
  @Access('completed-regn')
  @RateLimit('post-edit', LIMITS['post-edit'])
  @ApiOperation({
    summary: 'Change the descriptions (and alt texts) of a listing’s photos; moves it to the top',
  })
  @ApiSuccess(ContentItemDto)
  @ApiFailures(400, 403, 404)
  updatePhotoDescriptions(
    @CurrentMember() member: Member,
    @Body() body: UpdatePlantPhotoDescriptionsDto,
  ) {
    return this.plants.updatePhotoDescriptions(member, body);
  }
}
