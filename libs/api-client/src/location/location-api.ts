import { isApiError } from '../api-error';
import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** A place to pick: a town or suburb, or (with `addresses`) a street address. */
export type Place = Schemas['PlaceDto'];
export type PlaceKind = Place['kind'];
/** Where the visitor probably is, from their IP address (or the site's default point). */
export type GuestLocation = Schemas['GuestLocationDto'];

export interface PlaceSearchOptions {
  /** 1 to 20; the API's default is 8. */
  limit?: number;
  /** Only places in this country (ISO 3166-1 alpha-2). */
  country?: string;
  /** Street addresses too (event and page locations); the API needs an online provider for them. */
  addresses?: boolean;
  signal?: AbortSignal;
}

/** Three decimals is about 100 m: all a town lookup needs, and all that leaves the browser. */
const roughly = (value: number) => Math.round(value * 1000) / 1000;

/** `/api/location/*`: places by name and by point, for the place pickers. */
export function createLocationApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  /** Towns and suburbs whose name begins with `query`, largest first. */
  const places = (query: string, options: PlaceSearchOptions = {}) =>
    dataOf(
      api.get('/api/location/places', {
        query: {
          q: query,
          limit: options.limit,
          country: options.country,
          addresses:
            options.addresses === undefined ? undefined : options.addresses ? 'true' : 'false',
        },
        signal: options.signal,
      }),
    );
  /** The town or suburb at a point (the API answers 404 NO_PLACE_NEARBY far from any). */
  const placeAt = (point: { latitude: number; longitude: number }, signal?: AbortSignal) =>
    dataOf(
      api.get('/api/location/reverse', {
        query: { lat: roughly(point.latitude), lon: roughly(point.longitude) },
        signal,
      }),
    );

  return {
    places,
    placeAt,
    /** The visitor's probable location from their IP address; `fallback` when it told nothing. */
    fromIp: (signal?: AbortSignal) => dataOf(api.get('/api/location/from-ip', { signal })),
    /**
     * Where the PlacePicker of `@plantfolk/ui/controls` finds places: searches with `options`
     * (registration: towns and suburbs; events and pages: `{ addresses: true }`), and reverse
     * lookups that answer null where no town is near.
     */
    placeSource: (options: Omit<PlaceSearchOptions, 'signal'> = {}) => ({
      search: (query: string, signal: AbortSignal) => places(query, { ...options, signal }),
      reverse: async (point: { latitude: number; longitude: number }, signal: AbortSignal) => {
        try {
          return await placeAt(point, signal);
        } catch (error) {
          if (isApiError(error) && error.code === 'NO_PLACE_NEARBY') return null;
          throw error;
        }
      },
    }),
  };
}

export type LocationApi = ReturnType<typeof createLocationApi>;

/** The location calls over the page's one fetch wrapper. */
export const locationApi: LocationApi = createLocationApi();
