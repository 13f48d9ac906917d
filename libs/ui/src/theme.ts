import {
  createTheme,
  rem,
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

/**
 * Tailwind's red scale (50 → 900): white text on shade 7 (a filled red button) stays above 4.5:1,
 * which Mantine's brighter default red does not.
 */
const red: MantineColorsTuple = [
  '#fef2f2',
  '#fee2e2',
  '#fecaca',
  '#fca5a5',
  '#f87171',
  '#ef4444',
  '#dc2626',
  '#b91c1c',
  '#991b1b',
  '#7f1d1d',
];

export const plantfolkTheme = createTheme({
  primaryColor: 'green',
  // Shade 7 keeps white button text above the 4.5:1 contrast ratio.
  primaryShade: { light: 7, dark: 7 },
  colors: { green, red, gray: coolGray, dark: coolDark },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // Mantine's close button of a dialog is an icon with no name; a screen reader would announce
    // just "button". A dialog that says more (e.g. "Close photo") passes its own. The dialog's
    // <header> (title and close button) would be a second banner landmark beside the page's.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        attributes: { header: { role: 'none' } },
      },
    },
    Drawer: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        attributes: { header: { role: 'none' } },
      },
    },
    // A link in running text must be told apart by more than its colour (WCAG 1.4.1); links that
    // stand alone (a name in a card's heading, "3 comments") say `underline="hover"` or "never".
    Anchor: { defaultProps: { underline: 'always' } },
    // The placeholder Mantine puts first in a menu to hold focus is a focusable
    // role="presentation" element, which a menu may not contain (ARIA); without it, opening a
    // menu focuses its first item, as the ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Nothing to press is under 24px tall (WCAG 2.2 target size): Mantine's compact-xs is 22px.
    Button: {
      vars: (_theme: unknown, props: { size?: unknown }) => ({
        root: props.size === 'compact-xs' ? { '--button-height': rem(24) } : {},
      }),
    },
  },
});

/**
 * Pages sit on a faint grey so white cards stand out; dark mode uses the darkest cool grey.
 * Text tokens are picked for contrast on both the page and a card in each mode (theme.test.ts
 * holds every one of them to WCAG AA): Mantine's dark-mode dimmed grey (3:1) and error red, and
 * its fixed success teal, fall short there. `--pf-focus-ring` draws every focus indicator, at
 * least 3:1 against the page and a card.
 */
export const plantfolkCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-body': theme.colors.gray[0],
    '--pf-surface': theme.white,
    '--mantine-color-error': theme.colors.red[7],
    '--mantine-color-success': theme.colors.green[8],
    '--pf-focus-ring': theme.colors.green[7],
  },
  dark: {
    '--mantine-color-body': theme.colors.dark[7],
    '--pf-surface': theme.colors.dark[6],
    '--mantine-color-dimmed': theme.colors.dark[1],
    '--mantine-color-placeholder': theme.colors.dark[1],
    '--mantine-color-error': theme.colors.red[4],
    '--mantine-color-success': theme.colors.green[4],
    '--pf-focus-ring': theme.colors.green[4],
  },
});

/** Where the colour mode (light, dark or auto) is remembered. */
export const COLOR_MODE_STORAGE_KEY = 'color-mode';

export const colorModeManager = localStorageColorSchemeManager({ key: COLOR_MODE_STORAGE_KEY });
