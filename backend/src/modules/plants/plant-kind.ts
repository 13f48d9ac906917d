import type { PostCount, PostKind } from '../content';
import type { PlantRow } from './plants.queries';

export const AVAILABLE = 'Available';
export const NOT_AVAILABLE = 'Not available';

/** A listing's details as a content item carries them (its `plant`). */
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
  /**
   * How far the owner is from the viewer, in whole km, measured to the owner's public point (the
   * centre of their ~1 km grid cell): null for a guest, for one's own listing, or when either has
   * no location.
   */
  distance_km: number | null;
}

/** The filter of listings whose plant is available (a column of the `plant` table). */
export const AVAILABLE_FILTER = 'available';

/** The plant/image post kind, as plants registers it with content (minus the details loader). */
export const PLANT_KIND = {
  type: 'plant/image',
  slot: 'plant',
  table: 'plant',
  filters: { [AVAILABLE_FILTER]: { column: 'available' } },
  // The owner's public point, kept by plants (PlantsService: MemberPlaces).
  location: { latitude: 'owner_latitude', longitude: 'owner_longitude' },
  // Listings search as `plants`: by name, species, swap terms, description (the post's text) and
  // photo descriptions, all in the post's search_vector; a result opens /plant/{plant id}.
  search: { group: 'plants', key: 'id', title: 'name' },
} as const satisfies Omit<PostKind, 'loadDetails'>;

/** A member's listings, counted beside their posts (usercounts): all, and the available ones. */
export const PLANT_COUNTS = {
  plantsAll: { type: PLANT_KIND.type },
  plantsAvail: { type: PLANT_KIND.type, kindFilter: AVAILABLE_FILTER },
} satisfies Record<string, PostCount>;

export function toPlantView(row: PlantRow, distanceKm: number | null = null): PlantView {
  return {
    id: row.id,
    post_id: row.post_id,
    name: row.name,
    species: row.species,
    available: row.available,
    availability: row.available ? AVAILABLE : NOT_AVAILABLE,
    quantity: row.quantity,
    swap_terms: row.swap_terms,
    updated_at: row.updated_at.toISOString(),
    distance_km: distanceKm,
  };
}
