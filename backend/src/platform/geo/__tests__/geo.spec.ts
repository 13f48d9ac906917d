import {
  MIN_NEARBY_RADIUS_KM,
  nearbyRadiusKm,
  publicDistanceKm,
  publicPoint,
  type LatLng,
} from '../geo';
import { metresBetween, moved } from '../../../../test/support/geo-math';

/** A fixed spread of homes: every latitude band a member may live in, both hemispheres, the date line. */
function homes(): LatLng[] {
  const list: LatLng[] = [];
  let seed = 7;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  for (let i = 0; i < 4000; i += 1)
    list.push({ latitude: -80 + 160 * random(), longitude: -180 + 360 * random() });
  list.push(
    { latitude: 0, longitude: 0 },
    { latitude: -37.8136, longitude: 144.9631 },
    { latitude: 51.5072, longitude: -0.1276 },
    { latitude: 64.1466, longitude: -21.9426 },
    { latitude: -17.7134, longitude: 179.9999 },
    { latitude: -17.7134, longitude: -180 },
  );
  return list;
}

describe('geo: the public point', () => {
  it('is the same for every home in a cell, and the cell holds the 1 km square about it', () => {
    for (const home of homes()) {
      const centre = publicPoint(home);
      expect(publicPoint(centre)).toEqual(centre);
      // Whatever answers reveal, they are the same for all these homes; an estimate is at least
      // 500 m from one corner of the square (707 m, in fact), so no one can do better than that.
      for (const [north, east] of [
        [499, 499],
        [499, -499],
        [-499, 499],
        [-499, -499],
      ]) {
        const corner = moved(centre, north, east);
        expect([home, corner, publicPoint(corner)]).toEqual([home, corner, centre]);
      }
    }
  });

  it('stays within about a kilometre of the home, so nearby answers stay useful', () => {
    for (const home of homes()) expect(metresBetween(home, publicPoint(home))).toBeLessThan(1_500);
  });

  it('widens small radii and shows distances in whole km', () => {
    expect(MIN_NEARBY_RADIUS_KM).toBeGreaterThanOrEqual(1);
    expect(nearbyRadiusKm(0.1)).toBe(MIN_NEARBY_RADIUS_KM);
    expect(nearbyRadiusKm(25)).toBe(25);
    expect([0, 1, 999, 1000, 1001, 2500].map(publicDistanceKm)).toEqual([1, 1, 1, 1, 2, 3]);
  });
});
