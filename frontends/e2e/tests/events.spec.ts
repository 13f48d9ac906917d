import { expect, type APIRequestContext, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './support/accessibility';
import { logInAsAdmin, registeredMember } from './support/members';

/**
 * Events (issue 11): a trusted member creates a weekly event; another member answers Going for
 * its second date and says what they bring; the counts and the bring list show it, the date's
 * .ics downloads, and a guest sees the event read-only.
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

/** A day two to three weeks ahead, as a date input takes it. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const phone = { viewport: { width: 390, height: 844 }, timezoneId: 'Australia/Melbourne' };

test('a trusted member creates a weekly event; another answers and brings something; a guest sees it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Monstera swap ${randomUUID().slice(0, 6)}`;

  // The organiser registers; an admin makes them trusted (only trusted members create events).
  const organiserContext = await browser.newContext(phone);
  const organiser = await organiserContext.newPage();
  const host = await registeredMember(organiser);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  const grant = await currentSession(admin.request);
  const trusted = await admin.request.put(`/api/iam/users/${host.uuid}`, {
    headers: {
      authorization: `Bearer ${grant.access_token}`,
      'x-csrf-token': grant.user.csrf_token,
    },
    data: { trusted: true },
  });
  expect(trusted.ok(), await trusted.text()).toBe(true);

  // The organiser creates a weekly event from the events list, on a phone.
  await organiser.goto('/events');
  await expect(organiser.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await organiser.getByRole('link', { name: 'Create an event' }).click();
  await expect(organiser).toHaveURL(new RegExp(`/${host.username}/events/new$`));
  await organiser.getByRole('textbox', { name: /^Title/ }).fill(title);
  await organiser
    .getByRole('textbox', { name: /^Description/ })
    .fill('Bring a cutting, take a cutting.');
  const place = organiser.getByRole('combobox', { name: /^Where/ });
  await place.pressSequentially('fitzroy no', { delay: 30 });
  await organiser.getByRole('option', { name: 'Fitzroy North, Victoria, Australia' }).click();
  await organiser.getByRole('textbox', { name: /^Venue/ }).fill('Fitzroy North Community Hall');
  await organiser.getByLabel(/^Date/).fill(dayAhead(15));
  await organiser.getByLabel(/^Starts/).fill('10:00');
  await organiser.getByLabel(/^Ends/).fill('12:00');
  await organiser.getByRole('radio', { name: 'Weekly' }).check();
  const preview = organiser.getByTestId('recurrence-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  await expectAccessible(organiser, 'the new event form on a phone');
  expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await organiser.getByRole('button', { name: 'Publish event' }).click();

  await expect(organiser.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const eventUrl = new URL(organiser.url()).pathname;
  expect(eventUrl).toMatch(/^\/event\/[0-9A-Za-z]{10}$/);
  await expect(organiser.getByTestId('event-date')).toHaveCount(4);
  await expect(organiser.getByRole('link', { name: 'Edit event' })).toBeVisible();
  await expectAccessible(organiser, 'a new event, seen by its organiser');

  // Another member answers Going for the second date and says what they bring.
  const memberContext = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const member = await memberContext.newPage();
  const guestOfHonour = await registeredMember(member);
  await member.goto(eventUrl);
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const second = member.getByTestId('event-date').nth(1);
  // The member is in another zone: both times show.
  await expect(second.getByText(/^Your time:/)).toBeVisible();
  await second.getByRole('button', { name: /^Going/ }).click();
  await expect(second.getByRole('button', { name: /^Going/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(second.getByRole('button', { name: /^Going/ })).toContainText('1');
  await second.getByRole('textbox', { name: 'I bring' }).fill('two monstera cuttings');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Saved.')).toBeVisible();
  const bringList = second.getByRole('list', { name: /What people bring/ });
  await expect(bringList).toContainText(guestOfHonour.username);
  await expect(bringList).toContainText('two monstera cuttings');
  await expect(second.getByRole('list', { name: /^Going/ })).toContainText(guestOfHonour.username);
  // The first date is untouched.
  await expect(
    member
      .getByTestId('event-date')
      .first()
      .getByRole('button', { name: /^Going/ }),
  ).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(member, 'an event after answering Going');

  // The second date downloads as an .ics file.
  await second.getByRole('button', { name: /^Add to calendar/ }).click();
  const [download] = await Promise.all([
    member.waitForEvent('download'),
    member.getByRole('menuitem', { name: 'Download this date (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(title);

  // The organiser sees the answer after a reload.
  await organiser.reload();
  const organiserSecond = organiser.getByTestId('event-date').nth(1);
  await expect(organiserSecond.getByRole('button', { name: /^Going/ })).toContainText('1');
  await expect(organiserSecond.getByRole('list', { name: /What people bring/ })).toContainText(
    'two monstera cuttings',
  );

  // The event is listed near the organiser's area and among their own events.
  await organiser.goto('/events');
  const near = organiser.getByRole('feed', { name: /^Events near/ });
  await expect(near.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(organiser, 'the events near a member, on a phone');
  await organiser.getByRole('link', { name: 'Yours' }).click();
  await expect(
    organiser.getByRole('feed', { name: 'Your events' }).getByRole('link', { name: title }),
  ).toBeVisible();

  // A guest sees the event, the answers and what people bring, read-only.
  const guestContext = await browser.newContext(phone);
  const guest = await guestContext.newPage();
  await guest.goto(eventUrl);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const guestSecond = guest.getByTestId('event-date').nth(1);
  await expect(guestSecond.getByRole('list', { name: /^Answers for/ })).toContainText('Going: 1');
  await expect(guestSecond.getByRole('list', { name: /What people bring/ })).toContainText(
    'two monstera cuttings',
  );
  await expect(guestSecond.getByRole('button', { name: /^Going/ })).toHaveCount(0);
  await expect(guestSecond.getByRole('link', { name: 'Log in to answer' })).toBeVisible();
  await expect(guest.getByText('Fitzroy North Community Hall', { exact: false })).toBeVisible();
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(guest, 'an event, seen by a guest on a phone');

  await Promise.all([
    organiserContext.close(),
    adminContext.close(),
    memberContext.close(),
    guestContext.close(),
  ]);
});
