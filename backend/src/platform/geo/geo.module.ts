import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { GazetteerGeocoder } from './gazetteer';
import { sharedGazetteer } from './gazetteer-data';
import { GeocodingService } from './geocoding.service';
import { GuestLocationService } from './guest-location';
import { IpLocator } from './ip-location';
import { LocationController } from './location.controller';
import { NominatimGeocoder } from './nominatim-geocoder';

export function createGeocodingService(config: AppConfig): GeocodingService {
  const provider = config.geocoder ? new NominatimGeocoder(config.geocoder) : null;
  return new GeocodingService(new GazetteerGeocoder(sharedGazetteer), provider);
}

/**
 * Places by name and by point (GeocodingService), a visitor's place from their IP address
 * (GuestLocationService), and their public endpoints.
 */
@Module({
  controllers: [LocationController],
  providers: [
    { provide: GeocodingService, inject: [AppConfig], useFactory: createGeocodingService },
    {
      provide: GuestLocationService,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new GuestLocationService(new IpLocator(), config.defaultMapPoint),
    },
  ],
  exports: [GeocodingService, GuestLocationService],
})
export class GeoModule {}
