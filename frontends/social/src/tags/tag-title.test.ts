import { describe, expect, it } from 'vitest';
import { tagTitle } from './tag-title';

describe('tagTitle', () => {
  it('turns hyphens into spaces and capitalises the first letter only', () => {
    expect(tagTitle('succulents-and-cacti')).toBe('Succulents and cacti');
    expect(tagTitle('houseplants')).toBe('Houseplants');
    expect(tagTitle('ümlaut-öl')).toBe('Ümlaut öl');
    expect(tagTitle('2024-seeds')).toBe('2024 seeds');
  });
});
