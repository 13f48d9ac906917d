import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { GazetteerGeocoder } from './gazetteer';
import { sharedGazetteer } from './gazetteer-data';
import { GeocodingService } from './geocoding.service';
import { LocationController } from './location.controller';
import { NominatimGeocoder } from './nominatim-geocoder';

export function createGeocodingService(config: AppConfig): GeocodingService {
  const provider = config.geocoder ? new NominatimGeocoder(config.geocoder) : null;
  return new GeocodingService(new GazetteerGeocoder(sharedGazetteer), provider);
}

/** Places by name and by point (GeocodingService), and their public endpoints. */
@Module({
  controllers: [LocationController],
  providers: [
    { provide: GeocodingService, inject: [AppConfig], useFactory: createGeocodingService },
  ],
  exports: [GeocodingService],
})
export class GeoModule {}
