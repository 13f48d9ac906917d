import { expect, type Browser, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { E2E_ADMIN_EMAIL } from '../ports.mjs';
import { expectAccessible } from './support/accessibility';
import {
  type Grant,
  linkIn,
  logInAsAdmin,
  logInThroughApi,
  newestMailTo,
  PASSWORD,
  registeredMember,
} from './support/members';

/**
 * Invites (issue 13): an admin makes the site invite-only; a trusted member makes a site invite
 * on /invites and finds it in /invites/user; a visitor without an invite is refused at sign-up;
 * the visitor opens the invite link on a phone, signs up with it and verifies their address; the
 * used invite then shows the "no longer works" screen. The site is open again afterwards.
 */

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

function asAdmin(grant: Grant) {
  return { authorization: `Bearer ${grant.access_token}`, 'x-csrf-token': grant.user.csrf_token };
}

async function setRegistrationMode(page: Page, grant: Grant, value: 'open' | 'invite-only') {
  const response = await page.request.put('/api/iam/admin/update/site-setting', {
    headers: asAdmin(grant),
    data: { name: 'registration_mode', value, dataType: 'string' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat the password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('an invite link brings a new member onto an invite-only site', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminPage = await newPage(browser);
  await logInAsAdmin(adminPage);
  const admin = await logInThroughApi(adminPage.request, E2E_ADMIN_EMAIL);

  // A member, made trusted by the admin (trusted members may invite people to the site).
  const memberPage = await newPage(browser);
  const member = await registeredMember(memberPage);
  const trusted = await adminPage.request.put(`/api/iam/users/${member.uuid}`, {
    headers: asAdmin(admin),
    data: { trusted: true },
  });
  expect(trusted.ok(), await trusted.text()).toBe(true);

  await setRegistrationMode(adminPage, admin, 'invite-only');
  try {
    // The member makes a site invite and gets its link.
    await memberPage.goto('/invites');
    const form = memberPage.getByRole('form', { name: 'New invite' });
    await form.getByRole('radio', { name: 'To join Plantfolk' }).check();
    await form
      .getByRole('textbox', { name: /a note for whoever opens it/i })
      .fill('Come and swap cuttings with us');
    await form.getByRole('button', { name: 'Create invite' }).click();
    const created = memberPage.getByRole('status', { name: 'Your new invite' });
    await expect(created).toContainText('Your invite is ready');
    const link = (await created.getByText(/\/invites\/[0-9a-f-]{36}/).innerText()).trim();
    const invitePath = new URL(link).pathname;
    await expectAccessible(memberPage, 'a new invite with its link');

    await memberPage.goto('/invites/user');
    const list = memberPage.getByRole('feed', { name: 'Your invites' });
    await expect(list.getByText('Invite to join Plantfolk').first()).toBeVisible();
    await expect(list.getByText('Active').first()).toBeVisible();
    await expectAccessible(memberPage, 'the sent invites');

    // A visitor on a phone: refused without an invite …
    const visitor = await newPage(browser);
    await visitor.setViewportSize({ width: 390, height: 844 });
    const email = `invited-${randomUUID().slice(0, 8)}@plantfolk.test`;
    await visitor.goto('/auth/signup');
    await fillSignUp(visitor, email);
    await expect(visitor.getByRole('alert')).toContainText('New accounts need an invite');

    // … and let in with it.
    await visitor.goto(invitePath);
    await expect(
      visitor.getByRole('heading', { name: 'You’re invited to Plantfolk' }),
    ).toBeVisible();
    await expect(visitor.getByText('Come and swap cuttings with us')).toBeVisible();
    await expectAccessible(visitor, 'the invite on a phone');
    await visitor.getByRole('link', { name: 'Sign up with this invite' }).click();
    await expect(visitor).toHaveURL(/\/auth\/signup\?invite=/);
    await expect(visitor.getByText('You are signing up with an invite.')).toBeVisible();
    await fillSignUp(visitor, email);
    await expect(visitor.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await visitor.goto(
      linkIn(await newestMailTo(email, /Confirm your e-mail/), '/auth/verifyemail'),
    );
    await expect(visitor).toHaveURL(/\/auth\/register$/);

    // The invite is used: opening it again explains it no longer works.
    const latecomer = await newPage(browser);
    await latecomer.setViewportSize({ width: 390, height: 844 });
    await latecomer.goto(invitePath);
    await expect(
      latecomer.getByRole('heading', { name: 'This invite no longer works' }),
    ).toBeVisible();
    await expect(latecomer).toHaveURL(/\/invites\/expired$/);
    await expectAccessible(latecomer, 'an invite that no longer works, on a phone');
    const overflow = await latecomer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await setRegistrationMode(adminPage, admin, 'open');
  }
});
