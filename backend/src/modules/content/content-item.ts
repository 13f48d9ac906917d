import type { ImageVariant } from '../../platform/images/image-pipeline.service';
import type { PostPrivacy, PostType } from './entities/post.entity';
import type { DetailsSlot } from './post-kinds';

/** The JSON shapes of the content API (contract "Shapes"); field names are the wire names. */
export interface PhotoView {
  id: string;
  image_ref: string;
  variants: ImageVariant[];
  blurhash: string;
  width: number;
  height: number;
  alt_text: string | null;
  description: string | null;
}

export interface TagRef {
  id: number;
  name: string;
}

/** A post kind's details, as its module shapes them (plants: PlantView); content passes them on. */
export type KindDetails = object;

/** A post; each details slot holds its kind's details on a post of that kind, else null. */
export interface ContentItem extends Record<DetailsSlot, KindDetails | null> {
  id: string;
  random_id: string;
  type: PostType;
  user_id: string;
  page_id: string | null;
  text: string;
  privacy: PostPrivacy;
  tags: TagRef[];
  photos: PhotoView[];
  reaction_count: number;
  comment_count: number;
  my_reaction_id: string | null;
  created_at: string;
  updated_at: string;
  bumped_at: string;
  /** When what it says last changed (text, tags, details); null when never edited. */
  edited_at: string | null;
}

export interface CommentView {
  id: string;
  post_id: string;
  parent_id: string | null;
  level: number;
  content: string;
  user_id: string;
  reaction_count: number;
  my_reaction_id: string | null;
  created_at: string;
  /** When its author last changed its content; null when never edited. */
  edited_at: string | null;
}
