import type { LatLng } from './geo';

/**
 * What a place is: a city (100,000 people or more, or a capital), a town or village, a suburb
 * (a named part of a city), or an address (a street address or a named spot, from an online
 * provider only).
 */
export type PlaceKind = 'city' | 'town' | 'suburb' | 'address';

export const PLACE_KINDS: readonly PlaceKind[] = ['city', 'town', 'suburb', 'address'];

/** A place a member can pick by name. Names are as the source writes them (any script). */
export interface Place extends LatLng {
  /** The town or suburb; for an address, the street address ("12 Smith Street"). */
  name: string;
  /** For an address: the suburb or town it lies in; otherwise null. */
  locality: string | null;
  /** The state, province or region, where the source names one. */
  state: string | null;
  country: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  kind: PlaceKind;
}

export interface PlaceSearch {
  /** At most this many places. */
  limit: number;
  /** Only places in this country (ISO 3166-1 alpha-2, upper case). */
  country?: string;
  /** Street addresses are wanted too (they come from the online provider, when one is set). */
  addresses?: boolean;
}

/**
 * The seam between Plantfolk and whatever turns names into places and points into names. The
 * default is the offline gazetteer (GazetteerGeocoder); an online provider (NominatimGeocoder)
 * (a PlaceSearcher) can be configured for street addresses. GeocodingService decides which one
 * answers.
 */
export interface PlaceSearcher {
  /** Places matching the query, best first (see each implementation). */
  search(query: string, options: PlaceSearch): Promise<Place[]>;
}

export interface Geocoder extends PlaceSearcher {
  /** The place nearest to a point, or null when nothing is near enough to name it. */
  reverse(point: LatLng): Promise<Place | null>;
}

/** "Fitzroy, Victoria, Australia"; "12 Smith Street, Fitzroy, Victoria, Australia". */
export function placeLabel(place: Place): string {
  return [place.name, place.locality, place.state, place.country]
    .filter((part): part is string => Boolean(part))
    .filter((part, index, parts) => index === 0 || part !== parts[index - 1])
    .join(', ');
}
