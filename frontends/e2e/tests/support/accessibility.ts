import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** The WCAG 2.2 A and AA rules, plus axe's best practices (one `h1`, unique landmarks, ...). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Rules axe keeps among its experimental ones that the journeys still hold the app to: an
 * accessible name contains the visible label (WCAG 2.5.3, "12 likes" read as "Like post" fails).
 */
const EXTRA_RULES = ['label-content-name-mismatch'];

export type ColourScheme = 'light' | 'dark';

/** Where the UI kit remembers the colour mode (libs/ui theme.ts, COLOR_MODE_STORAGE_KEY). */
const COLOR_MODE_KEY = 'color-mode';

/**
 * Switches the app's colour mode in place, as the colour-mode toggle does: the choice goes to
 * localStorage and Mantine hears it through the same `storage` event another tab would send, so
 * whatever is open (a dialog, a half-written form) stays open.
 */
export async function switchColourScheme(page: Page, scheme: ColourScheme | 'auto') {
  await page.evaluate(
    ({ key, value }) => {
      const oldValue = localStorage.getItem(key);
      localStorage.setItem(key, value);
      window.dispatchEvent(
        new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }),
      );
    },
    { key: COLOR_MODE_KEY, value: scheme },
  );
  if (scheme !== 'auto') {
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  }
  // Colours may fade between modes: measure them once every transition has ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per failing node: where it is, what it is, and axe's first reason. */
function describeViolations(violations: Violation[]) {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 25).map((node) => {
        const reason = [...node.any, ...node.all, ...node.none][0]?.message ?? '';
        const html = node.html.replace(/\s+/g, ' ').slice(0, 140);
        return `    ${node.target.join(' ')}\n      ${html}\n      ${reason}`;
      });
      if (violation.nodes.length > 25) nodes.push(`    …and ${violation.nodes.length - 25} more`);
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** Runs axe over the page as it is now and fails on any violation. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: AXE_TAGS },
      rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  expect
    .soft(
      results.violations.map((violation) => violation.id),
      `axe found violations on ${label} (${new URL(page.url()).pathname}):\n${describeViolations(results.violations)}`,
    )
    .toEqual([]);
}

/**
 * The accessibility check a journey runs after its key steps: axe over the page as it is, in
 * light and then in dark mode; the colour mode the page had is put back afterwards.
 */
export async function expectAccessible(page: Page, label: string) {
  await test.step(`axe: ${label}, light and dark`, async () => {
    const before = await page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_KEY);
    for (const scheme of ['light', 'dark'] as const) {
      await switchColourScheme(page, scheme);
      await expectNoAxeViolations(page, `${label} in ${scheme} mode`);
    }
    await switchColourScheme(page, before === 'light' || before === 'dark' ? before : 'auto');
  });
}
