import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { logInAsAdmin, registeredMember } from './support/members';

/**
 * The admin's member lists (issue 11): a new site makes its first trusted organisers without
 * calling the API by hand. The admin finds a member by search and makes them trusted; the member
 * is then trusted (pages, events, messaging).
 */

interface Grant {
  access_token: string;
  user: { uuid: string; roles: string[] };
}

/** Renews the member's session from the browser's refresh-token cookie: their profile as it is now. */
async function currentSession(request: APIRequestContext): Promise<Grant> {
  const renewed = await request.post('/api/iam/authn/refresh', {
    data: { grant_type: 'refresh_token' },
  });
  expect(renewed.ok(), await renewed.text()).toBe(true);
  return (await renewed.json()).data as Grant;
}

async function mayCreatePages(request: APIRequestContext, grant: Grant): Promise<boolean> {
  const answer = await request.get(`/api/iam/users/${grant.user.uuid}/permission/create-page`, {
    headers: { authorization: `Bearer ${grant.access_token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data.permitted as boolean;
}

function memberCard(page: Page, name: string) {
  return page
    .getByTestId('admin-member')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('the admin finds a member by search and makes them trusted; the member is then trusted', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // A member registers; they are not trusted yet.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await registeredMember(memberPage);
  const before = await currentSession(memberPage.request);
  expect(before.user.roles).not.toContain('trusted');
  expect(await mayCreatePages(memberPage.request, before)).toBe(false);

  // The admin opens the registered members from the admin overview.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Registered members' }).click();
  await expect(admin).toHaveURL(/\/admin\/users\/registered$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Registered members' })).toBeVisible();
  await expect(admin.getByTestId('admin-member').first()).toBeVisible();
  await expectAccessible(admin, 'the registered members');

  // Searching finds exactly the member.
  await admin
    .getByRole('searchbox', { name: 'Search members' })
    .fill(member.username.toUpperCase());
  await expect(admin.getByTestId('admin-member')).toHaveCount(1);
  const card = memberCard(admin, member.username);
  await expect(card.getByText(member.email)).toBeVisible();

  // Trust is granted; the card and the status line say so.
  await card.getByRole('button', { name: 'Make trusted' }).click();
  await expect(card.getByText('Trusted', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw trust' })).toBeVisible();
  await expect(admin.getByText(`${member.username} is now trusted.`)).toBeVisible();
  await expectAccessible(admin, 'a member just made trusted');

  // The deletion asks for the username; the admin keeps the member.
  await card.getByRole('button', { name: 'Delete…' }).click();
  const dialog = admin.getByRole('dialog', { name: `Delete ${member.username}?` });
  await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await expectAccessible(admin, 'the deletion dialog');
  await dialog.getByRole('button', { name: 'Keep them' }).click();
  await expect(dialog).toHaveCount(0);

  // Still trusted after a reload (the API kept it, the list shows it).
  await admin.reload();
  await admin.getByRole('searchbox', { name: 'Search members' }).fill(member.username);
  await expect(admin.getByTestId('admin-member')).toHaveCount(1);
  await expect(
    memberCard(admin, member.username).getByText('Trusted', { exact: true }),
  ).toBeVisible();

  // The other list, keyboard first: the tab link is reachable and opens it.
  await admin.getByRole('link', { name: 'Incomplete', exact: true }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL(/\/admin\/users\/incomplete$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Incomplete profiles' })).toBeVisible();
  await expect(
    admin.getByTestId('admin-member').or(admin.getByTestId('members-empty')).first(),
  ).toBeVisible();
  await expectAccessible(admin, 'the incomplete profiles');

  // On a 390 px phone the list is cards that fit the screen.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto('/admin/users/registered');
  await expect(admin.getByTestId('admin-member').first()).toBeVisible();
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(admin, 'the registered members on a phone');

  // The member is trusted now: their session says so, and trusted-only things open to them.
  const after = await currentSession(memberPage.request);
  expect(after.user.roles).toContain('trusted');
  expect(await mayCreatePages(memberPage.request, after)).toBe(true);
  await memberPage.goto('/');
  await expect(memberPage.getByRole('link', { name: 'Messages' }).first()).toBeVisible();

  await memberContext.close();
  await adminContext.close();
});
