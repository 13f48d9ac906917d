import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(path.join(import.meta.dirname, 'plantfolk.css'), 'utf8');

/** The declarations of one rule of plantfolk.css. */
function rule(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`${selector} is not in plantfolk.css`);
  return css.slice(start, css.indexOf('}', start));
}

describe('.pf-list-link (title links of list items)', () => {
  it('takes the text colour, whose contrast theme.test.ts checks in both modes, not link blue', () => {
    expect(rule('.pf-list-link')).toMatch(/color: var\(--mantine-color-text\);/);
    expect(rule('.pf-list-link')).toMatch(/text-decoration: none;/);
    expect(rule('.pf-list-link:hover')).toMatch(/text-decoration: underline;/);
    // The focus indicator is the app's ring (3:1 against the page and a card, theme.test.ts).
    expect(rule('.pf-list-link:focus-visible')).toMatch(
      /outline: 2px solid var\(--pf-focus-ring\)/,
    );
  });
});
