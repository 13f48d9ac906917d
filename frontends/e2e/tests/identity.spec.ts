import { expect, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { linkIn, newestMailTo } from './support/members';
import { expectAccessible } from './support/accessibility';

function passwordField(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await passwordField(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('a new member signs up, verifies by e-mail, registers, logs out and in, and resets the password', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `fern-${randomUUID().slice(0, 8)}@plantfolk.test`;
  const username = `fern_${randomUUID().slice(0, 6)}`;
  const firstPassword = 'monstera-deliciosa-42';
  const secondPassword = 'philodendron-pink-7';

  // Sign up.
  await page.goto('/auth/signup');
  await page.getByLabel('E-mail').fill(email);
  await passwordField(page, 'Password').fill(firstPassword);
  await passwordField(page, 'Repeat the password').fill(firstPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, 'check your inbox');
  // Sign-up signs nobody in (its answer is the same for an address that has an account).
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

  // The verification e-mail arrives over SMTP; its link confirms the address and logs in.
  const verification = await newestMailTo(email, /Confirm your e-mail/);
  await page.goto(linkIn(verification, '/auth/verifyemail'));

  // Register: username and area, on a phone. The area is typed and picked from the list (or found
  // by "Use my location"); nobody types coordinates.
  await expect(page).toHaveURL(/\/auth\/register$/);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Username').fill(username);
  await expect(page.getByLabel('Latitude')).toHaveCount(0);
  const area = page.getByRole('combobox', { name: /^Suburb or town/ });

  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: -37.7885, longitude: 144.9787 });
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(area).toHaveValue(/^[^,]+, Victoria, Australia$/);
  await expect(page.getByText(/^Found your area: .+, Victoria, Australia\.$/)).toBeVisible();

  await area.fill('');
  await area.pressSequentially('fitzroy no', { delay: 30 });
  const option = page.getByRole('option', { name: 'Fitzroy North, Victoria, Australia' });
  await expect(option).toBeVisible();
  await option.click();
  await expect(area).toHaveValue('Fitzroy North, Victoria, Australia');
  await expectAccessible(page, 'registration on a phone, an area picked');
  // Nothing on the form is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const registered = page.waitForResponse('**/api/iam/authn/register');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const sent = (await registered).request().postDataJSON();
  expect(sent).toMatchObject({
    suburb_city: 'Fitzroy North',
    state: 'Victoria',
    country: 'Australia',
    latitude: expect.closeTo(-37.78, 1),
    longitude: expect.closeTo(144.98, 1),
  });
  await expect(page).toHaveURL(/\/welcome$/);
  if (desktop) await page.setViewportSize(desktop);
  await expect(
    page.getByRole('heading', { name: new RegExp(`Welcome to Plantfolk, ${username}`) }),
  ).toBeVisible();
  await expectAccessible(page, 'the welcome page');

  // The session survives a reload (refresh-token cookie), then log out.
  await page.reload();
  await expect(page.getByRole('button', { name: `Account menu (${username})` })).toBeVisible();
  await logOut(page);

  // Log in again.
  await page.goto('/auth/login');
  await logIn(page, email, firstPassword);
  await expect(page.getByRole('button', { name: `Account menu (${username})` })).toBeVisible();
  await logOut(page);

  // Reset the password through the e-mailed link.
  await page.goto('/auth/reset');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const reset = await newestMailTo(email, /Reset your Plantfolk password/);
  await page.goto(linkIn(reset, '/auth/reset'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, 'choosing a new password');
  await passwordField(page, 'New password').fill(secondPassword);
  await passwordField(page, 'Repeat the new password').fill(secondPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The old password no longer works; the new one does.
  await logIn(page, email, firstPassword);
  await expect(
    page.getByRole('alert').filter({ hasText: 'do not match an account' }),
  ).toBeVisible();
  await expectAccessible(page, 'a refused login');
  await passwordField(page, 'Password').fill(secondPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: `Account menu (${username})` })).toBeVisible();
});

test('a guest who opens a members-only page is sent to log in and brought back', async ({
  page,
}) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsettings/);
  await expect(page.getByRole('heading', { name: 'Log in to Plantfolk' })).toBeVisible();
});
