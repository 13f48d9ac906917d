import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { logInAsAdmin } from './support/members';

/**
 * The admin's database screen (issue 13): an admin runs a location cleanup, confirms it, and
 * watches its progress to completion; the run is then among the recent runs. On a phone's width.
 */
test('an admin runs a cleanup job on /admin/database and watches it to completion', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await context.newPage();
  await logInAsAdmin(admin);

  // From the admin navigation.
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Admin screens' })
    .getByRole('link', { name: 'Database', exact: true })
    .click();
  await expect(admin).toHaveURL(/\/admin\/database$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Database' })).toBeVisible();
  await expectAccessible(admin, 'the database screen');

  // Nothing starts before the confirm step.
  await admin.getByRole('button', { name: 'Run: merge duplicate places' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Merge duplicate places?' });
  await expect(dialog.getByText(/No event loses its place/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Start the cleanup' }).click();
  await expect(dialog).toBeHidden();

  // The progress bar and the live status follow the job until it is done.
  const bar = admin.getByRole('progressbar', { name: 'Merge duplicate places: progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  const status = admin.getByTestId('cleanup-status-merge-duplicate-locations');
  await expect(status).toHaveText(/^Done · (Done: \d+ places? removed|Nothing to clean up)/);
  await expect(
    admin.getByTestId('cleanup-run').filter({ hasText: 'Merge duplicate places' }).first(),
  ).toContainText('Done');
  await expectAccessible(admin, 'a finished cleanup');

  // It fits the phone: nothing scrolls sideways.
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
