import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { SEARCH_GROUPS } from '../../platform/search/search-provider';
import {
  SEARCH_DEFAULT_TAKE,
  SEARCH_MAX_TAKE,
  SEARCH_ORDERS,
  SEARCH_TERM_MAX,
} from '../../platform/search/search.service';
import { HandleHitDto, SearchResultsDto } from './dto/search.dto';
import { SEARCH_RATE_LIMITS as LIMITS } from './search.rate-limits';
import { SiteSearchService } from './search.service';

/** Search (spec: "Site and search", /api/iam): member calls, like every /api/iam read of people. */
@ApiTags('search')
@Controller('api/iam/search')
export class SearchController {
  constructor(private readonly search: SiteSearchService) {}

  @Get('term/:term')
  @Access('authd-only')
  @RateLimit('search', LIMITS.search)
  @ApiOperation({
    summary: 'Full-text search over people, pages, tags, posts, plants and events',
    description:
      'Accent- and case-insensitive, whole words (quotes for a phrase, -word to exclude, "or"). ' +
      'Without `group`: the first page of every group. With `group`: that group alone, paged by ' +
      'its `next_cursor` (order=recent). order=recent (default) lists newest first; ' +
      'order=relevance re-ranks the newest 1,000 matches of each group by relevance (one page). ' +
      'Only what the caller may see, exactly as in the feeds.',
  })
  @ApiParam({ name: 'term', description: `1 to ${SEARCH_TERM_MAX} characters` })
  @ApiQuery({ name: 'group', required: false, enum: SEARCH_GROUPS })
  @ApiQuery({ name: 'order', required: false, enum: SEARCH_ORDERS })
  @ApiQuery({
    name: 'cursor',
    required: false,
    description: 'next_cursor of the group, with group',
  })
  @ApiQuery({
    name: 'take',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_TAKE },
    description: `Per group (default ${SEARCH_DEFAULT_TAKE} for all groups, 20 for one)`,
  })
  @ApiSuccess(SearchResultsDto)
  @ApiFailures(400, 401, 403, 429)
  term(
    @CurrentViewer() viewer: Viewer,
    @Param('term') term: string,
    @Query('group') group: unknown,
    @Query('order') order: unknown,
    @Query('cursor') cursor: unknown,
    @Query('take') take: unknown,
  ) {
    return this.search.term(viewer, { term, group, order, cursor, take });
  }

  @Get('username-page-handle/:handle')
  @Access('authd-only')
  @RateLimit('search', LIMITS.search)
  @ApiOperation({
    summary: 'Usernames and page handles starting with the given text, in order (at most 10)',
    description: 'From 3 characters a prefix; shorter, only that exact handle.',
  })
  @ApiSuccess([HandleHitDto])
  @ApiFailures(400, 401, 403, 429)
  handles(@Param('handle') handle: string) {
    return this.search.handlesStartingWith(handle);
  }
}
