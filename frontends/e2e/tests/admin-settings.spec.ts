import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { E2E_ADMIN_EMAIL } from '../ports.mjs';
import { expectAccessible } from './support/accessibility';
import { type Grant, logInAsAdmin, logInThroughApi, PASSWORD } from './support/members';

/**
 * Site settings (issue 13): an admin renames the site and makes it invite-only on
 * /admin/settings, on a phone's width; the shell shows the new name at once and after moving
 * between pages, with no restart of anything; a visitor arriving afterwards sees the new name and
 * is refused a plain sign-up. The video and map-location screens pass axe too. Other journeys
 * share the stack, so the settings are put back at the end whatever happened.
 */

type Restorable = 'site_name' | 'registration_mode';

function asAdmin(grant: Grant) {
  return { authorization: `Bearer ${grant.access_token}`, 'x-csrf-token': grant.user.csrf_token };
}

async function settingValues(request: APIRequestContext, grant: Grant) {
  const response = await request.get('/api/iam/site-settings/get-site', {
    headers: asAdmin(grant),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const list = (await response.json()).data as Array<{ name: string; value: unknown }>;
  return Object.fromEntries(list.map((setting) => [setting.name, setting.value]));
}

async function putSetting(request: APIRequestContext, grant: Grant, name: string, value: unknown) {
  const response = await request.put('/api/iam/admin/update/site-setting', {
    headers: asAdmin(grant),
    data: { name, value, dataType: 'string' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function expectFitsPhone(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin renames the site and makes it invite-only; the shell follows without a restart', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The settings as they were, read and put back through a session of its own.
  const keeper = await browser.newContext();
  await logInAsAdmin(await keeper.newPage());
  const keeperGrant = await logInThroughApi(keeper.request, E2E_ADMIN_EMAIL);
  const before = await settingValues(keeper.request, keeperGrant);
  const original: Record<Restorable, unknown> = {
    site_name: before.site_name,
    registration_mode: before.registration_mode,
  };

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await context.newPage();
  const newName = `Fern Club ${randomUUID().slice(0, 4)}`;
  try {
    await logInAsAdmin(admin);
    await admin.goto('/admin');
    await admin
      .getByRole('navigation', { name: 'Admin screens' })
      .getByRole('link', { name: 'Site settings', exact: true })
      .click();
    await expect(admin).toHaveURL(/\/admin\/settings$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
    await expect(admin.getByRole('textbox', { name: 'Site name' })).toHaveValue(
      String(original.site_name),
    );
    await expectAccessible(admin, 'the site settings');
    await expectFitsPhone(admin);

    // The name: saved, and the header shows it at once (no reload).
    const header = admin.getByRole('banner');
    const name = admin.getByRole('textbox', { name: 'Site name' });
    await name.fill(newName);
    await admin.getByRole('button', { name: 'Save Site name' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Site name saved.' })).toBeVisible();
    await expect(header.getByRole('link', { name: `${newName} home` })).toBeVisible();
    await expect(admin).toHaveTitle(`Site settings · ${newName}`);

    // Registration: invite only.
    const registration = admin.getByTestId('setting-registration_mode');
    await registration.getByLabel('Registration', { exact: true }).click();
    await admin.getByRole('option', { name: 'Invite only' }).click();
    await registration.getByRole('button', { name: 'Save Registration' }).click();
    await expect(registration.getByRole('status')).toContainText('Registration saved.');

    // Moving on in the app (no reload): the new name stays in the header and the titles.
    await header.getByRole('link', { name: `${newName} home` }).click();
    await expect(admin).toHaveURL(/\/$/);
    await expect(admin).toHaveTitle(new RegExp(`${newName}$`));
    await expect(header.getByRole('link', { name: `${newName} home` })).toBeVisible();

    // The other settings screens: accessible in both modes, on the phone.
    await admin.goto('/admin/settings/video');
    await expect(admin.getByRole('heading', { level: 1, name: 'Video settings' })).toBeVisible();
    await expect(admin.getByRole('textbox', { name: 'Video hosts' })).toBeVisible();
    await expect(header.getByRole('link', { name: `${newName} home` })).toBeVisible();
    await expectAccessible(admin, 'the video settings');
    await expectFitsPhone(admin);
    await admin.goto('/settings/location');
    await expect(admin.getByRole('heading', { level: 1, name: 'Map location' })).toBeVisible();
    await expectAccessible(admin, 'the map location');
    await expectFitsPhone(admin);

    // A visitor arriving now: the new name from the first view, and no sign-up without an invite.
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/auth/signup');
    await expect(
      visitor.getByRole('banner').getByRole('link', { name: `${newName} home` }),
    ).toBeVisible();
    await visitor.getByLabel('E-mail').fill(`refused-${randomUUID().slice(0, 8)}@plantfolk.test`);
    await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await visitor.getByRole('textbox', { name: 'Repeat the password', exact: true }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await expect(visitor.getByRole('alert')).toContainText('New accounts need an invite');
    await visitorContext.close();
  } finally {
    // Put back what other journeys expect, even after a failure above.
    for (const setting of ['site_name', 'registration_mode'] as const)
      await putSetting(keeper.request, keeperGrant, setting, original[setting]);
    const restored = await settingValues(keeper.request, keeperGrant);
    expect({
      site_name: restored.site_name,
      registration_mode: restored.registration_mode,
    }).toEqual(original);
    await context.close();
    await keeper.close();
  }
});
