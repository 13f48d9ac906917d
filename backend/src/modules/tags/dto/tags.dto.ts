import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { BooleanField, EnumField, presence, TextField } from '../../../platform/http/fields';
import { INTEREST_TYPES, type InterestType } from '../entities/user-tag-interest.entity';
import { TAG_NAME_MAX } from '../tag-name';

/** Most tags one interests call may name. */
export const MAX_INTEREST_TAGS = 50;
const INT_MAX = 2_147_483_647;

/** A tag id (PostgreSQL serial): a whole number ≥ 1; null only where `nullable` says so. */
function TagIdField(
  options: { optional?: boolean; nullable?: boolean; description?: string } = {},
) {
  const describe = options.optional ? ApiPropertyOptional : ApiProperty;
  return applyDecorators(
    ...presence(options),
    IsInt(),
    Min(1),
    Max(INT_MAX),
    describe({
      type: 'integer',
      minimum: 1,
      nullable: options.nullable,
      description: options.description,
    }),
  );
}

/** A list of 1 to `max` tag ids. */
function TagIdListField(max: number) {
  return applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(max),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(INT_MAX, { each: true }),
    ApiProperty({
      type: 'integer',
      isArray: true,
      minItems: 1,
      maxItems: max,
      description: `1 to ${max} tag ids`,
    }),
  );
}

// ---- responses ----

export class TagDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ description: 'Normalised: lower-case letters, digits and hyphens' }) name: string;
  @ApiProperty({ description: 'A category: other tags may have it as their parent' })
  is_parent: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) parent_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) group_id: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The tag detail' })
  description: string | null;
  @ApiProperty({ type: 'integer', description: 'Interest rows naming this tag' })
  follower_count: number;
  @ApiProperty({ type: 'integer', description: 'Public posts with this tag' })
  post_count: number;
}

export class TagWithChildrenDto extends TagDto {
  @ApiProperty({ type: [TagDto] }) children: TagDto[];
}

export class TagPageDto {
  @ApiProperty({ type: [TagDto] }) items: TagDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as the path parameter for the next page; null when there is no more',
  })
  next_cursor: string | null;
}

export class TagIdDto {
  @ApiProperty({ type: 'integer' }) id: number;
}

export class UserInterestDto {
  @ApiProperty({ type: TagDto }) tag: TagDto;
  @ApiProperty({ enum: INTEREST_TYPES }) interest_type: InterestType;
}

export class DeletedInterestsDto {
  @ApiProperty({
    type: 'integer',
    isArray: true,
    description: 'Tag ids whose interest row (of this type) was removed by this call',
  })
  deleted: number[];
  @ApiProperty({
    type: 'integer',
    isArray: true,
    description: 'Tag ids whose follower_count went down',
  })
  decremented: number[];
}

export class LastInterestDto {
  @ApiProperty({ description: 'Removing these would leave the caller with no interests' })
  last: boolean;
}

export class TagGroupDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

export class TagTreeDto {
  @ApiProperty({ type: [TagGroupDto] }) groups: TagGroupDto[];
  @ApiProperty({ type: [TagWithChildrenDto], description: 'Categories with the tags under them' })
  categories: TagWithChildrenDto[];
  @ApiProperty({
    type: [TagDto],
    description: 'Tags under no category (not categories), by name, from the prefix on',
  })
  loose: TagDto[];
  @ApiProperty({ description: 'More loose tags follow: narrow the prefix' })
  loose_truncated: boolean;
}

export class RemovedTagDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

export class TagMergedDto {
  @ApiProperty({ type: TagDto, description: 'The tag that remains, with its new counts' })
  tag: TagDto;
  @ApiProperty({ type: RemovedTagDto, description: 'The tag merged into it, now gone' })
  removed: RemovedTagDto;
}

export class TagDeletedDto {
  @ApiProperty({ enum: [true] }) deleted: true;
  @ApiProperty({ type: 'integer' }) id: number;
}

// ---- requests ----

export class InterestsBodyDto {
  @TagIdListField(MAX_INTEREST_TAGS) tagIdArr: number[];
  @EnumField(INTEREST_TYPES) interestType: InterestType;
}

export class CheckIfLastDto {
  @TagIdListField(MAX_INTEREST_TAGS) tagIdArr: number[];
  @EnumField(INTEREST_TYPES, {
    optional: true,
    description: 'Only rows of this type would be removed; without it, every type',
  })
  interestType?: InterestType;
}

export class NewTagDto {
  @TextField({
    max: 100,
    description: `Normalised before saving; 2 to ${TAG_NAME_MAX} letters, digits or hyphens after that`,
    example: 'House plants',
  })
  tagName: string;

  @BooleanField({ optional: true, description: 'A category tag; admins only' })
  isParent?: boolean;

  @BooleanField({ optional: true, description: 'Answer with `{id}` only' })
  returnAnId?: boolean;
}

export class TagDetailsDto {
  @TagIdField() id: number;

  @TextField({ optional: true, max: 100, description: 'Normalised like a new tag name' })
  name?: string;

  @TextField({
    optional: true,
    nullable: true,
    min: 0,
    max: 2000,
    description: 'null or "" clears it',
  })
  description?: string | null;

  @BooleanField({ optional: true }) is_parent?: boolean;

  @TagIdField({ optional: true, nullable: true, description: 'A parent tag; null detaches' })
  parent_id?: number | null;
}

export class TagGroupBodyDto {
  @TextField({
    max: 60,
    pattern: /\S/,
    patternMessage: '$property must not be blank',
    description: 'Found or created by name (trimmed, inner spaces collapsed)',
  })
  name: string;
}

export class MergeTagsDto {
  @TagIdField({ description: 'The tag that goes: its posts, pages, interests and children move' })
  fromId: number;
  @TagIdField({ description: 'The tag that stays' })
  intoId: number;
}

export class UpdateTagDto {
  @IsObject()
  @ValidateNested()
  @Type(() => TagDetailsDto)
  @ApiProperty({ type: TagDetailsDto })
  tagDetails: TagDetailsDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TagGroupBodyDto)
  @ApiPropertyOptional({
    type: TagGroupBodyDto,
    nullable: true,
    description: 'Puts the tag in this group; null takes it out of its group',
  })
  tagGroupBody?: TagGroupBodyDto | null;
}
