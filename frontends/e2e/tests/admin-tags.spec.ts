import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from '../ports.mjs';
import { expectAccessible } from './support/accessibility';
import { logInAsAdmin, logInThroughApi } from './support/members';

/**
 * The admin's tag catalogue (issue 13): on a phone-sized screen the admin renames a tag and then
 * merges a near-duplicate into it; the merged tag is gone and the other answers under its name.
 */
test('an admin renames a tag and merges a duplicate into it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await context.newPage();
  await logInAsAdmin(admin);
  const grant = await logInThroughApi(admin.request, E2E_ADMIN_EMAIL);
  const stem = `e2e${randomUUID().slice(0, 6)}`;
  for (const tagName of [`${stem}-fern`, `${stem}-ferns`]) {
    const made = await admin.request.post('/api/iam/tags/new', {
      headers: {
        authorization: `Bearer ${grant.access_token}`,
        'x-csrf-token': grant.user.csrf_token,
      },
      data: { tagName, isParent: false },
    });
    expect(made.ok(), await made.text()).toBe(true);
  }

  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Admin screens' })
    .getByRole('link', { name: 'Tags' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await admin.getByLabel('Names starting with').fill(stem);
  await expect(admin.getByTestId(`tag-row-${stem}-ferns`)).toBeVisible();

  // Rename.
  await admin.getByRole('button', { name: `Edit ${stem}-ferns`, exact: true }).click();
  const edit = admin.getByRole('dialog', { name: `Edit “${stem}-ferns”` });
  await edit.getByRole('textbox', { name: /Name/ }).fill(`${stem} Fernery`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(admin.getByTestId(`tag-row-${stem}-fernery`)).toBeVisible();
  await expect(admin.getByTestId(`tag-row-${stem}-ferns`)).toHaveCount(0);

  // Merge, after the confirmation says what happens.
  await admin.getByRole('button', { name: `Merge ${stem}-fern`, exact: true }).click();
  const merge = admin.getByRole('dialog', { name: `Merge “${stem}-fern” into another tag` });
  await merge.getByPlaceholder('Pick the tag that stays').fill(`${stem}-fernery`);
  await admin.getByRole('option', { name: `${stem}-fernery`, exact: true }).click();
  await expect(merge.getByRole('status')).toContainText(`${stem}-fern is deleted`);
  await expectAccessible(admin, 'the merge dialog of /admin/tags');
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();
  await expect(admin.getByTestId(`tag-row-${stem}-fern`)).toHaveCount(0);
  await expect(admin.getByTestId(`tag-row-${stem}-fernery`)).toBeVisible();

  const gone = await admin.request.get(`/api/iam/tags/get-single/name/${stem}-fern`);
  expect(gone.status()).toBe(404);
  // Nothing of the screen spills over the phone's width.
  const width = await admin.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible(admin, '/admin/tags');

  // The overview lists the merge among the latest admin actions.
  await admin
    .getByRole('navigation', { name: 'Admin screens' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await expect(admin.getByTestId('admin-overview')).toContainText('tag.merge');
  await context.close();
});
