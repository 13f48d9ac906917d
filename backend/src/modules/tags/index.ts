/**
 * The tags module's public face: what other modules may import. Content turns a post's tag names
 * into tags and keeps their post counts through TagsService; the post_tag table is content's.
 */
export { TagsModule } from './tags.module';
export { TagsService } from './tags.service';
export { TagsAdminService } from './tags-admin.service';
export type { TagReferenceHolder } from './tag-references';
export type { TagRef } from './tag-views';
export type { NewPostTags } from './tags.queries';
export type { Tag } from './entities/tag.entity';
export { normaliseTagName } from './tag-name';
export { MAX_TAGS_PER_POST } from './tags.service';
