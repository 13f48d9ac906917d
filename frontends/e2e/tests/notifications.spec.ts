import { expect, type Browser, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/accessibility';
import { registeredMember } from './support/members';

/**
 * Notifications (issue 12): the header's bell counts what others did to a member's things, opens
 * the grouped list linking to them, and clears on "Mark all seen".
 */

async function newMemberPage(browser: Browser, options: { phone?: boolean } = {}) {
  const context = await browser.newContext(
    options.phone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : {},
  );
  const page = await context.newPage();
  const member = await registeredMember(page);
  return { page, member };
}

test('a like raises the author’s bell count, which clears on "Mark all seen"', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const text = `First tomato of the season ${randomUUID().slice(0, 6)}`;

  // A, on a phone, posts; the bell says nothing is unread.
  const { page: author, member: poster } = await newMemberPage(browser, { phone: true });
  await author.goto('/');
  const composer = author.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox', { name: 'What would you like to share?' }).fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByRole('status')).toHaveText('Your post is shared.');
  await expect(author.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // B likes it.
  const { page: fan, member: liker } = await newMemberPage(browser);
  await fan.goto(`/${poster.username}`);
  const post = fan.getByRole('article').filter({ hasText: text }).first();
  await post.getByRole('button', { name: `Like post by ${poster.username}` }).click();
  await expect(post.getByRole('button', { name: /^1 like: see who liked/ })).toHaveText('1');

  // A's count rises (a reload forces the recheck; the job may take a moment).
  const bell = author.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(async () => {
    await author.reload();
    await expect(bell).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  // The panel is a full-screen sheet on the phone, listing the like, linking to the post.
  await bell.click();
  const panel = author.getByRole('dialog', { name: 'Notifications' });
  const liked = panel.getByRole('link', {
    name: new RegExp(`${liker.username} liked your post`),
  });
  await expect(liked).toHaveAttribute('href', /^\/post\/[A-Za-z0-9]{10}$/);
  const box = await panel.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  expect(box?.width).toBeGreaterThan(380);
  await expectAccessible(author, 'the notifications panel on a phone');

  await panel.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(panel.getByText('All caught up')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(author.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Still cleared after a reload; the item leads to the post.
  await author.reload();
  await expect(author.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await author.getByRole('button', { name: 'Notifications', exact: true }).click();
  await author
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`${liker.username} liked your post`) })
    .click();
  await expect(author).toHaveURL(/\/post\/[A-Za-z0-9]{10}$/);
  await expect(author.getByText(text)).toBeVisible();
});
