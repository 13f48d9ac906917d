import { describe, expect, it } from 'vitest';
import {
  areaLabel,
  coordinateProblem,
  placeNameProblem,
  toPlaceName,
  usernameProblem,
} from './profile-rules';

describe('usernameProblem', () => {
  it.each(['fern', 'fern_grows', 'f3rn', 'FERN', 'a'.repeat(30)])('accepts %s', (name) =>
    expect(usernameProblem(name)).toBeNull(),
  );

  it.each([
    ['', 'Choose a username.'],
    ['ab', 'Use 3 to 30 characters.'],
    ['a'.repeat(31), 'Use 3 to 30 characters.'],
    ['fern-grows', 'Use only lower-case letters, digits and underscores.'],
    ['fern grows', 'Use only lower-case letters, digits and underscores.'],
    ['events', '“events” is reserved. Choose another username.'],
    ['Admin', '“admin” is reserved. Choose another username.'],
  ])('refuses %j', (name, message) => expect(usernameProblem(name)).toBe(message));
});

describe('placeNameProblem', () => {
  it('wants letters and spaces only', () => {
    expect(placeNameProblem('North Fitzroy', 'suburb')).toBeNull();
    expect(placeNameProblem('Fitzroy 3065', 'suburb')).toBe('Use letters and spaces only.');
    expect(placeNameProblem('  ', 'suburb')).toBe('Enter your suburb.');
  });
});

describe('coordinateProblem', () => {
  it('wants a latitude within ±90 and a longitude within ±180', () => {
    expect(coordinateProblem(-37.8, 'latitude')).toBeNull();
    expect(coordinateProblem(-95, 'latitude')).toBe('The latitude is a number between -90 and 90.');
    expect(coordinateProblem(181, 'longitude')).toBe(
      'The longitude is a number between -180 and 180.',
    );
    expect(coordinateProblem('', 'longitude')).toBe(
      'Enter the longitude, or use “Use my location”.',
    );
  });
});

describe('toPlaceName', () => {
  it.each([
    ['Fitzroy', 'Fitzroy'],
    ['Saint-Étienne', 'Saint Étienne'],
    ['St. Kilda', 'St Kilda'],
    ["Land's End", 'Lands End'],
    ['Trinidad & Tobago', 'Trinidad and Tobago'],
    ['Côte d’Ivoire', 'Côte dIvoire'],
    ['São Paulo', 'São Paulo'],
    ['Provence-Alpes-Côte d’Azur', 'Provence Alpes Côte dAzur'],
    ['Ho Chi Minh City (District 1)', 'Ho Chi Minh City District'],
  ])('%s → %s, which the API takes', (name, kept) => {
    expect(toPlaceName(name)).toBe(kept);
    expect(placeNameProblem(toPlaceName(name), 'suburb')).toBeNull();
  });

  it('keeps letters written with a combining mark, without the mark', () => {
    // "s" + combining macron below: no precomposed letter exists, and the API takes letters only.
    expect(toPlaceName('Kas\u0331r')).toBe('Kasr');
  });

  it('stays within the API’s 100 characters', () => {
    expect(toPlaceName('a'.repeat(150))).toHaveLength(100);
  });
});

describe('areaLabel', () => {
  it('reads as one place, a name repeated next to itself once', () => {
    expect(areaLabel({ suburb_city: 'Fitzroy', state: 'Victoria', country: 'Australia' })).toBe(
      'Fitzroy, Victoria, Australia',
    );
    expect(areaLabel({ suburb_city: 'Singapore', state: 'Singapore', country: 'Singapore' })).toBe(
      'Singapore',
    );
  });
});
