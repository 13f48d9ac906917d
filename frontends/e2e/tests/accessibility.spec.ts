import { expect, type Browser, type Locator, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expectAccessible, switchColourScheme } from './support/accessibility';
import { logInAsAdmin, PASSWORD, registeredMember } from './support/members';

/**
 * Every screen of the route tables (shell, social, events, admin), scanned by axe in light and
 * dark mode: as a guest, as a member with content of their own (at desktop and phone widths),
 * as a new account that has not registered yet, and as the admin.
 */

async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Opens a path and waits until its page has loaded what it shows. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.pf-progress')).toHaveCount(0);
  await expect(page.locator('main').getByRole('status', { name: /loading/i })).toHaveCount(0);
}

/** The outline a focused element shows, and the colour of the theme's focus ring, both as rgb(). */
async function focusOutline(target: Locator) {
  await target.focus();
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    const probe = document.createElement('span');
    probe.style.color = 'var(--pf-focus-ring)';
    element.parentElement!.append(probe);
    const ring = getComputedStyle(probe).color;
    probe.remove();
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: style.outlineColor,
      ring,
    };
  });
}

async function scan(page: Page, path: string, label = path) {
  await visit(page, path);
  await expectAccessible(page, label);
}

interface Content {
  username: string;
  tag: string;
  postPath: string;
  plantPath: string;
  plantId: string;
}

/** A member who posts (a photo, a tag, a comment and a reply) and lists a plant, in the UI. */
async function memberWithContent(page: Page): Promise<Content> {
  const member = await registeredMember(page, undefined, {
    beforeRegistering: () => scan(page, '/auth/register', 'registration'),
  });
  const tag = `fern${randomUUID().slice(0, 6)}`;
  await visit(page, '/');
  const composer = page.getByRole('form', { name: 'New post' });
  await composer.locator('input[type=file]').setInputFiles([await photo('frond.jpg', '#2f6f3e')]);
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await composer.getByLabel('Alt text for photo 1').fill('A fern frond unfurling');
  await composer
    .getByRole('textbox', { name: 'What would you like to share?' })
    .fill(`The maidenhair fern is back from the brink #${tag}`);
  const tagInput = composer.getByPlaceholder('e.g. ferns');
  await tagInput.fill(tag);
  await tagInput.press('Enter');
  await expectAccessible(page, 'the composer with a photo and a tag');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByRole('status')).toHaveText('Your post is shared.');

  const post = page.getByRole('article').filter({ hasText: 'maidenhair' }).first();
  await post.getByRole('link', { name: /0 comments/ }).click();
  await expect(page).toHaveURL(/\/post\/[A-Za-z0-9]{10}#comments$/);
  const postPath = new URL(page.url()).pathname;
  await page.getByRole('textbox', { name: 'Write a comment' }).fill('It loves the bathroom.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await page.getByRole('button', { name: `Reply to ${member.username}` }).click();
  await page
    .getByRole('textbox', { name: `Reply to ${member.username}` })
    .fill('And rain water, not tap.');
  await expectAccessible(page, 'a reply being written');
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByText('And rain water, not tap.')).toBeVisible();

  await visit(page, '/profile/plants/create');
  await page.locator('input[type=file]').setInputFiles([await photo('pothos.jpg', '#4d7c0f')]);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await page.getByLabel('Alt text for photo 1').fill('A pothos cutting in a jar');
  await expectAccessible(page, 'listing a plant: photos added');
  await page.getByRole('button', { name: 'Next: details' }).click();
  await expect(page).toHaveURL(/\/profile\/plants\/create2$/);
  await page.getByLabel('Plant name', { exact: false }).fill('Pothos cutting');
  await expectAccessible(page, 'listing a plant: details');
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await expect(page).toHaveURL(/\/plant\/[^/]+$/);
  const plantPath = new URL(page.url()).pathname;
  return {
    username: member.username,
    tag,
    postPath,
    plantPath,
    plantId: plantPath.split('/').pop()!,
  };
}

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  return (await browser.newContext(options)).newPage();
}

let author: Page;
let content: Content;

test.describe('every screen passes axe in light and dark mode', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    author = await newPage(browser);
    content = await memberWithContent(author);
  });

  test.afterAll(async () => {
    await author?.context().close();
  });

  test('as a guest', async ({ browser }) => {
    test.setTimeout(240_000);
    const guest = await newPage(browser);
    for (const path of [
      '/',
      '/about',
      '/join',
      '/docs/terms-of-use',
      '/docs/privacy-policy',
      '/events',
      `/tag/${content.tag}`,
      content.postPath,
      content.plantPath,
      `/${content.username}`,
      '/users',
      '/auth/login',
      '/auth/signup',
      '/auth/verify',
      '/auth/verifyemail',
      '/auth/verifysuccessful',
      '/auth/verifyfailed',
      '/auth/reset',
      '/auth/suspended',
      '/post/abcdefghij',
      '/no/such/page',
    ]) {
      await scan(guest, path);
    }
    await guest.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', content.postPath, '/auth/signup']) {
      await scan(guest, path, `${path} on a phone`);
    }
    await guest.getByRole('button', { name: 'Open navigation' }).click();
    await expect(guest.getByRole('dialog')).toBeVisible();
    await expectAccessible(guest, 'the navigation drawer on a phone');
    await guest.context().close();
  });

  test('as a member, at desktop width', async () => {
    test.setTimeout(240_000);
    for (const path of [
      '/',
      '/welcome',
      '/about',
      '/events',
      `/tag/${content.tag}`,
      content.postPath,
      content.plantPath,
      `/${content.username}`,
      '/profile',
      '/profile/plants',
      '/profile/plants/create',
      `/profile/plants/edit/${content.plantId}`,
      '/user/interests',
      '/user/my-interests',
      '/users',
      '/users/nearby',
      '/settings',
      '/auth/sms',
      '/docs/terms-of-use',
      '/no/such/page',
    ]) {
      await scan(author, path);
    }
    // A focused text field shows a ring (2px or more, the theme's ring colour), in both modes.
    await visit(author, content.postPath);
    for (const scheme of ['light', 'dark'] as const) {
      await switchColourScheme(author, scheme);
      const outline = await focusOutline(author.getByRole('textbox', { name: 'Write a comment' }));
      expect(outline.style, `${scheme} mode`).toBe('solid');
      expect(outline.width, `${scheme} mode`).toBeGreaterThanOrEqual(2);
      expect(outline.color, `${scheme} mode`).toBe(outline.ring);
    }
    await switchColourScheme(author, 'auto');

    // Menus and dialogs open over a page.
    await author.getByRole('button', { name: 'Post options' }).click();
    await expectAccessible(author, 'the post menu');
    await author.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(author.getByRole('dialog')).toBeVisible();
    await expectAccessible(author, 'the edit-post dialog');
    await author.keyboard.press('Escape');
    await author.getByRole('button', { name: /^Account menu/ }).click();
    await expectAccessible(author, 'the account menu');
    await author.keyboard.press('Escape');
    await author
      .getByRole('button', { name: /open photo|view photo|photo 1/i })
      .first()
      .click();
    await expect(author.getByRole('dialog')).toBeVisible();
    await expectAccessible(author, 'the photo viewer');
  });

  test('as a member, at phone width', async () => {
    test.setTimeout(240_000);
    await author.setViewportSize({ width: 390, height: 844 });
    // Tags, Reply and Delete are at least 24px each way (WCAG 2.2 target size, 2.5.8).
    await visit(author, content.postPath);
    for (const target of [
      author.getByRole('list', { name: 'Tags' }).getByRole('link').first(),
      author.getByRole('button', { name: `Reply to ${content.username}` }).first(),
      author.getByRole('button', { name: `Delete comment by ${content.username}` }).first(),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(24);
      expect(box.width, await target.innerText()).toBeGreaterThanOrEqual(24);
    }
    for (const path of [
      '/',
      content.postPath,
      content.plantPath,
      `/tag/${content.tag}`,
      `/${content.username}`,
      '/profile/plants',
      '/user/interests',
      '/users',
      '/users/nearby',
      '/settings',
      '/events',
    ]) {
      await scan(author, path);
    }
  });

  test('a sign-up form being filled in, and the admin', async ({ browser }) => {
    test.setTimeout(120_000);
    // Not sent: each journey's sign-up counts against the stack's hourly limit per address.
    const newcomer = await newPage(browser);
    await visit(newcomer, '/auth/signup');
    await newcomer.getByLabel('E-mail').fill('not-sent@plantfolk.test');
    await newcomer.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await newcomer.getByRole('textbox', { name: 'Repeat the password', exact: true }).fill('typo');
    await newcomer.getByRole('button', { name: 'Create account' }).click();
    await expectAccessible(newcomer, 'the sign-up form with a mistake');
    await newcomer.context().close();

    const admin = await newPage(browser);
    await logInAsAdmin(admin);
    for (const path of ['/admin', '/admin/tags', '/admin/audit']) await scan(admin, path);
    await admin.context().close();
  });
});
