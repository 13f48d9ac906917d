import { Controller, Get, Header, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Access } from '../access/access.decorator';
import { ApiFailures, ApiSuccess } from '../openapi/api-envelope.decorators';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { GeocodingService } from './geocoding.service';
import { GuestLocationService } from './guest-location';
import { GEO_RATE_LIMITS as LIMITS } from './geo.rate-limits';
import {
  DEFAULT_PLACE_LIMIT,
  MAX_PLACE_LIMIT,
  MAX_QUERY_LENGTH,
  parsePlaceQuery,
  parsePoint,
} from './location-params';
import { GuestLocationDto, PlaceDto } from './location.dto';

/**
 * Places by name and by point, for the place pickers (registration, settings, events, pages).
 * Not in the spec: its screens ask for raw coordinates, which people cannot be expected to know.
 */
@ApiTags('location')
@Controller('api/location')
export class LocationController {
  constructor(
    private readonly geocoding: GeocodingService,
    private readonly guests: GuestLocationService,
  ) {}

  @Get('from-ip')
  @Access('guest-or-authd')
  // The answer is the caller's own (it follows their address): no shared cache keeps it.
  @Header('cache-control', 'private, max-age=600')
  @ApiOperation({
    summary: 'Where the caller probably is, from their IP address (the guest location of the spec)',
    description:
      'From an offline database (DB-IP IP to City Lite, CC BY 4.0: show the attribution returned). ' +
      'The client address is the one the proxies in TRUST_PROXY vouch for. A loopback, private or ' +
      'unknown address answers the site’s default map point with fallback: true. Coordinates are ' +
      'the centre of the ~1.1 km grid cell, never finer.',
  })
  @ApiSuccess(GuestLocationDto)
  fromIp(@Req() request: FastifyRequest) {
    return this.guests.fromIp(request.ip);
  }

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
