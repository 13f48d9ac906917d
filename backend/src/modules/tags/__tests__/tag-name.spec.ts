import { normaliseTagName, normaliseTagPrefix } from '../tag-name';

describe('tag names', () => {
  it.each([
    ['  House   Plants ', 'house-plants'],
    ['house plants', 'house-plants'],
    ['House-Plants', 'house-plants'],
    ['house - plants', 'house-plants'],
    ['house--plants', 'house-plants'],
    ['#Monstera', 'monstera'],
    ['-fern-', 'fern'],
    ['Zimmerpflanzen Über', 'zimmerpflanzen-über'],
    ['観葉植物', '観葉植物'],
    ['Суккуленты 2024', 'суккуленты-2024'],
    ['हिन्दी', 'हिन्दी'],
    ['a\tb\nc', 'a-b-c'],
    ['ab', 'ab'],
    ['x'.repeat(40), 'x'.repeat(40)],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseTagName(raw)).toBe(expected);
  });

  it('composes decomposed accents, so both spellings are one tag', () => {
    expect(normaliseTagName('cafe\u0301')).toBe(normaliseTagName('café'));
  });

  it.each([
    '',
    ' ',
    'a',
    '#',
    '--',
    'x'.repeat(41),
    'plant_pot',
    'a.b',
    'rose!',
    '50%',
    '<b>',
    'a/b',
  ])('refuses %j', (raw) => {
    expect(normaliseTagName(raw)).toBeNull();
  });

  it('counts length in characters, not UTF-16 units', () => {
    expect(normaliseTagName('🌿'.repeat(2))).toBeNull(); // not a letter
    expect(normaliseTagName('𝔞'.repeat(40))).not.toBeNull(); // 40 letters outside the BMP
  });

  it('normalises prefixes, which may end in a hyphen and be one character long', () => {
    expect(normaliseTagPrefix('M')).toBe('m');
    expect(normaliseTagPrefix('House ')).toBe('house');
    expect(normaliseTagPrefix('House P')).toBe('house-p');
    expect(normaliseTagPrefix('house-')).toBe('house-');
    expect(normaliseTagPrefix('#mon')).toBe('mon');
    expect(normaliseTagPrefix('%')).toBeNull();
    expect(normaliseTagPrefix('_')).toBeNull();
    expect(normaliseTagPrefix('')).toBeNull();
  });
});
