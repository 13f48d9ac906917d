import { expect, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as ical from 'node-ical';
import { expectAccessible } from './support/accessibility';
import { logInAsAdmin, PASSWORD, registeredMember } from './support/members';

/**
 * The organiser's story (issue 11, Tests), in one go through the real screens: an admin makes a
 * new member trusted in the admin's member list; that member logs in, creates a page for their
 * group and a weekly event from the page; another member answers Going for the second date and
 * says they bring two monstera cuttings; the counts and the bring list follow, the date's .ics
 * downloads and parses; a guest sees the event and the page, on a phone too.
 */

const ZONE = 'Australia/Melbourne';

/** A day `days` ahead, as a date input takes it (yyyy-mm-dd). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The day after `day` by `days` calendar days (yyyy-mm-dd). */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at `instant`, in minutes (Melbourne in summer: 660). */
function offsetMinutes(instant: Date, zone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** The instant a wall-clock time on `day` in `zone` is (no gap or overlap at 10:00). */
function zonedInstant(day: string, clock: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = clock.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = new Date(wall - offsetMinutes(new Date(wall), zone) * 60_000);
  instant = new Date(wall - offsetMinutes(instant, zone) * 60_000);
  return instant;
}

/** Nothing sideways: the document is no wider than the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${new URL(page.url()).pathname} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Logs in through the login form, as a member does. */
async function logInThroughForm(page: Page, email: string, username: string) {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Log in to Plantfolk' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: `Account menu (${username})` })).toBeVisible();
}

test('an admin trusts a member, who creates a page and a weekly event; another member answers; a guest sees both', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = randomUUID().slice(0, 6);
  const handle = `swaps_${suffix}`;
  const pageName = `Inner North Plant Swaps ${suffix}`;
  const title = `Monstera swap ${suffix}`;
  const firstDay = dayAhead(15);
  const secondDay = addDays(firstDay, 7);

  // A new member registers (sign-up, e-mail link, registration); they are not trusted yet.
  const signUpContext = await browser.newContext();
  const organiserAccount = await registeredMember(await signUpContext.newPage());
  await signUpContext.close();

  // The admin finds them in the registered members and makes them trusted.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/users/registered');
  await expect(admin.getByRole('heading', { level: 1, name: 'Registered members' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search members' }).fill(organiserAccount.username);
  await expect(admin.getByTestId('admin-member')).toHaveCount(1);
  const card = admin
    .getByTestId('admin-member')
    .filter({ has: admin.getByRole('heading', { name: organiserAccount.username, exact: true }) });
  await expect(card.getByText(organiserAccount.email)).toBeVisible();
  await card.getByRole('button', { name: 'Make trusted' }).click();
  await expect(card.getByText('Trusted', { exact: true })).toBeVisible();
  await expect(admin.getByText(`${organiserAccount.username} is now trusted.`)).toBeVisible();
  await expectAccessible(admin, 'the registered members after trusting one');
  await adminContext.close();

  // The member logs in through the login form and creates a page for their group.
  const organiserContext = await browser.newContext({ timezoneId: ZONE });
  const organiser = await organiserContext.newPage();
  await logInThroughForm(organiser, organiserAccount.email, organiserAccount.username);
  await organiser.goto('/pages');
  await organiser.getByRole('link', { name: 'Create a page' }).click();
  await expect(organiser).toHaveURL(/\/pages\/new$/);
  await expect(organiser.getByRole('heading', { level: 1, name: 'Create a page' })).toBeVisible();
  await organiser.getByRole('textbox', { name: /^Handle/ }).fill(handle);
  await organiser.getByRole('textbox', { name: /^Name/ }).fill(pageName);
  await organiser.getByRole('textbox', { name: /^About/ }).focus();
  await expect(organiser.getByText(`@${handle} is free`)).toBeVisible();
  await organiser
    .getByRole('textbox', { name: /^About/ })
    .fill('Cuttings, seeds and tools change hands every week.');
  const pagePlace = organiser.getByRole('combobox', { name: /^Where the group meets/ });
  await pagePlace.pressSequentially('fitzroy no', { delay: 30 });
  await organiser.getByRole('option', { name: 'Fitzroy North, Victoria, Australia' }).click();
  await expect(pagePlace).toHaveValue('Fitzroy North, Victoria, Australia');
  await expectAccessible(organiser, 'the new page form, filled in');
  await organiser.getByRole('button', { name: 'Create page' }).click();
  await expect(organiser).toHaveURL(new RegExp(`/${handle}$`));
  await expect(organiser.getByRole('heading', { level: 1, name: pageName })).toBeVisible();
  await expect(organiser.getByText('No upcoming events yet.')).toBeVisible();

  // From the page, a weekly event of the page, with the recurrence picker's preview.
  await organiser.getByRole('link', { name: 'Create an event' }).click();
  await expect(organiser).toHaveURL(new RegExp(`/${handle}/events/new$`));
  await expect(organiser.getByText(`An event of ${pageName}`)).toBeVisible();
  await organiser.getByRole('textbox', { name: /^Title/ }).fill(title);
  await organiser
    .getByRole('textbox', { name: /^Description/ })
    .fill('Bring a cutting, take a cutting.');
  const eventPlace = organiser.getByRole('combobox', { name: /^Where/ });
  await eventPlace.pressSequentially('fitzroy no', { delay: 30 });
  await organiser.getByRole('option', { name: 'Fitzroy North, Victoria, Australia' }).click();
  await organiser.getByRole('textbox', { name: /^Venue/ }).fill('Fitzroy North Community Hall');
  await organiser.getByLabel(/^Date/).fill(firstDay);
  await organiser.getByLabel(/^Starts/).fill('10:00');
  await organiser.getByLabel(/^Ends/).fill('12:00');
  // The zone is the organiser's own (their browser's) unless they choose another.
  await expect(organiser.getByRole('combobox', { name: /^Time zone/ })).toHaveValue(ZONE);
  await organiser.getByRole('radio', { name: 'Weekly' }).check();
  const preview = organiser.getByTestId('recurrence-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  const secondPreview = (await preview.getByRole('listitem').nth(1).textContent()) ?? '';
  await expectAccessible(organiser, 'the new event form with a weekly recurrence');
  await organiser.getByRole('button', { name: 'Publish event' }).click();

  await expect(organiser.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const eventPath = new URL(organiser.url()).pathname;
  expect(eventPath).toMatch(/^\/event\/[0-9A-Za-z]{10}$/);
  await expect(organiser.getByTestId('event-date')).toHaveCount(4);
  // The second date is the one the preview promised, a week after the first.
  expect(secondPreview).toContain(
    (await organiser.getByTestId('event-date').nth(1).getByRole('heading').textContent()) ?? '?',
  );
  await expectAccessible(organiser, 'the new event, seen by its organiser');
  // The event links to its page, which now counts its dates to come.
  await organiser.getByRole('link', { name: pageName }).click();
  await expect(organiser).toHaveURL(new RegExp(`/${handle}$`));
  await expect(organiser.getByRole('heading', { level: 1, name: pageName })).toBeVisible();
  await expect(organiser.getByText('4 upcoming dates')).toBeVisible();
  await organiser.goBack();
  await expect(organiser.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Another member answers Going for the second date and says what they bring.
  const memberContext = await browser.newContext({ timezoneId: ZONE });
  const member = await memberContext.newPage();
  const neighbour = await registeredMember(member);
  await member.goto(eventPath);
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const dates = member.getByTestId('event-date');
  await expect(dates).toHaveCount(4);
  const second = dates.nth(1);
  const going = second.getByRole('button', { name: /^Going/ });
  await expect(going).toHaveAttribute('aria-pressed', 'false');
  await expect(going).toHaveAccessibleName(/0 people/);
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  await expect(going).toHaveAccessibleName(/1 person/);
  await second.getByRole('textbox', { name: 'I bring' }).fill('two monstera cuttings');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Saved.')).toBeVisible();
  const bringList = second.getByRole('list', { name: /^What people bring/ });
  await expect(bringList.getByRole('listitem')).toHaveCount(1);
  await expect(bringList).toContainText(neighbour.username);
  await expect(bringList).toContainText('two monstera cuttings');
  await expect(second.getByRole('list', { name: /^Going/ })).toContainText(neighbour.username);
  // Only that date changed: the first and third still have nobody.
  for (const other of [0, 2]) {
    const button = dates.nth(other).getByRole('button', { name: /^Going/ });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).toHaveAccessibleName(/0 people/);
    await expect(dates.nth(other).getByText('Nobody has said what they bring yet.')).toBeVisible();
  }
  await expectAccessible(member, 'an event after answering Going and saying what one brings');

  // The second date's .ics downloads and parses: the event's title, the date's start.
  const startsAt = await second.locator('time').first().getAttribute('datetime');
  expect(startsAt).toBe(zonedInstant(secondDay, '10:00', ZONE).toISOString());
  await second.getByRole('button', { name: /^Add to calendar/ }).click();
  const [download] = await Promise.all([
    member.waitForEvent('download'),
    member.getByRole('menuitem', { name: 'Download this date (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`-${secondDay}\\.ics$`));
  const parsed = Object.values(
    ical.sync.parseICS(await readFile(await download.path(), 'utf8')),
  ).filter((item): item is ical.VEvent => item?.type === 'VEVENT');
  expect(parsed).toHaveLength(1);
  const summary = parsed[0].summary as unknown;
  expect(typeof summary === 'string' ? summary : (summary as { val: string }).val).toBe(title);
  expect(parsed[0].start.toISOString()).toBe(startsAt);
  expect(parsed[0].end?.toISOString()).toBe(zonedInstant(secondDay, '12:00', ZONE).toISOString());

  // The organiser sees the answer and the bring list.
  await organiser.reload();
  const organiserSecond = organiser.getByTestId('event-date').nth(1);
  await expect(organiserSecond.getByRole('button', { name: /^Going/ })).toHaveAccessibleName(
    /1 person/,
  );
  await expect(organiserSecond.getByRole('list', { name: /^What people bring/ })).toContainText(
    'two monstera cuttings',
  );

  // A guest, on a phone, sees the event read-only, with the answers and what people bring.
  const guestContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: ZONE,
  });
  const guest = await guestContext.newPage();
  await guest.goto(eventPath);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const guestSecond = guest.getByTestId('event-date').nth(1);
  await expect(guestSecond.getByRole('list', { name: /^Answers for/ })).toContainText('Going: 1');
  await expect(guestSecond.getByRole('list', { name: /^What people bring/ })).toContainText(
    'two monstera cuttings',
  );
  await expect(guestSecond.getByRole('button', { name: /^Going/ })).toHaveCount(0);
  await expect(guestSecond.getByRole('link', { name: 'Log in to answer' })).toBeVisible();
  await expect(guest.getByText('Fitzroy North Community Hall', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(guest);
  await expectAccessible(guest, 'the event, seen by a guest on a phone');

  // The guest follows the event to its page at /{handle}: it fits the phone too.
  await guest.getByRole('link', { name: pageName }).click();
  await expect(guest).toHaveURL(new RegExp(`/${handle}$`));
  await expect(guest.getByRole('heading', { level: 1, name: pageName })).toBeVisible();
  await expect(guest.getByText(`@${handle}`, { exact: true })).toBeVisible();
  await expect(guest.getByText('Cuttings, seeds and tools change hands every week.')).toBeVisible();
  await expect(guest.getByText('4 upcoming dates')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Edit page' })).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Create an event' })).toHaveCount(0);
  await expectNoSidewaysScroll(guest);
  await expectAccessible(guest, 'the page, seen by a guest on a phone');
  // From the page, its events: the weekly event is there and leads back to it.
  await guest.getByRole('link', { name: 'See the page’s events' }).click();
  await expect(guest).toHaveURL(new RegExp(`/${handle}/events$`));
  await expect(
    guest.getByRole('heading', { level: 1, name: `Events of ${pageName}` }),
  ).toBeVisible();
  const pageEvents = guest.getByRole('feed', { name: `Events of ${pageName}` });
  await expect(pageEvents.getByRole('link', { name: title })).toBeVisible();
  await expectNoSidewaysScroll(guest);
  await pageEvents.getByRole('link', { name: title }).click();
  await expect(guest).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Straight to /{handle} in a new tab, as a shared link opens it.
  const direct = await guestContext.newPage();
  await direct.goto(`/${handle}`);
  await expect(direct.getByRole('heading', { level: 1, name: pageName })).toBeVisible();
  await expectNoSidewaysScroll(direct);

  // The member's own view at 390 px fits as well (answer buttons and the bring field).
  await member.setViewportSize({ width: 390, height: 844 });
  await expect(
    member.getByTestId('event-date').nth(1).getByRole('textbox', { name: 'I bring' }),
  ).toBeVisible();
  await expectNoSidewaysScroll(member);

  await Promise.all([organiserContext.close(), memberContext.close(), guestContext.close()]);
});
