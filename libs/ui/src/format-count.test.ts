import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [1234567, '1,234,567'],
    [-9876, '-9,876'],
  ])('formats %d as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('rounds fractions away and shows 0 for values that are not numbers', () => {
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});
