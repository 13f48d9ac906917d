import { expect, type Browser, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { registeredMember } from './support/members';
import { expectAccessible } from './support/accessibility';

/** A real JPEG of one colour with a lighter square in it, as a phone would hand it over. */
async function photo(name: string, background: string, width = 960, height = 720) {
  const square = await sharp({
    create: { width: width / 3, height: height / 3, channels: 3, background: '#f4f1de' },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: square, left: width / 3, top: height / 3 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function newMemberPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const member = await registeredMember(page);
  return { page, member };
}

async function share(page: Page, text: string, privacy: 'Public' | 'Members' | 'Only me') {
  const composer = page.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox', { name: 'What would you like to share?' }).fill(text);
  await composer.getByRole('group', { name: 'Who can see this' }).getByText(privacy).click();
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  // The composer says who can see the post now.
  const notices = {
    Public: 'Your post is shared.',
    Members: 'Your post is shared with Plantfolk members.',
    'Only me': 'Saved — only you can see it.',
  };
  await expect(composer.getByRole('status')).toHaveText(notices[privacy]);
}

/** A post the viewer may not see answers like one that does not exist. */
async function expectPostHidden(page: Page) {
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(
    page.getByText('This post does not exist, or it is not shared with you.'),
  ).toBeVisible();
}

/** The post in a list whose text contains `text`. */
function postWith(page: Page, text: string) {
  return page.getByRole('article').filter({ hasText: text }).first();
}

test('a member posts with two photos, another comments and reacts, a guest sees only the public post', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const suffix = randomUUID().slice(0, 6);
  const publicText = `Our monstera put out two new leaves ${suffix}`;
  const privateText = `A private propagation diary ${suffix}`;

  // The author writes a public post with two photos, alt text and a tag.
  const { page: author, member: poster } = await newMemberPage(browser);
  await author.goto('/');
  const composer = author.getByRole('form', { name: 'New post' });
  await expect(composer).toBeVisible();
  await composer
    .locator('input[type=file]')
    .setInputFiles([await photo('leaf.jpg', '#2f6f3e'), await photo('pot.jpg', '#8a5a44')]);
  await expect(composer.getByLabel('Alt text for photo 2')).toBeVisible();
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await composer.getByLabel('Alt text for photo 1').fill('A new monstera leaf unfurling');
  await composer.getByLabel('Alt text for photo 2').fill('The terracotta pot');
  const tagInput = composer.getByPlaceholder('e.g. ferns');
  await tagInput.fill(`monstera${suffix}`);
  await tagInput.press('Enter');
  await expect(
    composer.getByRole('button', { name: `Remove tag monstera${suffix}` }),
  ).toBeVisible();
  await expectAccessible(author, 'the composer with two photos and a tag');
  await share(author, publicText, 'Public');

  const published = postWith(author, publicText);
  await expect(published.getByRole('img', { name: 'A new monstera leaf unfurling' })).toBeVisible();
  await expect(published.getByRole('img', { name: 'The terracotta pot' })).toBeVisible();
  await expect(published.getByRole('link', { name: `#monstera${suffix}` })).toBeVisible();

  // ...and a private one, only for themself.
  await share(author, privateText, 'Only me');
  await expect(postWith(author, privateText).getByLabel('Visible to: Only me')).toBeVisible();

  await published.getByRole('link', { name: /0 comments/ }).click();
  await expect(author).toHaveURL(/\/post\/[A-Za-z0-9]{10}#comments$/);
  const publicUrl = new URL(author.url()).pathname;
  await author.goto('/');
  await postWith(author, privateText)
    .getByRole('link', { name: /0 comments/ })
    .click();
  await expect(author).toHaveURL(/\/post\/[A-Za-z0-9]{10}#comments$/);
  const privateUrl = new URL(author.url()).pathname;

  // Another member finds the public post, comments on it and likes it.
  const { page: fan, member: commenter } = await newMemberPage(browser);
  await fan.goto(publicUrl);
  await expect(fan.getByText(publicText)).toBeVisible();
  const commentBox = fan.getByRole('textbox', { name: 'Write a comment' });
  await commentBox.fill('Gorgeous! Would you swap a cutting?');
  await fan.getByRole('button', { name: 'Comment', exact: true }).click();
  const fanComment = fan.getByRole('article', { name: `Comment by ${commenter.username}` });
  await expect(fanComment).toContainText('Gorgeous! Would you swap a cutting?');
  const like = fan.getByRole('button', { name: 'Like post' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  // The count sits beside the heart: a button of its own that lists who liked the post.
  await expect(fan.getByRole('button', { name: /^1 like: see who liked/ })).toHaveText('1');
  await expectAccessible(fan, 'a post with a comment and a like');
  // The other member cannot open the private post.
  await fan.goto(privateUrl);
  await expectPostHidden(fan);

  // The author sees the comment and the like, and replies to the comment.
  await author.goto(publicUrl);
  await expect(
    author.getByRole('article', { name: `Comment by ${commenter.username}` }),
  ).toContainText('Would you swap a cutting?');
  await expect(author.getByRole('button', { name: /^1 like: see who liked/ })).toHaveText('1');
  await author.getByRole('button', { name: `Reply to ${commenter.username}` }).click();
  await expect(author.getByText(`Replying to @${commenter.username}`)).toBeVisible();
  await author
    .getByRole('textbox', { name: `Reply to ${commenter.username}` })
    .fill('Yes, happy to swap!');
  await author.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(
    author.getByRole('article', { name: `Comment by ${poster.username}` }),
  ).toContainText('Yes, happy to swap!');
  await expectAccessible(author, 'a thread with a reply');

  // A guest sees the public post (photos, comment, like count) but never the private one.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/');
  await expect(guest.getByRole('heading', { name: 'Welcome to Plantfolk' })).toBeVisible();
  await expect(postWith(guest, publicText)).toBeVisible();
  await expect(guest.getByText(privateText)).toHaveCount(0);
  await guest.goto(`/${poster.username}`);
  await expect(postWith(guest, publicText)).toBeVisible();
  await expect(guest.getByText(privateText)).toHaveCount(0);
  await guest.goto(publicUrl);
  await expect(guest.getByRole('img', { name: 'The terracotta pot' })).toBeVisible();
  await expect(guest.getByRole('button', { name: /^1 like: see who liked/ })).toBeVisible();
  await expect(
    guest.getByRole('article', { name: `Comment by ${commenter.username}` }),
  ).toBeVisible();
  await expect(guest.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await expectAccessible(guest, 'a public post as a guest');
  await guest.goto(privateUrl);
  await expectPostHidden(guest);
});
