import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type MantineColorScheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './color-contrast';
import { INITIALS_COLORS } from './media/user-avatar';
import { plantfolkCssVariables, plantfolkTheme } from './theme';

const theme = mergeMantineTheme(DEFAULT_THEME, plantfolkTheme);

/** The CSS variables of one colour mode as the app sets them: Mantine's, then ours on top. */
function tokensOf(scheme: Exclude<MantineColorScheme, 'auto'>) {
  const mantine = defaultCssVariablesResolver(theme);
  const ours = plantfolkCssVariables(theme);
  const variables: Record<string, string> = {
    ...mantine.variables,
    ...mantine[scheme],
    ...ours.variables,
    ...ours[scheme],
  };
  /** A token's colour, following `var(--…)` references down to a hex value. */
  return (name: string): string => {
    let value = variables[name];
    for (let hops = 0; value?.startsWith('var('); hops += 1) {
      if (hops > 10) throw new Error(`${name} refers in a loop`);
      value = variables[/^var\((--[\w-]+)\)$/.exec(value)?.[1] ?? ''];
    }
    if (!value) throw new Error(`${name} is not set in ${scheme} mode`);
    return value;
  };
}

const TEXT_TOKENS = [
  '--mantine-color-text',
  '--mantine-color-dimmed',
  '--mantine-color-anchor',
  '--mantine-color-error',
  '--mantine-color-success',
  '--mantine-color-placeholder',
];
/** Text sits on the page or on a card (and menus, dialogs). */
const BACKGROUNDS = ['--mantine-color-body', '--pf-surface'];

describe.each(['light', 'dark'] as const)('the %s colour mode', (scheme) => {
  const token = tokensOf(scheme);

  it.each(TEXT_TOKENS.flatMap((text) => BACKGROUNDS.map((background) => [text, background])))(
    '%s on %s reaches 4.5:1 (WCAG 1.4.3)',
    (text, background) => {
      expect(contrastRatio(token(text), token(background))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(BACKGROUNDS)('the focus ring stands out 3:1 from %s (WCAG 1.4.11)', (background) => {
    expect(contrastRatio(token('--pf-focus-ring'), token(background))).toBeGreaterThanOrEqual(3);
  });

  it.each(['--mantine-primary-color-filled', '--mantine-color-red-filled'])(
    'white text on %s reaches 4.5:1',
    (filled) => {
      expect(contrastRatio(theme.white, token(filled))).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('avatar initials', () => {
  it.each(INITIALS_COLORS)('white initials on %s reach 4.5:1', (color) => {
    const [name, shade] = color.split('.');
    expect(contrastRatio(theme.white, theme.colors[name][Number(shade)])).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
