import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MIN_NEARBY_RADIUS_KM } from '../../../platform/geo/geo';
import {
  BooleanField,
  EnumField,
  NestedField,
  NestedListField,
  NumberField,
  TextField,
  UuidField,
} from '../../../platform/http/fields';
import {
  ALT_TEXT_MAX,
  ContentItemDto,
  DetailsSlotSchema,
  MAX_PHOTOS_PER_POST,
  PHOTO_DESCRIPTION_MAX,
  POST_PRIVACIES,
  POST_TEXT_MAX,
  PostKeyField,
  type PostPrivacy,
  TagNamesField,
} from '../../content';
import { AVAILABLE, NOT_AVAILABLE } from '../plant-kind';
import {
  PLANT_NAME_MAX,
  PLANT_SPECIES_MAX,
  QUANTITY_MAX,
  QUANTITY_MIN,
  SWAP_TERMS_MAX,
} from '../entities/plant.entity';

export const NEARBY_DEFAULT_RADIUS_KM = 25;
export const NEARBY_MAX_RADIUS_KM = 200;

function QuantityField() {
  return applyDecorators(
    IsOptional(),
    IsInt(),
    Min(QUANTITY_MIN),
    Max(QUANTITY_MAX),
    ApiPropertyOptional({
      type: 'integer',
      minimum: QUANTITY_MIN,
      maximum: QUANTITY_MAX,
      nullable: true,
    }),
  );
}

export class PlantDetailsInputDto {
  @TextField({ max: PLANT_NAME_MAX }) name: string;
  @TextField({ min: 0, max: PLANT_SPECIES_MAX, optional: true, nullable: true })
  species?: string | null;
  @BooleanField() available: boolean;
  @QuantityField() quantity?: number | null;
  @TextField({
    min: 0,
    max: SWAP_TERMS_MAX,
    optional: true,
    nullable: true,
    description: 'e.g. "swap for a fern"',
  })
  swap_terms?: string | null;
}

/** Only the fields given change; null clears an optional one. */
export class PlantDetailsPatchDto {
  @TextField({ max: PLANT_NAME_MAX, optional: true }) name?: string;
  @TextField({ min: 0, max: PLANT_SPECIES_MAX, optional: true, nullable: true })
  species?: string | null;
  @BooleanField({ optional: true }) available?: boolean;
  @QuantityField() quantity?: number | null;
  @TextField({ min: 0, max: SWAP_TERMS_MAX, optional: true, nullable: true })
  swap_terms?: string | null;
}

export class PlantPhotoInputDto {
  @TextField({ max: 300, description: 'A ref from POST /api/iam/posts/photos' }) ref: string;
  @TextField({ min: 0, max: ALT_TEXT_MAX, optional: true }) alt_text?: string;
  @TextField({ min: 0, max: PHOTO_DESCRIPTION_MAX, optional: true }) description?: string;
}

export class NewPlantDto {
  @TextField({ min: 0, max: POST_TEXT_MAX }) text: string;
  @EnumField(POST_PRIVACIES) privacy: PostPrivacy;
  @TagNamesField() tags: string[];
  @NestedListField(PlantPhotoInputDto, { min: 1, max: MAX_PHOTOS_PER_POST })
  photos: PlantPhotoInputDto[];
  @NestedField(PlantDetailsInputDto) plant: PlantDetailsInputDto;
}

export class UpdatePlantDetailsDto {
  @PostKeyField() postId: string;
  @UuidField({ description: 'The caller' }) userId: string;
  @NestedField(PlantDetailsPatchDto) plant: PlantDetailsPatchDto;
  @EnumField(POST_PRIVACIES, { optional: true }) privacy?: PostPrivacy;
}

export class PlantPhotoTextDto {
  @UuidField({ description: 'A photo of the listing' }) id: string;
  @TextField({ min: 0, max: PHOTO_DESCRIPTION_MAX }) description: string;
  @TextField({ min: 0, max: ALT_TEXT_MAX, optional: true }) alt_text?: string;
}

export class UpdatePlantPhotoDescriptionsDto {
  @PostKeyField() id: string;
  @UuidField({ description: 'The caller' }) uuid: string;
  @NestedListField(PlantPhotoTextDto, { min: 1, max: MAX_PHOTOS_PER_POST })
  plantPhotos: PlantPhotoTextDto[];
}

export class NearbyPlantsDto {
  @UuidField({ optional: true, description: 'Leave out this member’s own listings' })
  uuid?: string;
  @NumberField({ min: -90, max: 90 }) latitude: number;
  @NumberField({ min: -180, max: 180 }) longitude: number;
  @NumberField({
    min: 0.1,
    max: NEARBY_MAX_RADIUS_KM,
    optional: true,
    description:
      `Default ${NEARBY_DEFAULT_RADIUS_KM}. Kilometres from this point to each owner’s public ` +
      `point (the centre of the ~1 km grid cell their home lies in, never the home itself); a ` +
      `radius below ${MIN_NEARBY_RADIUS_KM} is taken as ${MIN_NEARBY_RADIUS_KM}.`,
  })
  radius_km?: number;
}

// ---- responses ----

/** A listing's details: the `plant` of its content item (see content's ContentItemDto). */
@DetailsSlotSchema('plant')
export class PlantDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) post_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) species: string | null;
  @ApiProperty() available: boolean;
  @ApiProperty({ enum: [AVAILABLE, NOT_AVAILABLE] }) availability:
    typeof AVAILABLE | typeof NOT_AVAILABLE;
  @ApiProperty({ type: 'integer', nullable: true }) quantity: number | null;
  @ApiProperty({ type: String, nullable: true }) swap_terms: string | null;
  @ApiProperty() updated_at: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'How far the owner is from the caller, to the owner’s public point (the centre of the ' +
      '~1 km grid cell their home lies in), rounded up to whole km. null for a guest, for the ' +
      'caller’s own listing, or when either has no location',
  })
  distance_km: number | null;
}

export class NearbyPlantDto extends ContentItemDto {
  @ApiProperty({
    description:
      'Distance from the point asked about to the owner’s public point (the centre of the ~1 km ' +
      'grid cell their home lies in), rounded up to whole km; less than 1 km reads as 1',
  })
  distance_km: number;
}
