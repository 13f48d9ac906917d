import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import {
  BooleanField,
  NumberField,
  PlaceNameField,
  TextField,
  UuidField,
} from '../../../platform/http/fields';
import { ContentItemPageDto } from '../../content';
import { PAGE_ABOUT_MAX, PAGE_NAME_MAX } from '../entities/page.entity';

export const MAX_PAGE_TAGS = 20;
export const NEARBY_PAGES_DEFAULT = 20;
export const NEARBY_PAGES_MAX = 50;
export const NEARBY_PAGES_RADIUS_KM = 100;

const HANDLE = {
  min: 3,
  max: 30,
  pattern: /^[A-Za-z0-9_]+$/,
  patternMessage: 'handle may contain only letters, digits and _',
  description:
    'Lower-cased; shares one namespace with usernames, so neither a username nor a reserved word',
};
/** One line of plain text (no control characters). */
const ONE_LINE = /^[^\p{Cc}]*$/u;
/** Plain text with line breaks. */
const PLAIN_TEXT = /^[^\p{Cc}]*(?:[\r\n\t][^\p{Cc}]*)*$/u;

function TagIdsField(options: { min: number; optional?: boolean }) {
  return (target: object, key: string) => {
    IsArray()(target, key);
    ArrayMinSize(options.min)(target, key);
    ArrayMaxSize(MAX_PAGE_TAGS)(target, key);
    IsInt({ each: true })(target, key);
    Min(1, { each: true })(target, key);
    Max(2 ** 31 - 1, { each: true })(target, key);
    ApiProperty({
      required: !options.optional,
      type: 'integer',
      isArray: true,
      minItems: options.min,
      maxItems: MAX_PAGE_TAGS,
      description: 'Tag ids (from the tag catalogue)',
    })(target, key);
  };
}

/** Where the page's group meets, as the place picker gives it (all five together, or none). */
class PagePlaceFields {
  @PlaceNameField({ optional: true }) suburb_city?: string;
  @PlaceNameField({ optional: true }) state?: string;
  @PlaceNameField({ optional: true }) country?: string;
  @NumberField({ min: -90, max: 90, optional: true }) latitude?: number;
  @NumberField({ min: -180, max: 180, optional: true }) longitude?: number;
}

export class NewPageDto extends PagePlaceFields {
  @TextField(HANDLE) handle: string;
  @TextField({
    max: PAGE_NAME_MAX,
    pattern: ONE_LINE,
    patternMessage: '$property must be one line',
  })
  name: string;
  @TextField({
    min: 0,
    max: PAGE_ABOUT_MAX,
    optional: true,
    pattern: PLAIN_TEXT,
    patternMessage: '$property must be plain text',
  })
  about?: string;
  @TagIdsField({ min: 0, optional: true })
  tagIdArr: number[] = [];
}

export class UpdatePageDto extends PagePlaceFields {
  @UuidField() pageId: string;
  @TextField({ ...HANDLE, optional: true }) handle?: string;
  @TextField({
    max: PAGE_NAME_MAX,
    optional: true,
    pattern: ONE_LINE,
    patternMessage: '$property must be one line',
  })
  name?: string;
  @TextField({
    min: 0,
    max: PAGE_ABOUT_MAX,
    optional: true,
    pattern: PLAIN_TEXT,
    patternMessage: '$property must be plain text',
  })
  about?: string;
}

export class PageIdDto {
  @UuidField() pageId: string;
}

export class UpdatePageSettingsDto {
  @UuidField() pageId: string;
  @BooleanField({ optional: true }) allow_messages?: boolean;
  @BooleanField({ optional: true }) show_upcoming_events?: boolean;
  @BooleanField({ optional: true, description: 'Show the page’s town (never more precisely)' })
  show_location?: boolean;
}

export class PageTagsDto {
  @UuidField() pageId: string;
  @TagIdsField({ min: 1 }) tagIdArr: number[];
}

// ---- responses ----

export class PageTagDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

export class PagePlaceDto {
  @ApiProperty({ type: String, nullable: true }) suburb_city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({
    description:
      'To others: the centre of the ~1 km grid cell the page’s place lies in (platform/geo); to its owner and admins: the place as set',
  })
  latitude: number;
  @ApiProperty() longitude: number;
}

export class PageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The page lives at /{handle}' }) handle: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Plain text; may be empty' }) about: string;
  @ApiProperty({ type: String, nullable: true, description: 'The avatar’s image ref' })
  avatarUrl: string | null;
  @ApiProperty({ format: 'uuid' }) owner_id: string;
  @ApiProperty({ type: PagePlaceDto, nullable: true }) location: PagePlaceDto | null;
  @ApiProperty({ type: [PageTagDto] }) tags: PageTagDto[];
  @ApiProperty({ description: 'Whether the caller may change it (its owner, or an admin)' })
  can_manage: boolean;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class PageSettingsDto {
  @ApiProperty({ format: 'uuid' }) page_id: string;
  @ApiProperty() allow_messages: boolean;
  @ApiProperty() show_upcoming_events: boolean;
  @ApiProperty() show_location: boolean;
}

export class PageListDto {
  @ApiProperty({ type: [PageDto] }) items: PageDto[];
  @ApiProperty({ type: String, nullable: true, description: 'null: no more' })
  next_cursor: string | null;
}

export class NearbyPageDto extends PageDto {
  @ApiProperty({
    description: 'To the page’s public point, rounded up to whole km (at least 1)',
  })
  distance_km: number;
}

export class PageCountsDto {
  @ApiProperty({ description: 'Upcoming event dates (0 until the events module answers)' })
  upcomingEvents: number;
}

export class PageEventLocationDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) suburb_city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty() latitude: number;
  @ApiProperty() longitude: number;
}

export class PageDetailsDto extends PageDto {
  @ApiProperty({ type: ContentItemPageDto, description: 'The page’s posts, first page' })
  posts: ContentItemPageDto;
  @ApiProperty({ type: PageCountsDto }) counts: PageCountsDto;
  @ApiProperty({ type: [PageEventLocationDto] }) event_locations: PageEventLocationDto[];
  @ApiProperty({ type: PageSettingsDto }) settings: PageSettingsDto;
}

export class DeletedPageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() deleted: boolean;
}

export class NewPageEmailDto {
  @ApiProperty({ description: 'False when the admins were told of this page already' })
  queued: boolean;
}

export class PageWithSettingsDto extends PageDto {
  @ApiProperty({ type: PageSettingsDto }) settings: PageSettingsDto;
}

/** An upcoming event of a page, as the events module answers it (its own fields besides these). */
export class PageEventDto {
  @ApiProperty({ description: 'The event (or event date) id' }) id: string;
}
