import { Body, Controller, Get, HttpCode, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { MIN_NEARBY_RADIUS_KM } from '../../platform/geo/geo';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../platform/paging/paging';
import { DIRECTORY_ORDERS } from '../identity';
import {
  DirectoryPageDto,
  NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
  NearbyPeopleDto,
  NearbyPersonDto,
} from './dto/people.dto';
import { PeopleService } from './people.service';

/** The people directory (/users) and people nearby (/users/nearby). */
@ApiTags('users')
@Controller('api/users')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get()
  // The spec's /users screen is `none`; listed members' summaries are public anyway.
  @Access('none')
  @ApiOperation({
    summary: 'The people directory: registered members, newest first or by username',
    description:
      'Keyset-paged: send next_cursor back as cursorId with the same order. Suspended members and ' +
      'unfinished registrations are not listed.',
  })
  @ApiQuery({
    name: 'order',
    required: false,
    enum: DIRECTORY_ORDERS,
    description: 'Default newest',
  })
  @ApiQuery({ name: 'cursorId', required: false, description: 'next_cursor of the previous page' })
  @ApiQuery({
    name: 'take',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    description: `Page size (default ${DEFAULT_PAGE_SIZE}; larger asks get ${MAX_PAGE_SIZE})`,
  })
  @ApiSuccess(DirectoryPageDto)
  @ApiFailures(400)
  directory(
    @Query('order') order: unknown,
    @Query('cursorId') cursor: unknown,
    @Query('take') take: unknown,
  ) {
    return this.people.directoryPage({ order, cursor, take });
  }

  @Put('nearby')
  @HttpCode(200)
  // The spec's /users/nearby screen is authd-only: where members are is not for guests.
  @Access('authd-only')
  @ApiOperation({
    summary: `Members nearest a point, within radius_km (default ${NEARBY_PEOPLE_DEFAULT_RADIUS_KM}), the caller left out`,
    description:
      'Members who turned off "show in nearby" are left out. Each is placed at their public point, ' +
      'the centre of the ~1 km grid cell their home lies in; the radius is at least ' +
      `${MIN_NEARBY_RADIUS_KM} km and distances are whole km.`,
  })
  @ApiSuccess([NearbyPersonDto])
  @ApiFailures(400, 403)
  nearby(@CurrentMember() member: Member, @Body() body: NearbyPeopleDto) {
    return this.people.nearby(member, body);
  }
}
