import { createSessionStore } from '@plantfolk/session';
import { describe, expect, it } from 'vitest';
import { createApiFetch } from '../api-fetch';
import { createFakeApi, fail, ok } from '../testing';
import { createLocationApi } from './location-api';

function setup() {
  const fake = createFakeApi();
  const session = createSessionStore();
  return { fake, location: createLocationApi(createApiFetch({ fetch: fake.fetch, session })) };
}

const FITZROY = {
  name: 'Fitzroy',
  locality: null,
  state: 'Victoria',
  country: 'Australia',
  country_code: 'AU',
  latitude: -37.79839,
  longitude: 144.97833,
  kind: 'suburb',
  label: 'Fitzroy, Victoria, Australia',
};

describe('location api', () => {
  it('searches places with only the options given', async () => {
    const { fake, location } = setup();
    fake.on('GET', '/api/location/places', ok([FITZROY]));
    expect(await location.places('fitz')).toEqual([FITZROY]);
    await location.places('12 Smith St', { limit: 5, country: 'AU', addresses: true });
    expect(fake.requests.map((request) => request.url.search)).toEqual([
      '?q=fitz',
      '?q=12+Smith+St&limit=5&country=AU&addresses=true',
    ]);
  });

  it('sends a point no finer than about 100 m for a reverse lookup', async () => {
    const { fake, location } = setup();
    fake.on('GET', '/api/location/reverse', ok(FITZROY));
    await location.placeAt({ latitude: -37.7993214, longitude: 144.9787123 });
    expect(fake.requests[0].url.search).toBe('?lat=-37.799&lon=144.979');
  });

  it('gives the picker null where no town is near, and other failures as they are', async () => {
    const { fake, location } = setup();
    const source = location.placeSource({ addresses: true });
    fake.on('GET', '/api/location/reverse', fail(404, 'NO_PLACE_NEARBY'));
    expect(
      await source.reverse({ latitude: 0, longitude: -140 }, new AbortController().signal),
    ).toBeNull();
    fake.on('GET', '/api/location/reverse', fail(429, 'RATE_LIMITED'));
    await expect(
      source.reverse({ latitude: 0, longitude: -140 }, new AbortController().signal),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    fake.on('GET', '/api/location/places', ok([]));
    await source.search('fitz', new AbortController().signal);
    expect(fake.requests.at(-1)?.url.search).toBe('?q=fitz&addresses=true');
  });
});
