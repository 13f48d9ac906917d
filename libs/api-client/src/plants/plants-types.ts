// Hand-written types of the plant listing API (issue 4 contract), used until openapi.json carries
// the plants module.
import type { PostPrivacy } from '../content/content-types';

/** The availability text the API sends; exactly 'Not available' when a plant is not available. */
export type Availability = 'Available' | 'Not available';
export const NOT_AVAILABLE: Availability = 'Not available';

/** A plant listing's details; the listing itself is a post of type plant/image. */
export interface Plant {
  id: string;
  post_id: string;
  name: string;
  species: string | null;
  available: boolean;
  availability: Availability;
  quantity: number | null;
  /** What the owner would like in return, e.g. "swap for a fern". */
  swap_terms: string | null;
  updated_at: string;
}

/** Which of a user's plant listings: the available ones, or all of them. */
export type PlantFilter = 'plantsAvail' | 'plantsAll';

/** `/api/plants/recent/{type}`. */
export type RecentPlantsType = 'available' | 'all';

export interface PlantDetailsInput {
  name: string;
  species?: string | null;
  available: boolean;
  quantity?: number | null;
  swap_terms?: string | null;
}

export interface PlantPhotoInput {
  ref: string;
  alt_text?: string;
  description?: string;
}

export interface NewPlantListingInput {
  text: string;
  privacy: PostPrivacy;
  tags: string[];
  /** 1 to 10 photos. */
  photos: PlantPhotoInput[];
  plant: PlantDetailsInput;
}

export interface PlantDetailsUpdateInput {
  postId: string;
  userId: string;
  plant: Partial<PlantDetailsInput>;
  privacy: PostPrivacy;
}

export interface PlantPhotoDescriptionsInput {
  /** The post id. */
  id: string;
  /** The caller. */
  uuid: string;
  plantPhotos: { id: string; description: string; alt_text?: string }[];
}

export interface NearbyPlantsInput {
  uuid?: string;
  latitude: number;
  longitude: number;
  /** Default 25, at most 200. */
  radius_km?: number;
}

/** Field limits of a plant listing (contract). */
export const plantLimits = {
  name: 80,
  species: 120,
  swapTerms: 300,
  photoDescription: 1000,
  minQuantity: 1,
  maxQuantity: 999,
} as const;
