import { expect, test } from '@playwright/test';
import { logInAsAdmin } from './support/members';
import { expectAccessible } from './support/accessibility';

test.describe('the shell composes the remotes', () => {
  test('renders the social home page from the social remote', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Plantfolk' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
  });

  test('renders the events page from the events remote', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    // A guest sees the events near the site's default point (other journeys may have made some).
    await expect(
      page.getByTestId('events-empty-state').or(page.getByRole('feed', { name: /^Events near/ })),
    ).toBeVisible();
    await expectAccessible(page, 'the events page');
  });

  test('renders the admin overview from the admin remote, with live system status', async ({
    page,
  }) => {
    await logInAsAdmin(page);
    await page.goto('/admin');
    const status = page.getByTestId('system-status');
    await expect(status).toBeVisible();
    await expect(status.getByText('PostgreSQL')).toBeVisible();
    await expect(status.getByText('Up').first()).toBeVisible();
    await expect(status.getByText('Down')).toHaveCount(0);
    await expectAccessible(page, 'the admin overview');
  });

  test('loads a remote only when one of its routes is visited', async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      const match = /\/remotes\/(\w+)\//.exec(new URL(request.url()).pathname);
      if (match) remoteRequests.push(match[1]);
    });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(remoteRequests).toEqual([]);
    await page.getByRole('link', { name: 'Events' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    expect(new Set(remoteRequests)).toEqual(new Set(['events']));
  });

  test('shows a fallback for a remote that is down while the other slices keep working', async ({
    page,
  }) => {
    await page.route('**/remotes/events/**', (route) => route.abort('connectionrefused'));
    await page.goto('/events');
    await expect(
      page.getByRole('heading', { name: 'This part of Plantfolk is unavailable right now' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /try again|retry/i })).toBeVisible();
    await expectAccessible(page, 'a remote that is down');
    // Header and navigation still work, and so do the other remotes.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Plantfolk' }),
    ).toBeVisible();
    // The admin slice is an admin's: log in, and it loads while events is still down.
    await logInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByTestId('system-status')).toBeVisible();
  });

  test('recovers a remote after it comes back, on retry', async ({ page }) => {
    await page.route('**/remotes/events/**', (route) => route.abort('connectionrefused'));
    await page.goto('/events');
    await expect(
      page.getByRole('heading', { name: 'This part of Plantfolk is unavailable right now' }),
    ).toBeVisible();
    await page.unroute('**/remotes/events/**');
    await page.getByRole('button', { name: /try again|retry/i }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  });
});

test.describe('pages nobody serves', () => {
  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByText('Page not found: /this/does/not/exist')).toBeVisible();
    await expectAccessible(page, 'the 404 page');
  });

  test('an unknown handle shows the 404 page', async ({ page }) => {
    await page.goto('/nobody-by-this-name');
    await expect(page.getByText('Page not found: /nobody-by-this-name')).toBeVisible();
  });

  test('a missing asset is a real 404, not the app page', async ({ request }) => {
    const response = await request.get('/remotes/social/no-such-chunk.js');
    expect(response.status()).toBe(404);
  });
});

test.describe('the API behind the same origin', () => {
  test('answers health and serves its docs', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'success',
      data: { postgres: 'up', redis: 'up' },
    });
    const docs = await request.get('/api/docs');
    expect(docs.status()).toBe(200);
  });

  test('remembers the colour mode across reloads', async ({ page }) => {
    await page.goto('/about');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: /colou?r mode/i }).first();
    // The toggle cycles light → dark → auto; click until dark is chosen.
    for (let clicks = 0; clicks < 3; clicks += 1) {
      if ((await page.evaluate(() => localStorage.getItem('color-mode'))) === 'dark') break;
      await toggle.click();
    }
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
