import { expect, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { E2E_ADMIN_EMAIL } from '../ports.mjs';
import { logInAsAdmin, logInThroughApi, registeredMember } from './support/members';
import { expectAccessible } from './support/accessibility';

declare global {
  interface Window {
    reportCspViolation?: (line: string) => void;
  }
}

/**
 * Records every Content-Security-Policy violation of every document the page loads (the
 * `securitypolicyviolation` event, from the first script on) and every console error that
 * reports one.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.reportCspViolation?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy|refused to/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

async function expectPageHeaders(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const headers = response!.headers();
  expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy'], path).toContain("script-src 'self'");
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options'], path).toBe('nosniff');
}

test('the app runs under its Content-Security-Policy: home, a post with a photo, settings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = await watchPolicy(page);
  await registeredMember(page);

  await expectPageHeaders(page, '/');
  const composer = page.getByRole('form', { name: 'New post' });
  await expect(composer).toBeVisible();
  // A photo: its preview is a blob: URL, its placeholder a blurhash, the image comes from /storage.
  const buffer = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#2f6f3e' },
  })
    .jpeg()
    .toBuffer();
  await composer
    .locator('input[type=file]')
    .setInputFiles([{ name: 'leaf.jpg', mimeType: 'image/jpeg', buffer }]);
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await composer.getByLabel('Alt text for photo 1').fill('A fern frond');
  const text = `Fronds unfurling ${randomUUID().slice(0, 6)}`;
  await composer.getByRole('textbox', { name: 'What would you like to share?' }).fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer.getByRole('status')).toHaveText('Your post is shared.');
  const post = page.getByRole('article').filter({ hasText: text }).first();
  await expect(post.getByRole('img', { name: 'A fern frond' })).toBeVisible();
  await post.getByRole('link', { name: /0 comments/ }).click();
  await expect(page).toHaveURL(/\/post\/[A-Za-z0-9]{10}#comments$/);
  const postPath = new URL(page.url()).pathname;

  await expectPageHeaders(page, postPath);
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole('img', { name: 'A fern frond' })).toBeVisible();
  // Axe runs through the DevTools protocol: the check itself must not trip the policy either.
  await expectAccessible(page, 'a post with a photo');

  await expectPageHeaders(page, '/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The remembered colour mode still applies before the first paint (a script file, not inline).
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', /light|dark/);

  await expectPageHeaders(page, '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();

  expect(violations).toEqual([]);
});

test('a guest’s pages load under the policy too', async ({ page }) => {
  const violations = await watchPolicy(page);
  await expectPageHeaders(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Plantfolk' })).toBeVisible();
  await expectPageHeaders(page, '/post/abcdefghij');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectPageHeaders(page, '/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('a map tile server on another origin, set by an admin, is allowed at once and no longer after', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsAdmin(page);
  const grant = await logInThroughApi(context.request, E2E_ADMIN_EMAIL);
  const headers = {
    authorization: `Bearer ${grant.access_token}`,
    'x-csrf-token': grant.user.csrf_token,
  };
  const put = async (value: string) => {
    const response = await context.request.put('/api/iam/admin/update/site-setting', {
      headers,
      data: { name: 'map_tiles_url', value, dataType: 'string' },
    });
    return response.status();
  };
  const imgSrc = async () => {
    const response = await context.request.get('/events', { headers: { accept: 'text/html' } });
    return (response.headers()['content-security-policy'] ?? '')
      .split('; ')
      .find((directive) => directive.startsWith('img-src '));
  };
  const settings = await context.request.get('/api/iam/site-settings/get-site', { headers });
  const before = ((await settings.json()).data as Array<{ name: string; value: unknown }>).find(
    (setting) => setting.name === 'map_tiles_url',
  )?.value as string;
  const tiles = 'https://tiles.example.net:8443';
  try {
    // A value that could not be put in the policy is refused, and changes nothing.
    expect(await put(`${tiles}/{z}/{x}/{y}.png;script-src`)).toBe(400);
    expect(await put('https://tiles.example.net:99999/{z}/{x}/{y}.png')).toBe(400);
    expect(await put(`${tiles}/osm/{z}/{x}/{y}.png`)).toBe(200);
    await expect.poll(imgSrc, { timeout: 10_000 }).toContain(tiles);

    // The browser loads a tile from there under the page's policy (the request itself fails: no
    // such server here, but no violation is reported).
    const violations = await watchPolicy(page);
    await page.goto('/events');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.evaluate(async (src) => {
      const image = document.createElement('img');
      image.alt = '';
      const settled = new Promise((resolve) => {
        image.onload = resolve;
        image.onerror = resolve;
      });
      image.src = src;
      document.body.append(image);
      await settled;
      image.remove();
    }, `${tiles}/osm/1/0/0.png`);
    // Another origin is still refused.
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.alt = '';
      image.src = 'https://elsewhere.example.org/x.png';
      document.body.append(image);
    });
    await expect
      .poll(() => violations.filter((line) => line.includes('elsewhere.example.org')).length)
      .toBeGreaterThan(0);
    // (A report quotes the whole directive, tiles origin included: only the tile's own URL counts.)
    expect(violations.filter((line) => line.includes('/osm/1/0/0.png'))).toEqual([]);
  } finally {
    expect(await put(before ?? '')).toBe(200);
  }
  await expect.poll(imgSrc, { timeout: 10_000 }).not.toContain(tiles);
  await context.close();
});
