import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './color-contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f2937', '#1f2937')).toBe(1);
  });

  it('measures the dark-mode grey the issue reported (3.03:1)', () => {
    expect(contrastRatio('#6b7280', '#1f2937')).toBeCloseTo(3.036, 3);
  });

  it('uses the WCAG luminance of each channel', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow('Not a hex colour: red');
  });
});
