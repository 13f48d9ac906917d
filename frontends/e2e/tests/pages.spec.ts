import { expect, type APIRequestContext, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/accessibility';
import { logInAsAdmin, registeredMember } from './support/members';

/**
 * Pages (issue 11): a trusted member creates a page for their group (handle, name, about, place)
 * and lands on it at /{handle}; a guest finds it in the list of pages and sees it too.
 */

interface Grant {
  access_token: string;
  user: { uuid: string; csrf_token: string; roles: string[] };
}

/** The session as it is now, renewed from the browser's refresh-token cookie. */
async function currentSession(request: APIRequestContext): Promise<Grant> {
  const renewed = await request.post('/api/iam/authn/refresh', {
    data: { grant_type: 'refresh_token' },
  });
  expect(renewed.ok(), await renewed.text()).toBe(true);
  return (await renewed.json()).data as Grant;
}

test('a trusted member creates a page; a guest finds it and sees it', async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = randomUUID().slice(0, 6);
  const handle = `ferns_${suffix}`;
  const name = `Fern Friends ${suffix}`;

  // A member registers; an admin makes them trusted (only trusted members create pages).
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await memberContext.newPage();
  const member = await registeredMember(page);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  const grant = await currentSession(admin.request);
  const trusted = await admin.request.put(`/api/iam/users/${member.uuid}`, {
    headers: {
      authorization: `Bearer ${grant.access_token}`,
      'x-csrf-token': grant.user.csrf_token,
    },
    data: { trusted: true },
  });
  expect(trusted.ok(), await trusted.text()).toBe(true);

  // The member opens Pages (on a phone) and creates one.
  await page.goto('/pages');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await page.getByRole('link', { name: 'Create a page' }).click();
  await expect(page).toHaveURL(/\/pages\/new$/);
  await page.getByRole('textbox', { name: /^Handle/ }).fill(handle);
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^About/ }).focus();
  await expect(page.getByText(`@${handle} is free`)).toBeVisible();
  await page
    .getByRole('textbox', { name: /^About/ })
    .fill('We swap ferns on the first Sunday of the month.');
  const place = page.getByRole('combobox', { name: /^Where the group meets/ });
  await place.pressSequentially('fitzroy no', { delay: 30 });
  const option = page.getByRole('option', { name: 'Fitzroy North, Victoria, Australia' });
  await expect(option).toBeVisible();
  await option.click();
  await expect(place).toHaveValue('Fitzroy North, Victoria, Australia');
  await expectAccessible(page, 'the new page form on a phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Create page' }).click();

  // The page is at /{handle}, with an empty upcoming-events section.
  await expect(page).toHaveURL(new RegExp(`/${handle}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('No upcoming events yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit page' })).toBeVisible();
  await expectAccessible(page, 'a new page, seen by its owner');

  // The owner edits it: the about text and a setting.
  await page.getByRole('link', { name: 'Edit page' }).click();
  await expect(page).toHaveURL(new RegExp(`/${handle}/edit$`));
  await page
    .getByRole('textbox', { name: /^About/ })
    .fill('We swap ferns and spores on the first Sunday of the month.');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expectAccessible(page, 'editing a page on a phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A guest finds it in the list and opens it; they may not edit it.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/pages');
  await guest.getByRole('link', { name }).click();
  await expect(guest).toHaveURL(new RegExp(`/${handle}$`));
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(guest.getByText('Fitzroy North, Victoria')).toBeVisible();
  await expect(guest.getByText('We swap ferns and spores on the first Sunday')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Edit page' })).toHaveCount(0);
  await expectAccessible(guest, 'a page, seen by a guest');
  // Editing is not theirs: the screen says so.
  await guest.goto(`/${handle}/edit`);
  await expect(guest).toHaveURL(/\/auth\/login/);

  await Promise.all([memberContext.close(), adminContext.close(), guestContext.close()]);
});
