import type { Place, PlaceKind, PlaceSearch, PlaceSearcher } from './geocoder';

export interface NominatimSettings {
  /** The API's base URL; `/search` is added to its path, and its query (an API key) is kept. */
  url: string;
  /** Sent as User-Agent: public Nominatim servers refuse requests that do not say who asks. */
  userAgent: string;
  timeoutMs: number;
  /** A larger answer is abandoned (and the gazetteer answers instead). */
  maxBytes?: number;
}

export class GeocoderProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderProviderError';
  }
}

const DEFAULT_MAX_BYTES = 256 * 1024;
/** Longer names from the provider are cut, so one odd record cannot bloat an answer. */
const MAX_NAME_LENGTH = 200;

/** The fields of a Nominatim `jsonv2` result with `addressdetails=1` that we read. */
interface NominatimResult {
  lat?: unknown;
  lon?: unknown;
  name?: unknown;
  addresstype?: unknown;
  address?: Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, MAX_NAME_LENGTH) : null;

function first(address: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = text(address[key]);
    if (value) return value;
  }
  return null;
}

const SUBURB_KEYS = ['suburb', 'neighbourhood', 'quarter', 'city_district', 'borough'];
const TOWN_KEYS = ['town', 'village', 'hamlet', 'municipality'];

function kindOf(addressType: string | null, address: Record<string, unknown>): PlaceKind {
  if (addressType === 'city') return 'city';
  if (addressType && TOWN_KEYS.includes(addressType)) return 'town';
  if (addressType && SUBURB_KEYS.includes(addressType)) return 'suburb';
  if (!addressType && !address.road && !address.house_number) return 'town';
  return 'address';
}

/** One provider result as a Place, or null when it lacks what a place needs. */
export function placeFromNominatim(result: NominatimResult): Place | null {
  if (!result || typeof result !== 'object') return null;
  const latitude = Number(result.lat);
  const longitude = Number(result.lon);
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return null;
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
  const address =
    result.address && typeof result.address === 'object' && !Array.isArray(result.address)
      ? result.address
      : {};
  const country = text(address.country);
  const countryCode = text(address.country_code)?.toUpperCase();
  if (!country || !countryCode || !/^[A-Z]{2}$/.test(countryCode)) return null;
  const kind = kindOf(text(result.addresstype), address);
  const locality = first(address, [...SUBURB_KEYS, ...TOWN_KEYS, 'city']);
  const street = [text(address.house_number), text(address.road)].filter(Boolean).join(' ');
  const name =
    kind === 'address'
      ? (text(result.name) ?? (street || null))
      : (text(result.name) ?? first(address, [...SUBURB_KEYS, ...TOWN_KEYS, 'city']));
  if (!name) return null;
  return {
    name,
    locality: kind === 'address' && locality !== name ? locality : null,
    state: first(address, ['state', 'province', 'region', 'state_district']),
    country,
    countryCode,
    latitude,
    longitude,
    kind,
  };
}

/**
 * A Nominatim-compatible geocoding API (OpenStreetMap's own servers, a self-hosted Nominatim, or
 * a commercial service speaking the same protocol). Only search is asked of it, for street
 * addresses: a member's position is never sent anywhere (reverse lookups stay offline). Every
 * failure (no answer in time, an error status, too large an answer, not JSON)
 * is a GeocoderProviderError, so the caller can fall back to the gazetteer.
 */
export class NominatimGeocoder implements PlaceSearcher {
  private readonly maxBytes: number;

  constructor(private readonly settings: NominatimSettings) {
    this.maxBytes = settings.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  async search(query: string, options: PlaceSearch): Promise<Place[]> {
    const params: Record<string, string> = {
      q: query,
      format: 'jsonv2',
      addressdetails: '1',
      limit: String(options.limit),
    };
    if (options.country) params.countrycodes = options.country.toLowerCase();
    const results = await this.get('search', params);
    if (!Array.isArray(results)) throw new GeocoderProviderError('Geocoder answered a non-list');
    return results
      .map((result) => placeFromNominatim(result as NominatimResult))
      .filter((place): place is Place => place !== null)
      .slice(0, options.limit);
  }

  private async get(endpoint: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(this.settings.url);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${endpoint}`;
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    let response: Response;
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      response = await fetch(url, {
        headers: {
          accept: 'application/json',
          'accept-language': 'en',
          'user-agent': this.settings.userAgent,
        },
        redirect: 'error',
        signal,
      });
    } catch (error) {
      throw this.failure(error);
    }
    try {
      if (response.status !== 200) {
        throw new GeocoderProviderError(`Geocoder answered HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length'));
      if (declared > this.maxBytes) {
        throw new GeocoderProviderError(`Geocoder answer is larger than ${this.maxBytes} bytes`);
      }
      const body = await this.readBounded(response);
      try {
        return JSON.parse(body) as unknown;
      } catch {
        throw new GeocoderProviderError('Geocoder answered something other than JSON');
      }
    } catch (error) {
      await response.body?.cancel().catch(() => undefined);
      throw this.failure(error);
    }
  }

  private async readBounded(response: Response): Promise<string> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (!response.body) return '';
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > this.maxBytes) {
        throw new GeocoderProviderError(`Geocoder answer is larger than ${this.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The error to raise: never the URL (it may hold an API key), only what went wrong. */
  private failure(error: unknown): GeocoderProviderError {
    if (error instanceof GeocoderProviderError) return error;
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new GeocoderProviderError(
        `Geocoder did not answer within ${this.settings.timeoutMs} ms`,
      );
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return new GeocoderProviderError(`Geocoder could not be reached${cause ? ` (${cause})` : ''}`);
  }
}
