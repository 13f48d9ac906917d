import type { ImageVariant } from '../../platform/images/image-pipeline.service';
import type { PostPrivacy, PostType } from './entities/post.entity';

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

export const AVAILABLE = 'Available';
export const NOT_AVAILABLE = 'Not available';

export interface PlantView {
  id: string;
  post_id: string;
  name: string;
  species: string | null;
  available: boolean;
  availability: typeof AVAILABLE | typeof NOT_AVAILABLE;
  quantity: number | null;
  swap_terms: string | null;
  updated_at: string;
}

export interface ContentItem {
  id: string;
  random_id: string;
  type: PostType;
  user_id: string;
  page_id: string | null;
  text: string;
  privacy: PostPrivacy;
  tags: TagRef[];
  photos: PhotoView[];
  plant: PlantView | null;
  reaction_count: number;
  comment_count: number;
  my_reaction_id: string | null;
  created_at: string;
  updated_at: string;
  bumped_at: string;
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
}

/** Loads the plant details of plant/image posts (registered by the plants module). */
export type PlantDetailsLoader = (postIds: string[]) => Promise<Map<string, PlantView>>;
