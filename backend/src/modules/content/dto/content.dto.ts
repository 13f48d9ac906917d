import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { EnumField, NestedListField, TextField, UuidField } from '../../../platform/http/fields';
import { COMMENT_MAX } from '../entities/comment.entity';
import { ALT_TEXT_MAX, MAX_PHOTOS_PER_POST } from '../entities/post-photo.entity';
import { UPLOAD_STATUSES, type UploadStatus } from '../entities/uploaded-image.entity';
import {
  POST_PRIVACIES,
  POST_TEXT_MAX,
  POST_TYPES,
  type PostPrivacy,
} from '../entities/post.entity';
import { detailsSchemaOf } from './details-slots';

/** Tag names as typed; the tags module normalises them (at most 10 distinct per post). */
export function TagNamesField() {
  return applyDecorators(
    IsArray(),
    ArrayMaxSize(50),
    IsString({ each: true }),
    MaxLength(100, { each: true }),
    ApiProperty({
      type: String,
      isArray: true,
      maxItems: 10,
      description: 'Tag names (normalised by the server; at most 10 distinct, else TOO_MANY_TAGS)',
    }),
  );
}

/** A post as its random id (`/post/{randomId}`) or its uuid. */
export function PostKeyField(options: { description?: string; optional?: boolean } = {}) {
  return TextField({
    optional: options.optional,
    max: 36,
    pattern:
      /^([0-9A-Za-z]{10}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/,
    patternMessage: '$property must be a post random id or uuid',
    description: options.description ?? 'The post: its random_id (or its uuid)',
  });
}

// ---- responses ----

export class ImageVariantDto {
  @ApiProperty() width: number;
  @ApiProperty() height: number;
  @ApiProperty({ description: 'Image ref under /storage/v1/object/public/images/' }) ref: string;
}

export class PhotoDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    description:
      'The stored image (largest rendition). Served only once `variants` lists it: a photo ' +
      'saved right after its upload may still be rendering',
  })
  image_ref: string;
  @ApiProperty({
    type: [ImageVariantDto],
    description:
      'Ascending by width; the last is image_ref. Empty while the photo is still being ' +
      'rendered: show the blurhash (at width × height) and fetch the post again later',
  })
  variants: ImageVariantDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Null for a moment after the upload, until the photo is decoded for rendering: show a ' +
      'neutral placeholder of width × height meanwhile',
  })
  blurhash: string | null;
  @ApiProperty({
    description:
      'The photo could not be processed (its file is damaged): it will never have variants; ' +
      'say so instead of waiting',
  })
  failed: boolean;
  @ApiProperty({ description: 'Of the main rendition (image_ref), rendered or not' })
  width: number;
  @ApiProperty() height: number;
  @ApiProperty({ type: String, nullable: true }) alt_text: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A plant photo’s description' })
  description: string | null;
}

export class LinkPreviewImageDto {
  @ApiProperty({ description: 'The re-hosted image (largest rendition), an image ref' })
  image_ref: string;
  @ApiProperty({
    type: [ImageVariantDto],
    description: 'Ascending by width; the last is image_ref',
  })
  variants: ImageVariantDto[];
  @ApiProperty() blurhash: string;
  @ApiProperty() width: number;
  @ApiProperty() height: number;
}

export class LinkPreviewDto {
  @ApiProperty({ description: 'The URL as the text has it (the first URL of the post)' })
  url: string;
  @ApiProperty({ description: 'og:title, else twitter:title, else <title> (plain text)' })
  title: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'og:site_name; null: show the domain' })
  siteName: string | null;
  @ApiProperty({ type: LinkPreviewImageDto, nullable: true }) image: LinkPreviewImageDto | null;
}

export class TagRefDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

/** The page a post was made as. */
export class PostPageRefDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The page lives at /{handle}' }) handle: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true, description: 'The avatar’s image ref' })
  avatar: string | null;
}

export class ContentItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The public id: /post/{random_id}' }) random_id: string;
  @ApiProperty({ enum: POST_TYPES }) type: string;
  @ApiProperty({ format: 'uuid', description: 'The author (see responders)' }) user_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) page_id: string | null;
  @ApiProperty({
    type: PostPageRefDto,
    nullable: true,
    description: 'The page it was posted as (its author owns the page), or null',
  })
  page: PostPageRefDto | null;
  @ApiProperty() text: string;
  @ApiProperty({ enum: POST_PRIVACIES }) privacy: string;
  @ApiProperty({ type: [TagRefDto] }) tags: TagRefDto[];
  @ApiProperty({ type: [PhotoDto] }) photos: PhotoDto[];
  @ApiProperty({
    type: LinkPreviewDto,
    nullable: true,
    description:
      'The preview of the first URL in its text, fetched by the server after the post is ' +
      'saved; null until then, and when the page could not be fetched or said nothing',
  })
  linkPreview: LinkPreviewDto | null;
  @ApiProperty({ type: () => detailsSchemaOf('plant'), nullable: true }) plant: object | null;
  @ApiProperty() reaction_count: number;
  @ApiProperty() comment_count: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) my_reaction_id: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
  @ApiProperty({ description: 'What feeds sort by' }) bumped_at: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'When its text, tags or details last changed (a change of privacy is no edit); null: never edited',
  })
  edited_at: string | null;
}

export class ContentItemPageDto {
  @ApiProperty({ type: [ContentItemDto] }) items: ContentItemDto[];
  @ApiProperty({ type: String, nullable: true, description: 'null: no more' })
  next_cursor: string | null;
}

export class SinglePostDto {
  @ApiProperty({ type: ContentItemDto }) post: ContentItemDto;
}

export class SiteCountsDto {
  @ApiProperty({ description: 'Posts of every type the caller may see' }) posts: number;
  @ApiProperty({ description: 'Plant listings the caller may see' }) plants: number;
}

export class ContentItemsDto {
  @ApiProperty({ type: [ContentItemDto] }) contentItems: ContentItemDto[];
  @ApiProperty({ type: SiteCountsDto }) counts: SiteCountsDto;
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class CommentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) post_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) parent_id: string | null;
  @ApiProperty({ description: '0 on the post, parent level + 1 for a reply (≤ 6)' }) level: number;
  @ApiProperty() content: string;
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty() reaction_count: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) my_reaction_id: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When its author last changed it; null: never edited',
  })
  edited_at: string | null;
}

export class CommentPageDto {
  @ApiProperty({ type: [CommentDto] }) items: CommentDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class DeletedCommentsDto {
  @ApiProperty({ type: [String], description: 'The comment and every reply under it' })
  deleted: string[];
}

export class ReactionCreatedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() reaction_count: number;
}

export class ReactorDto {
  @ApiProperty({ format: 'uuid', description: 'The reaction' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Who reacted (see responders)' }) user_id: string;
  @ApiProperty({ description: 'When they reacted' }) created_at: string;
}

export class ReactorPageDto {
  @ApiProperty({ type: [ReactorDto], description: 'Newest first' }) items: ReactorDto[];
  @ApiProperty({ type: String, nullable: true, description: 'null: no more' })
  next_cursor: string | null;
}

export class ReactionCountDto {
  @ApiProperty() reaction_count: number;
}

export class UploadedPhotoDto {
  @ApiProperty({
    description:
      'Name it in photos[].ref when saving the post (within 24 hours), rendered or not. Not ' +
      'served until the photo is rendered',
  })
  ref: string;
  @ApiProperty({
    enum: UPLOAD_STATUSES,
    description:
      'pending: accepted and being rendered off the request (the answer to an upload); ready: ' +
      'its files exist; failed: it could not be rendered',
  })
  status: UploadStatus;
  @ApiProperty({
    type: [ImageVariantDto],
    description: 'The rendered files, ascending by width; empty until the photo is ready',
  })
  variants: ImageVariantDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Null in the answer to an upload: the render job makes it from its one decode of the ' +
      'photo, first, and the post photos made of the upload get it then',
  })
  blurhash: string | null;
  @ApiProperty({ description: 'The main rendition’s size (oriented, at most 2048 px a side)' })
  width: number;
  @ApiProperty() height: number;
}

export class PostDeletedDto {
  @ApiProperty({ enum: [true] }) deleted: true;
}

// ---- requests ----

export class PostPhotoInputDto {
  @TextField({ max: 300, description: 'A ref from POST /api/iam/posts/photos' }) ref: string;
  @TextField({ min: 0, max: ALT_TEXT_MAX, optional: true }) alt_text?: string;
}

export class NewPostDto {
  @TextField({ min: 0, max: POST_TEXT_MAX, description: 'Text or at least one photo is needed' })
  text: string;

  @EnumField(POST_PRIVACIES) privacy: PostPrivacy;

  @TagNamesField() tags: string[];

  @NestedListField(PostPhotoInputDto, { max: MAX_PHOTOS_PER_POST })
  photos: PostPhotoInputDto[];

  @UuidField({
    optional: true,
    nullable: true,
    description: 'Post as this page (one the caller owns); absent or null: as oneself',
  })
  page_id?: string | null;
}

export class UpdateTextAndTagsDto {
  @PostKeyField() postId: string;
  @TextField({ min: 0, max: POST_TEXT_MAX }) text: string;
  @TagNamesField() tags: string[];
}

export class UpdatePrivacyDto {
  @PostKeyField() id: string;
  @UuidField({ description: 'The caller' }) uuid: string;
  @EnumField(POST_PRIVACIES) privacy: PostPrivacy;
}

export class DeletePostDto {
  @PostKeyField() postId: string;
  @UuidField({ description: 'The caller' }) userId: string;
}

export class NewCommentDto {
  @PostKeyField() postId: string;
  @TextField({ max: COMMENT_MAX }) content: string;
  @UuidField({ optional: true, description: 'The comment this replies to' }) parentId?: string;
}

export class UpdateCommentDto {
  @UuidField() id: string;
  @UuidField({ description: 'The caller (the comment’s author)' }) uuid: string;
  @TextField({ max: COMMENT_MAX }) content: string;
}

export class DeleteCommentDto {
  @UuidField() id: string;
  @UuidField({ description: 'The caller' }) uuid: string;
}

export class NewReactionDto {
  @PostKeyField({ optional: true, description: 'Exactly one of postId and commentId' })
  postId?: string;
  @UuidField({ optional: true, description: 'Exactly one of postId and commentId' })
  commentId?: string;
}

export class DeleteReactionDto {
  @UuidField() id: string;
}
