import { Logger } from '@nestjs/common';
import { type LatLng, publicPoint } from './geo';
import type { IpLocator } from './ip-location';

/** The credit DB-IP's licence (CC BY 4.0) asks of a web application using its lite database. */
export const IP_LOCATION_ATTRIBUTION = {
  text: 'IP Geolocation by DB-IP',
  url: 'https://db-ip.com',
} as const;

/** Where a visitor probably is, as GET /api/location/from-ip answers it. */
export interface GuestLocation {
  /** The centre of the ~1.1 km grid cell (publicPoint): never finer than that. */
  latitude: number;
  longitude: number;
  /** True when the address said nothing (private, loopback, unknown): the configured default. */
  fallback: boolean;
  city: string | null;
  state: string | null;
  country_code: string | null;
  attribution: { text: string; url: string } | null;
}

/**
 * A guest's location from their address (spec: "Guest user: location (lat, lon) taken from the
 * visitor's IP address"), or the configured default point when the address says nothing; a
 * database that cannot be read is logged and answered with the default too.
 */
export class GuestLocationService {
  private readonly logger = new Logger('GuestLocation');

  constructor(
    private readonly locator: IpLocator,
    private readonly defaultPoint: LatLng,
  ) {}

  async fromIp(address: unknown): Promise<GuestLocation> {
    try {
      const place = await this.locator.locate(address);
      if (place)
        return {
          ...publicPoint(place),
          fallback: false,
          city: place.city,
          state: place.state,
          country_code: place.countryCode || null,
          attribution: { ...IP_LOCATION_ATTRIBUTION },
        };
    } catch (error) {
      this.logger.error(`IP location database unreadable: ${(error as Error).message}`);
    }
    return {
      ...publicPoint(this.defaultPoint),
      fallback: true,
      city: null,
      state: null,
      country_code: null,
      attribution: null,
    };
  }
}
