import { ApiProperty } from '@nestjs/swagger';
import { SEARCH_ORDERS } from '../../../platform/search/search.service';

export class SearchHitDto {
  @ApiProperty({ description: 'The id of the member, page, tag, post, listing or event' })
  id: string;
  @ApiProperty({
    description:
      'What its screen is addressed by: people a username (/{username}), pages a handle ' +
      '(/{handle}), tags a name (/tag/{name}), posts a random id (/post/{randomId}), plants a ' +
      'plant id (/plant/{plantId}), events a random id (/event/{randomId})',
  })
  key: string;
  @ApiProperty({ description: 'Plain text: a name, a title, or the start of a post' })
  title: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Plain text shown under the title (a bio, an about text, a description)',
  })
  detail: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'An image ref (avatar or photo)' })
  image: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'Its recency: joined, created, or last bumped',
  })
  at: Date;
}

export class SearchGroupDto {
  @ApiProperty({ type: [SearchHitDto] }) items: SearchHitDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Send back as cursor with group=<this group> and order=recent for the next page; null at ' +
      'the end (always null when ranked)',
  })
  next_cursor: string | null;
}

/** Every group is present; a group not asked for (see `group`) is empty. */
export class SearchResultsDto {
  @ApiProperty({ description: 'The term searched, trimmed' }) term: string;
  @ApiProperty({ enum: SEARCH_ORDERS }) order: string;
  @ApiProperty({ type: SearchGroupDto, description: 'Registered members (not suspended)' })
  people: SearchGroupDto;
  @ApiProperty({ type: SearchGroupDto }) pages: SearchGroupDto;
  @ApiProperty({ type: SearchGroupDto }) tags: SearchGroupDto;
  @ApiProperty({ type: SearchGroupDto, description: 'Text/image posts the caller may see' })
  posts: SearchGroupDto;
  @ApiProperty({ type: SearchGroupDto, description: 'Plant listings the caller may see' })
  plants: SearchGroupDto;
  @ApiProperty({ type: SearchGroupDto, description: 'Events the caller may see' })
  events: SearchGroupDto;
}

export class HandleHitDto {
  @ApiProperty({ description: 'Lower-case; the profile or page is at /{handle}' }) handle: string;
  @ApiProperty({ enum: ['user', 'page'] }) type: 'user' | 'page';
}
