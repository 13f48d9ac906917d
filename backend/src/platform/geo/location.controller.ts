import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../access/access.decorator';
import { ApiFailures, ApiSuccess } from '../openapi/api-envelope.decorators';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { GeocodingService } from './geocoding.service';
import { GEO_RATE_LIMITS as LIMITS } from './geo.rate-limits';
import {
  DEFAULT_PLACE_LIMIT,
  MAX_PLACE_LIMIT,
  MAX_QUERY_LENGTH,
  parsePlaceQuery,
  parsePoint,
} from './location-params';
import { PlaceDto } from './location.dto';

/**
 * Places by name and by point, for the place pickers (registration, settings, events, pages).
 * Not in the spec: its screens ask for raw coordinates, which people cannot be expected to know.
 */
@ApiTags('location')
@Controller('api/location')
export class LocationController {
  constructor(private readonly geocoding: GeocodingService) {}

  @Get('places')
  @Access('guest-or-authd')
  @RateLimit('place-search', LIMITS['place-search'])
  @Header('cache-control', 'public, max-age=3600')
  @ApiOperation({
    summary: 'Towns and suburbs (and, with addresses=true, street addresses) matching a name',
    description:
      'Prefix search, ignoring case and accents, largest places first. "Richmond, Victoria" or "paris texas" narrow by state or country.',
  })
  @ApiQuery({ name: 'q', type: String, description: `1 to ${MAX_QUERY_LENGTH} characters` })
  @ApiQuery({
    name: 'limit',
    required: false,
    type: Number,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PLACE_LIMIT },
    description: `1 to ${MAX_PLACE_LIMIT} (default ${DEFAULT_PLACE_LIMIT})`,
  })
  @ApiQuery({
    name: 'country',
    required: false,
    type: String,
    description: 'Only places in this country: its ISO 3166-1 alpha-2 code',
  })
  @ApiQuery({
    name: 'addresses',
    required: false,
    enum: ['true', 'false'],
    description: 'Street addresses too, from the online provider when one is configured',
  })
  @ApiSuccess([PlaceDto])
  @ApiFailures(400)
  places(
    @Query('q') q: unknown,
    @Query('limit') limit: unknown,
    @Query('country') country: unknown,
    @Query('addresses') addresses: unknown,
  ) {
    return this.geocoding.places(parsePlaceQuery({ q, limit, country, addresses }));
  }

  @Get('reverse')
  @Access('guest-or-authd')
  @RateLimit('place-reverse', LIMITS['place-reverse'])
  // A place near someone's position is theirs alone: no shared cache keeps it.
  @Header('cache-control', 'private, max-age=3600')
  @ApiOperation({
    summary: 'The town or suburb at a point (404 when none is within 100 km)',
    description:
      'The point is first rounded to its ~1.1 km grid cell, so the answer is never finer than that.',
  })
  @ApiQuery({ name: 'lat', schema: { type: 'number', minimum: -90, maximum: 90 } })
  @ApiQuery({ name: 'lon', schema: { type: 'number', minimum: -180, maximum: 180 } })
  @ApiSuccess(PlaceDto)
  @ApiFailures(400, 404)
  reverse(@Query('lat') lat: unknown, @Query('lon') lon: unknown) {
    return this.geocoding.placeAt(parsePoint({ lat, lon }));
  }
}
