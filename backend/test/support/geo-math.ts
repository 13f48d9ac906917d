import type { LatLng } from '../../src/platform/geo/geo';

/** Plain spherical geometry for the geo tests: what an attacker would compute from answers. */
const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in metres. */
export function metresBetween(a: LatLng, b: LatLng): number {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** The point `north` and `east` metres from `from` (negative: south, west), across the date line too. */
export function moved(from: LatLng, north: number, east: number): LatLng {
  const latitude = from.latitude + (north / EARTH_RADIUS_M) * (180 / Math.PI);
  const longitude =
    from.longitude + (east / (EARTH_RADIUS_M * Math.cos(rad(from.latitude)))) * (180 / Math.PI);
  return {
    latitude,
    longitude: longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude,
  };
}

/** The point `metres` from `from` towards `bearing` (degrees clockwise from north). */
export function towards(from: LatLng, metres: number, bearing: number): LatLng {
  return moved(from, metres * Math.cos(rad(bearing)), metres * Math.sin(rad(bearing)));
}
