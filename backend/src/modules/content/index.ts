/**
 * The content module's public face: what other modules may import. Post kinds (plants; page
 * posts and event announcements next) register with ContentService and describe their slot of
 * the content item; composition modules (profiles) count and list posts through it.
 */
export { ContentModule } from './content.module';
export { ContentService } from './content.service';
export { assertCaller } from './authorship';
export { CONTENT_RATE_LIMITS } from './content.rate-limits';
export type { ContentItem } from './content-item';
export type { PostCount, PostQuery } from './feed.queries';
export type { PostKind } from './post-kinds';
export type { PostPageDirectory, PostPageRef } from './post-pages';
export type { LockedPost, NewPostInput } from './posts.service';
export { ContentItemDto, ContentItemPageDto, PostKeyField, TagNamesField } from './dto/content.dto';
export { DetailsSlotSchema } from './dto/details-slots';
export {
  ALT_TEXT_MAX,
  MAX_PHOTOS_PER_POST,
  PHOTO_DESCRIPTION_MAX,
} from './entities/post-photo.entity';
export { POST_PRIVACIES, POST_TEXT_MAX } from './entities/post.entity';
export type { Post, PostPrivacy, PostType } from './entities/post.entity';
