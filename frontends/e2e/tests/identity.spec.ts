import { expect, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { linkIn, newestMailTo } from './support/members';

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
  // Sign-up signs nobody in (its answer is the same for an address that has an account).
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

  // The verification e-mail arrives over SMTP; its link confirms the address and logs in.
  const verification = await newestMailTo(email, /Confirm your e-mail/);
  await page.goto(linkIn(verification, '/auth/verifyemail'));

  // Register: username and location.
  await expect(page).toHaveURL(/\/auth\/register$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Suburb or city').fill('Fitzroy North');
  await page.getByLabel('State or region').fill('Victoria');
  await page.getByLabel('Country').fill('Australia');
  await page.getByLabel('Latitude').fill('-37.78');
  await page.getByLabel('Longitude').fill('144.98');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(
    page.getByRole('heading', { name: new RegExp(`Welcome to Plantfolk, ${username}`) }),
  ).toBeVisible();

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
  await passwordField(page, 'New password').fill(secondPassword);
  await passwordField(page, 'Repeat the new password').fill(secondPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The old password no longer works; the new one does.
  await logIn(page, email, firstPassword);
  await expect(
    page.getByRole('alert').filter({ hasText: 'do not match an account' }),
  ).toBeVisible();
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
