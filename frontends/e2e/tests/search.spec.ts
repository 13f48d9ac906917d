import { expect, type APIRequestContext, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expectAccessible } from './support/accessibility';
import { registeredMember } from './support/members';

/**
 * Search (issue 13): a member types a word of a plant's description into the header's search
 * box, picks the plant from the grouped results with the keyboard and lands on its page.
 */

interface Grant {
  access_token: string;
  user: { uuid: string; csrf_token: string };
}

/** The session as it is now, renewed from the browser's refresh-token cookie. */
async function currentSession(request: APIRequestContext): Promise<Grant> {
  const renewed = await request.post('/api/iam/authn/refresh', {
    data: { grant_type: 'refresh_token' },
  });
  expect(renewed.ok(), await renewed.text()).toBe(true);
  return (await renewed.json()).data as Grant;
}

/** A word nobody else writes: letters only, accented, so the search must ignore the accents. */
function rareWord(): string {
  return `vé${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

test('a member finds a plant by a word of its description and opens it by keyboard', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const word = rareWord();
  const name = `Begonia ${word.slice(2, 6)}`;

  // The owner lists a plant whose description holds the word.
  const ownerPage = await (await browser.newContext()).newPage();
  await registeredMember(ownerPage);
  const grant = await currentSession(ownerPage.request);
  const headers = {
    authorization: `Bearer ${grant.access_token}`,
    'x-csrf-token': grant.user.csrf_token,
  };
  const jpeg = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#2f6f3e' },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await ownerPage.request.post('/api/iam/posts/photos', {
    headers,
    multipart: {
      folder: 'plants',
      photos: { name: 'begonia.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const [photo] = (await uploaded.json()).data as Array<{ ref: string }>;
  const listed = await ownerPage.request.post('/api/iam/posts/plant/new', {
    headers,
    data: {
      text: `Spotted leaves, loves a bright window. Cuttings of ${word} to swap.`,
      privacy: 'members',
      tags: [],
      photos: [{ ref: photo.ref, alt_text: 'A begonia', description: 'The mother plant' }],
      plant: { name, available: true },
    },
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const plantId = (await listed.json()).data.plant.id as string;

  // Another member searches for the word, typed without its accent.
  const page = await (await browser.newContext()).newPage();
  await registeredMember(page);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search Plantfolk' });
  await box.fill(word.replace('é', 'e'));
  const results = page.getByRole('listbox', { name: 'Search results' });
  const plants = results.getByRole('group', { name: 'Plants' });
  const option = plants.getByRole('option', { name: new RegExp(name) });
  await expect(option).toBeVisible();
  await expectAccessible(page, 'search results open');

  // Arrow down to the plant (the only result), Enter opens it.
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/plant/${plantId}$`));
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(box).toHaveValue('');
});

test('on a phone the search is an icon opening a full-width field', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  ).newPage();
  const member = await registeredMember(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('combobox', { name: 'Search Plantfolk' });
  await expect(box).toBeVisible();
  await expect(box).toBeFocused();
  const width = (await box.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(250);
  await box.fill(member.username);
  const person = page
    .getByRole('group', { name: 'People' })
    .getByRole('option', { name: new RegExp(member.username) });
  await expect(person).toBeVisible();
  await expectAccessible(page, 'search on a phone');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Escape');
  await box.press('Escape');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
});
