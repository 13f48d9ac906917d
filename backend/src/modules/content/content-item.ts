import type { ImageVariant } from '../../platform/images/image-pipeline.service';
import type { PostPrivacy, PostType } from './entities/post.entity';
import type { DetailsSlot } from './post-kinds';
import type { PostPageRef } from './post-pages';

/** The JSON shapes of the content API (contract "Shapes"); field names are the wire names. */
export interface PhotoView {
  id: string;
  image_ref: string;
  variants: ImageVariant[];
  /** Null for a moment after the upload, until its render job has decoded it. */
  blurhash: string | null;
  /** It could not be rendered (damaged bytes): it will never have files. */
  failed: boolean;
  width: number;
  height: number;
  alt_text: string | null;
  description: string | null;
}

/** The preview of a post's first URL (content/link-previews.service.ts). */
export interface LinkPreviewView {
  url: string;
  title: string;
  description: string | null;
  siteName: string | null;
  /** The page's image, re-hosted by us; null when it names none or it could not be fetched. */
  image: {
    image_ref: string;
    variants: ImageVariant[];
    blurhash: string;
    width: number;
    height: number;
  } | null;
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
  /** The page it was made as (its author owns the page), or null. */
  page: PostPageRef | null;
  text: string;
  privacy: PostPrivacy;
  tags: TagRef[];
  photos: PhotoView[];
  /** The preview of its text's first URL, once fetched; null when none (or it failed). */
  linkPreview: LinkPreviewView | null;
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
