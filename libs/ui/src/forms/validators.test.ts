import { describe, expect, it } from 'vitest';
import { containsEveryWord, hasUnsavedChanges, isLettersAndSpaces, isValidUrl } from './validators';

describe('isLettersAndSpaces', () => {
  it.each(['Fitzroy', 'New South Wales', 'São Paulo', 'Zürich', 'Île de France', '東京'])(
    'accepts %s',
    (value) => expect(isLettersAndSpaces(value)).toBe(true),
  );

  it.each(['', '   ', 'Melbourne 3000', 'Saint-Denis', "O'Connor", 'Perth!', 'NSW_2'])(
    'rejects %j',
    (value) => expect(isLettersAndSpaces(value)).toBe(false),
  );
});

describe('hasUnsavedChanges', () => {
  const loaded = { username: 'fern', suburb_city: 'Fitzroy', latitude: -37.8, public: true };

  it('ignores spaces added around a value', () => {
    expect(
      hasUnsavedChanges(loaded, { ...loaded, username: '  fern ', suburb_city: 'Fitzroy ' }),
    ).toBe(false);
  });

  it('sees a changed text, number or flag', () => {
    expect(hasUnsavedChanges(loaded, { ...loaded, suburb_city: 'Carlton' })).toBe(true);
    expect(hasUnsavedChanges(loaded, { ...loaded, latitude: -37.81 })).toBe(true);
    expect(hasUnsavedChanges(loaded, { ...loaded, public: false })).toBe(true);
  });

  it('sees a value that was emptied', () => {
    expect(hasUnsavedChanges(loaded, { ...loaded, username: '   ' })).toBe(true);
  });
});

describe('isValidUrl and containsEveryWord', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isValidUrl('https://plantfolk.example/events')).toBe(true);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('/relative')).toBe(false);
  });

  it('flags whether a name contains every typed word', () => {
    expect(containsEveryWord('Fitzroy Community Garden', 'garden fitz')).toBe(true);
    expect(containsEveryWord('Fitzroy Community Garden', 'garden carlton')).toBe(false);
  });
});
