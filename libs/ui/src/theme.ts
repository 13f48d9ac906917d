import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** Tailwind's green scale (50 → 900): the primary colour. */
const green: MantineColorsTuple = [
  '#f0fdf4',
  '#dcfce7',
  '#bbf7d0',
  '#86efac',
  '#4ade80',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#166534',
  '#14532d',
];

/** Tailwind's cool grey scale (50 → 900) for greys in light mode. */
const coolGray: MantineColorsTuple = [
  '#f9fafb',
  '#f3f4f6',
  '#e5e7eb',
  '#d1d5db',
  '#9ca3af',
  '#6b7280',
  '#4b5563',
  '#374151',
  '#1f2937',
  '#111827',
];

/**
 * Mantine's `dark` palette runs from text (0) to the darkest surface (9); built from the same cool
 * greys so both colour modes share one family.
 */
const coolDark: MantineColorsTuple = [
  '#d1d5db',
  '#9ca3af',
  '#6b7280',
  '#4b5563',
  '#374151',
  '#2b3544',
  '#1f2937',
  '#111827',
  '#0b1120',
  '#030712',
];

export const plantfolkTheme = createTheme({
  primaryColor: 'green',
  // Shade 7 keeps white button text above the 4.5:1 contrast ratio.
  primaryShade: { light: 7, dark: 7 },
  colors: { green, gray: coolGray, dark: coolDark },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/** Pages sit on a faint grey so white cards stand out; dark mode uses the darkest cool grey. */
export const plantfolkCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-body': theme.colors.gray[0], '--pf-surface': theme.white },
  dark: { '--mantine-color-body': theme.colors.dark[7], '--pf-surface': theme.colors.dark[6] },
});

/** Where the colour mode (light, dark or auto) is remembered. */
export const COLOR_MODE_STORAGE_KEY = 'color-mode';

export const colorModeManager = localStorageColorSchemeManager({ key: COLOR_MODE_STORAGE_KEY });
