import { expect, type APIRequestContext, type Browser, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expectAccessible } from './support/accessibility';
import { logInAsAdmin, registeredMember } from './support/members';

/**
 * Messages (issue 12): two members in two browsers write to each other and see the messages
 * arrive without reloading; the header's messages icon counts what is unread and clears once the
 * conversation is read. A member messages a page's owner from the page, and a plant's owner
 * from the plant ("Message about this plant").
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

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

/** Two registered members made trusted by the admin (messaging is for trusted members). */
async function trustedMembers(browser: Browser) {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  const grant = await currentSession(admin.request);

  const join = async (options: object) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const member = await registeredMember(page);
    const trusted = await admin.request.put(`/api/iam/users/${member.uuid}`, {
      headers: {
        authorization: `Bearer ${grant.access_token}`,
        'x-csrf-token': grant.user.csrf_token,
      },
      data: { trusted: true },
    });
    expect(trusted.ok(), await trusted.text()).toBe(true);
    return { context, page, member };
  };
  const ana = await join(phone);
  const ben = await join({});
  await adminContext.close();
  return { ana, ben };
}

/** The header's messages icon, with nothing unread or `count` unread. */
const messagesIcon = (page: Page, count = 0) =>
  page.getByRole('banner').getByRole('link', {
    name: count ? `Messages, ${count} unread` : 'Messages',
    exact: true,
  });

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('two members exchange messages that arrive without reloading; the icon counts and clears', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ana, ben } = await trustedMembers(browser);
  const hello = `Hello! Do you still have the staghorn fern? ${randomUUID().slice(0, 6)}`;
  const answer = `Yes, come by on Sunday: https://example.com/map ${randomUUID().slice(0, 6)}`;

  // Ben is on the home page, nothing unread.
  await ben.page.goto('/');
  await expect(messagesIcon(ben.page)).toBeVisible();

  // Ana, on a phone, opens Ben's profile and writes to him.
  await ana.page.goto(`/${ben.member.username}`);
  await ana.page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/messages/${ben.member.username}$`));
  const title = `Conversation with ${ben.member.username}`;
  await expect(ana.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(ana.page.getByText(/No messages yet/)).toBeVisible();
  const box = ana.page.getByRole('textbox', { name: `Message to ${ben.member.username}` });
  await box.fill(hello);
  await expectAccessible(ana.page, 'a new conversation on a phone');
  await fitsThePhone(ana.page);
  await ana.page.getByRole('button', { name: 'Send' }).click();
  const anaLog = ana.page.getByRole('log', { name: title });
  await expect(anaLog.getByText(hello)).toBeVisible();
  await expect(box).toHaveValue('');

  // Ben's icon counts it, without a reload.
  await expect(messagesIcon(ben.page, 1)).toBeVisible({ timeout: 25_000 });
  await messagesIcon(ben.page, 1).click();
  await expect(ben.page).toHaveURL(/\/messages$/);
  await expect(ben.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = ben.page
    .getByRole('feed', { name: 'Conversations' })
    .getByRole('article', { name: `${ana.member.username}, 1 unread` });
  await expect(row).toBeVisible();
  await expectAccessible(ben.page, 'the conversations list');

  // Opening the conversation reads it: the count clears.
  await row.getByRole('link').click();
  await expect(ben.page).toHaveURL(new RegExp(`/messages/${ana.member.username}$`));
  const benLog = ben.page.getByRole('log', { name: `Conversation with ${ana.member.username}` });
  await expect(benLog.getByText(hello)).toBeVisible();
  await expect(messagesIcon(ben.page)).toBeVisible({ timeout: 15_000 });

  // Ben answers; it reaches Ana without a reload, its link clickable.
  await ben.page.getByRole('textbox', { name: `Message to ${ana.member.username}` }).fill(answer);
  await ben.page.getByRole('button', { name: 'Send' }).click();
  await expect(benLog.getByText(answer)).toBeVisible();
  await expectAccessible(ben.page, 'a conversation');
  await expect(anaLog.getByText(/Yes, come by on Sunday/)).toBeVisible({ timeout: 25_000 });
  await expect(anaLog.getByRole('link', { name: 'https://example.com/map' })).toHaveAttribute(
    'target',
    '_blank',
  );
  // Ana is looking at the conversation: what arrives is read at once.
  await expect(messagesIcon(ana.page)).toBeVisible({ timeout: 15_000 });
  await expectAccessible(ana.page, 'a conversation on a phone');
  await fitsThePhone(ana.page);

  // The box is keyboard usable: Ctrl+Enter sends.
  await box.focus();
  await ana.page.keyboard.type('See you then');
  await ana.page.keyboard.press('Control+Enter');
  await expect(anaLog.getByText('See you then')).toBeVisible();
  await expect(benLog.getByText('See you then')).toBeVisible({ timeout: 25_000 });

  await Promise.all([ana.context.close(), ben.context.close()]);
});

test("a member messages a page's owner from the page, and a plant's owner about the plant", async ({
  browser,
}) => {
  test.setTimeout(200_000);
  const { ana, ben } = await trustedMembers(browser);
  const suffix = randomUUID().slice(0, 6);
  const handle = `swap_${suffix}`;
  const name = `Seed Swap ${suffix}`;

  // Ana has a page.
  await ana.page.goto('/');
  const grant = await currentSession(ana.page.request);
  const created = await ana.page.request.post('/api/iam/pages/new', {
    headers: {
      authorization: `Bearer ${grant.access_token}`,
      'x-csrf-token': grant.user.csrf_token,
    },
    data: { handle, name },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // Ben writes to the page from the page.
  await ben.page.goto(`/${handle}`);
  await expect(ben.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await ben.page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(ben.page).toHaveURL(new RegExp(`/messages/${ben.member.username}/to/${handle}$`));
  await ben.page.getByRole('textbox', { name: `Message to ${name}` }).fill('Is the swap on?');
  await ben.page.getByRole('button', { name: 'Send' }).click();
  await expect(
    ben.page.getByRole('log', { name: `Conversation with ${name}` }).getByText('Is the swap on?'),
  ).toBeVisible();

  // Ana finds it in her page's inbox and answers as the page.
  await ana.page.goto('/messages');
  const inboxes = ana.page.getByRole('region', { name: 'Your pages’ inboxes' });
  await expect(inboxes.getByRole('heading', { name })).toBeVisible();
  await inboxes
    .getByRole('article', { name: new RegExp(ben.member.username) })
    .getByRole('link')
    .click();
  await expect(ana.page).toHaveURL(new RegExp(`/messages/${ben.member.username}/to/${handle}$`));
  await expect(ana.page.getByText('Is the swap on?')).toBeVisible();
  await ana.page
    .getByRole('textbox', { name: `Answer ${ben.member.username} as ${name}` })
    .fill('Yes, Saturday at ten.');
  await ana.page.getByRole('button', { name: 'Send' }).click();
  await expect(ana.page.getByText('Yes, Saturday at ten.')).toBeVisible();
  await expectAccessible(ana.page, "a page's inbox conversation on a phone");
  await fitsThePhone(ana.page);
  await expect(ben.page.getByText('Yes, Saturday at ten.')).toBeVisible({ timeout: 25_000 });

  // Ana lists a plant; Ben messages her about it.
  await ana.page.goto('/profile/plants/create');
  const picture = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#4d7c0f' },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  await ana.page
    .locator('input[type=file]')
    .setInputFiles([{ name: 'pothos.jpg', mimeType: 'image/jpeg', buffer: picture }]);
  await expect(ana.page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await ana.page.getByLabel('Alt text for photo 1').fill('A pothos cutting in a jar');
  await ana.page.getByRole('button', { name: 'Next: details' }).click();
  await ana.page.getByLabel('Plant name', { exact: false }).fill(`Pothos ${suffix}`);
  await ana.page.getByRole('button', { name: 'Publish listing' }).click();
  await expect(ana.page).toHaveURL(/\/plant\/[^/]+$/);
  const plantPath = new URL(ana.page.url()).pathname;

  await ben.page.goto(plantPath);
  await ben.page.getByRole('link', { name: 'Message about this plant' }).click();
  await expect(ben.page).toHaveURL(new RegExp(`/messages/${ana.member.username}$`));
  const box = ben.page.getByRole('textbox', { name: `Message to ${ana.member.username}` });
  await expect(box).toHaveValue(new RegExp(`About your plant “Pothos ${suffix}”: .*${plantPath}`));
  await box.press('Control+End');
  await box.pressSequentially('Could I have a cutting?');
  await expectAccessible(ben.page, 'a message about a plant');
  await ben.page.getByRole('button', { name: 'Send' }).click();
  const sent = ben.page.getByRole('log').getByText(/Could I have a cutting\?/);
  await expect(sent).toBeVisible();
  await expect(
    ben.page.getByRole('log').getByRole('link', { name: new RegExp(plantPath) }),
  ).toBeVisible();

  // Ana's icon counts it.
  await ana.page.goto('/');
  await expect(messagesIcon(ana.page, 1)).toBeVisible({ timeout: 25_000 });

  await Promise.all([ana.context.close(), ben.context.close()]);
});
