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
