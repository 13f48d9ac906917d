import { ApiProperty } from '@nestjs/swagger';
import { type Place, placeLabel, PLACE_KINDS, type PlaceKind } from './geocoder';

/** A place to pick: a town or suburb, or (from an online provider) a street address. */
export class PlaceDto {
  @ApiProperty({ description: 'The town or suburb; for an address, the street address' })
  name: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'For an address: the suburb or town it lies in',
  })
  locality: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'State, province or region' })
  state: string | null;

  @ApiProperty({ description: 'The country, in English' })
  country: string;

  @ApiProperty({ description: 'ISO 3166-1 alpha-2', example: 'AU' })
  country_code: string;

  @ApiProperty({ minimum: -90, maximum: 90 })
  latitude: number;

  @ApiProperty({ minimum: -180, maximum: 180 })
  longitude: number;

  @ApiProperty({ enum: PLACE_KINDS })
  kind: PlaceKind;

  @ApiProperty({ example: 'Fitzroy, Victoria, Australia' })
  label: string;
}

export function toPlaceDto(place: Place): PlaceDto {
  return {
    name: place.name,
    locality: place.locality,
    state: place.state,
    country: place.country,
    country_code: place.countryCode,
    latitude: place.latitude,
    longitude: place.longitude,
    kind: place.kind,
    label: placeLabel(place),
  };
}

export class AttributionDto {
  @ApiProperty({ example: 'IP Geolocation by DB-IP' }) text: string;
  @ApiProperty({ example: 'https://db-ip.com' }) url: string;
}

/** A visitor's probable location, from their IP address (GET /api/location/from-ip). */
export class GuestLocationDto {
  @ApiProperty({
    minimum: -90,
    maximum: 90,
    description: 'The centre of the ~1.1 km grid cell the place lies in',
  })
  latitude: number;

  @ApiProperty({ minimum: -180, maximum: 180 })
  longitude: number;

  @ApiProperty({
    description:
      'True when the address told nothing (loopback, a private network, not in the database): the point is the site’s default map point',
  })
  fallback: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The town the address is registered to',
  })
  city: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'State, province or region' })
  state: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 3166-1 alpha-2', example: 'AU' })
  country_code: string | null;

  @ApiProperty({
    type: AttributionDto,
    nullable: true,
    description:
      'The credit to show wherever this location is used (the database’s licence asks for it); null for the fallback',
  })
  attribution: AttributionDto | null;
}
