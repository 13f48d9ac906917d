import { expect, type Browser, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/accessibility';
import { registeredMember } from './support/members';

/**
 * The social basics (issue 10): who liked a post, sharing its link, "Edited" on a changed post,
 * and a display name with a bio on the profile.
 */

async function newMemberPage(browser: Browser, options: { phone?: boolean } = {}) {
  const context = await browser.newContext(
    options.phone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : {},
  );
  // Copying the link needs the clipboard; no share sheet in this Chromium, so it copies.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const member = await registeredMember(page);
  return { page, member };
}

function postWith(page: Page, text: string) {
  return page.getByRole('article').filter({ hasText: text }).first();
}

test('a member likes a post and sees who liked it, shares it, edits it, and sets a bio', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const suffix = randomUUID().slice(0, 6);
  const text = `Repotted the calathea today ${suffix}`;

  // The author posts.
  const { page: author, member: poster } = await newMemberPage(browser);
  await author.goto('/');
  const composer = author.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox', { name: 'What would you like to share?' }).fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByRole('status')).toHaveText('Your post is shared.');
  const mine = postWith(author, text);
  await expect(mine.getByText('Edited')).toHaveCount(0);

  // A member on a phone likes it and opens the list of who liked it from the count.
  const { page: fan, member: liker } = await newMemberPage(browser, { phone: true });
  await fan.goto(`/${poster.username}`);
  const post = postWith(fan, text);
  await post.getByRole('button', { name: `Like post by ${poster.username}` }).click();
  const count = post.getByRole('button', { name: /^1 like: see who liked/ });
  await expect(count).toHaveText('1');
  await count.click();
  const likers = fan.getByRole('dialog', { name: 'Liked by' });
  await expect(likers.getByRole('link', { name: liker.username })).toHaveAttribute(
    'href',
    `/${liker.username}`,
  );
  await expectAccessible(fan, 'who liked a post, on a phone');
  await likers.getByRole('button', { name: 'Close' }).click();
  await expect(likers).toHaveCount(0);

  // Sharing copies the post's link (no share sheet here) and says so.
  await post.getByRole('button', { name: `Share post by ${poster.username}` }).click();
  await expect(post.getByRole('status')).toHaveText('Link copied');
  const copied = await fan.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/post\/[A-Za-z0-9]{10}$/);
  await fan.goto(copied);
  await expect(fan.getByText(text)).toBeVisible();

  // The author edits the post: it says "Edited", with the time in its name.
  await mine.getByRole('button', { name: 'Post options' }).click();
  await author.getByRole('menuitem', { name: 'Edit post' }).click();
  const dialog = author.getByRole('dialog', { name: 'Edit post' });
  await dialog.getByRole('textbox', { name: 'Text' }).fill(`${text}, and it loves the new pot`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const edited = postWith(author, 'and it loves the new pot');
  await expect(edited.getByText('Edited', { exact: true })).toBeVisible();
  await expect(edited.getByText('Edited', { exact: true })).toHaveAttribute('title', /^Edited /);
  await expectAccessible(author, 'an edited post');
  // Others see the marker too.
  await fan.reload();
  await expect(fan.getByText('Edited', { exact: true })).toBeVisible();

  // The author gives themself a display name and a bio; the profile shows them as plain text.
  await author.goto('/settings');
  const about = author.getByRole('form', { name: 'About you' });
  await about.getByRole('textbox', { name: /^Display name/ }).fill('Cal the <b>Grower</b>');
  await about
    .getByRole('textbox', { name: /^Bio/ })
    .fill('Calatheas and ferns in Fitzroy.\nSwaps welcome!');
  await about.getByRole('button', { name: 'Save name and bio' }).click();
  await expect(about.getByRole('status')).toHaveText('Saved.');
  await expectAccessible(author, 'the settings with a display name and a bio');

  await fan.goto(`/${poster.username}`);
  await expect(fan.getByRole('heading', { level: 1 })).toHaveText('Cal the <b>Grower</b>');
  // The header's line under the name (the post's heading has the @username too).
  await expect(
    fan.getByRole('paragraph').filter({ hasText: new RegExp(`^@${poster.username}$`) }),
  ).toBeVisible();
  await expect(fan.getByText('Calatheas and ferns in Fitzroy.')).toBeVisible();
  await expect(fan.getByText('Swaps welcome!')).toBeVisible();
  await expect(
    postWith(fan, 'and it loves the new pot').getByRole('link', {
      name: `Cal the <b>Grower</b> @${poster.username}`,
    }),
  ).toBeVisible();
  // Nothing on the page is wider than the phone.
  const overflow = await fan.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(fan, 'a profile with a display name and a bio, on a phone');
});

test('a post’s hashtags, mentions and links lead somewhere, with a preview card on a phone', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const tag = `monstera${suffix}`;
  const url = `https://leafy.invalid/care-${suffix}`;

  const { page: friendPage, member: friend } = await newMemberPage(browser);
  await friendPage.close();
  const { page: author } = await newMemberPage(browser, { phone: true });
  await author.goto('/');
  const text = `Repotted my #${tag} with @${friend.username}, guide: ${url}.`;
  const composer = author.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox', { name: 'What would you like to share?' }).fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByRole('status')).toHaveText('Your post is shared.');

  const post = postWith(author, 'Repotted my');
  // The hashtag tagged the post: a link in the text and a tag under it.
  await expect(post.getByRole('link', { name: `#${tag}` })).toHaveCount(2);
  const external = post.getByRole('link', { name: url });
  await expect(external).toHaveAttribute('href', url);
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
  const mention = post.getByRole('link', { name: `@${friend.username}` });
  await expect(mention).toHaveAttribute('href', `/${friend.username}`);

  // The preview as the server gives it once fetched (no page out there to fetch in tests).
  const permalink = await post.locator('a[href^="/post/"]').first().getAttribute('href');
  await author.route('**/api/iam/posts/*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body?.data?.text === text)
      body.data.linkPreview = {
        url,
        title: 'How to repot a monstera without tears',
        description: 'Roots, soil and a bigger pot: everything in one page, step by step.',
        siteName: 'Leafy',
        image: {
          image_ref: 'posts/00/00000000-0000-4000-8000-000000000000.webp',
          variants: [],
          blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
          width: 1200,
          height: 630,
        },
      };
    await route.fulfill({ response, json: body });
  });
  await author.goto(permalink as string);
  const card = author.getByTestId('link-preview');
  await expect(card).toHaveAttribute('href', url);
  await expect(card).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
  await expect(card).toContainText('How to repot a monstera without tears');
  await expect(card).toContainText('leafy.invalid');
  await card.focus();
  await expect(card).toBeFocused();
  const overflow = await author.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(author, 'a post with living text and a link preview, on a phone');
  await author.unroute('**/api/iam/posts/*');

  // Both links inside the app lead to working screens.
  await author
    .getByRole('link', { name: `@${friend.username}` })
    .first()
    .click();
  await expect(author).toHaveURL(new RegExp(`/${friend.username}$`));
  await expect(author.getByRole('heading', { level: 1 })).toContainText(friend.username as string);
  await author.goBack();
  await author
    .getByRole('link', { name: `#${tag}` })
    .first()
    .click();
  await expect(author).toHaveURL(new RegExp(`/tag/${tag}$`));
  await expect(postWith(author, 'Repotted my')).toBeVisible();
});
