import { Logger } from '@nestjs/common';
import { publicPoint, type LatLng } from './geo';
import type { Geocoder, Place, PlaceSearch, PlaceSearcher } from './geocoder';
import { GeoErrors } from './geo.errors';
import { type GazetteerGeocoder, REVERSE_MAX_KM } from './gazetteer';
import type { PlaceQuery } from './location-params';
import { type PlaceDto, toPlaceDto } from './location.dto';
import { foldName } from './place-names';

/** Answers of the online provider are kept this long, and at most this many. */
const PROVIDER_CACHE_MS = 60 * 60 * 1000;
const PROVIDER_CACHE_ENTRIES = 500;

/**
 * The Geocoder the app uses. Towns and suburbs come from the offline gazetteer. Street
 * addresses, when asked for and an online provider is configured (GEOCODER_URL), come from the
 * provider; when it fails or finds nothing, the gazetteer answers instead, so a search always
 * works. Reverse lookups never leave the machine: the point is first moved to the centre of its
 * ~1.1 km grid cell (publicPoint), and the answer is the nearest town or suburb, so it says no
 * more about where someone is than the rounding everyone else sees.
 */
export class GeocodingService implements Geocoder {
  private readonly logger = new Logger('Geocoding');
  private readonly providerCache = new Map<string, { at: number; places: Place[] }>();

  constructor(
    private readonly gazetteer: GazetteerGeocoder,
    private readonly provider: PlaceSearcher | null,
    private readonly now: () => number = Date.now,
  ) {}

  async search(query: string, options: PlaceSearch): Promise<Place[]> {
    if (options.addresses && this.provider) {
      const places = await this.searchProvider(this.provider, query, options);
      if (places.length) return places;
    }
    return this.gazetteer.search(query, options);
  }

  async reverse(point: LatLng): Promise<Place | null> {
    return this.gazetteer.reverse(publicPoint(point));
  }

  /** GET /api/location/places. */
  async places(query: PlaceQuery): Promise<PlaceDto[]> {
    return (await this.search(query.query, query)).map(toPlaceDto);
  }

  /** GET /api/location/reverse: the town or suburb at a point, or 404. */
  async placeAt(point: LatLng): Promise<PlaceDto> {
    const place = await this.reverse(point);
    if (!place) throw GeoErrors.NO_PLACE_NEARBY({ km: REVERSE_MAX_KM });
    return toPlaceDto(place);
  }

  private async searchProvider(
    provider: PlaceSearcher,
    query: string,
    options: PlaceSearch,
  ): Promise<Place[]> {
    const key = JSON.stringify([foldName(query), options.limit, options.country ?? null]);
    const cached = this.providerCache.get(key);
    if (cached && this.now() - cached.at < PROVIDER_CACHE_MS) return cached.places;
    try {
      const places = await provider.search(query, options);
      this.providerCache.delete(key);
      this.providerCache.set(key, { at: this.now(), places });
      // A Map iterates in insertion order: the first key is the oldest.
      if (this.providerCache.size > PROVIDER_CACHE_ENTRIES) {
        this.providerCache.delete(this.providerCache.keys().next().value as string);
      }
      return places;
    } catch (error) {
      this.logger.warn(`${(error as Error).message}; answering from the gazetteer`);
      return [];
    }
  }
}
