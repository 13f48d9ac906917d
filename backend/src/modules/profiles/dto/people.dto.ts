import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { MIN_NEARBY_RADIUS_KM } from '../../../platform/geo/geo';
import { NumberField } from '../../../platform/http/fields';
import { MAX_PAGE_SIZE } from '../../../platform/paging/paging';
import { PublicProfileDto, UserSummaryDto } from '../../identity';

/** Nearby people: the spec's request asks for 20. */
export const NEARBY_PEOPLE_DEFAULT_TAKE = 20;
export const NEARBY_PEOPLE_MAX_TAKE = MAX_PAGE_SIZE;
export const NEARBY_PEOPLE_DEFAULT_RADIUS_KM = 100;
export const NEARBY_PEOPLE_MAX_RADIUS_KM = 500;

function TakeField() {
  return applyDecorators(
    IsOptional(),
    IsInt(),
    Min(1),
    Max(NEARBY_PEOPLE_MAX_TAKE),
    ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: NEARBY_PEOPLE_MAX_TAKE,
      description: `How many, nearest first (default ${NEARBY_PEOPLE_DEFAULT_TAKE})`,
    }),
  );
}

export class NearbyPeopleDto {
  // Any UUID (as platform/ids' isUuid): it is compared with the caller's own id, and accounts
  // made by imports or the bench's dataset need not be version 4.
  @IsString()
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    message: '$property must be a UUID',
  })
  @ApiProperty({
    format: 'uuid',
    description: 'The caller (left out of the answer); must be the caller’s own id',
  })
  userId: string;
  @NumberField({ min: -90, max: 90 }) latitude: number;
  @NumberField({ min: -180, max: 180 }) longitude: number;
  @TakeField() take?: number;
  @NumberField({
    min: 0.1,
    max: NEARBY_PEOPLE_MAX_RADIUS_KM,
    optional: true,
    description:
      `Default ${NEARBY_PEOPLE_DEFAULT_RADIUS_KM}. Kilometres from this point to each member’s ` +
      `public point (the centre of the ~1 km grid cell their home lies in); a radius below ` +
      `${MIN_NEARBY_RADIUS_KM} is taken as ${MIN_NEARBY_RADIUS_KM}.`,
  })
  radius_km?: number;
}

// ---- responses ----

export class DirectoryPageDto {
  @ApiProperty({ type: [PublicProfileDto] }) items: PublicProfileDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Send back as cursorId, with the same order, for the next page; null at the end',
  })
  next_cursor: string | null;
}

export class PublicPointDto {
  @ApiProperty({ minimum: -90, maximum: 90 }) latitude: number;
  @ApiProperty({ minimum: -180, maximum: 180 }) longitude: number;
}

export class NearbyPersonDto extends UserSummaryDto {
  @ApiProperty({
    type: 'integer',
    description:
      'From the point asked about to the member’s public point, rounded up to whole km (less than 1 km reads as 1)',
  })
  distance_km: number;
  @ApiProperty({
    type: PublicPointDto,
    description: 'The member’s public point: the centre of the ~1 km grid cell their home lies in',
  })
  location: PublicPointDto;
}
