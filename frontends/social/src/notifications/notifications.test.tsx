import type * as ApiClient from '@plantfolk/api-client';
import type { NotificationItem } from '@plantfolk/api-client';
import { ok } from '@plantfolk/api-client/testing';
import { createTestQueryClient, renderRoutes } from '@plantfolk/ui/testing';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeApi,
  fernProfile,
  mariaResponder,
  signIn,
  stubIntersectionObserver,
} from '../testing/social-test-kit';
import { NotificationBell } from './notification-bell';

/** The page's live connection, played by the test: what subscribeLive handed out, by event. */
const live = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const add = (event: string, handler: (payload: unknown) => void) => {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)?.add(handler);
    return () => void handlers.get(event)?.delete(handler);
  };
  return {
    handlers,
    subscribe: add,
    onReconnect: (handler: (info: { connectedAt: number }) => void) =>
      add('reconnect', handler as (payload: unknown) => void),
    push(event: string, payload: unknown) {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
    },
  };
});
vi.mock('@plantfolk/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  subscribeLive: live.subscribe,
  onLiveReconnect: live.onReconnect,
}));
import { describeNotification, unreadLabel, whoDidIt } from './notification-text';

const TALLY = '/api/iam/notifications/unread-tally';
const LIST = '/api/iam/notifications/all';
const MARK = '/api/iam/notifications/mark-as-seen';

const person = (n: number, name: string | null = null) => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  username: `grower${n}`,
  display_name: name,
  avatar: null,
  suburb_city: null,
  state: null,
  country: null,
});

let next = 0;
function item(overrides: Partial<NotificationItem> = {}): NotificationItem {
  next += 1;
  const id = `10000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    id,
    type: 'reaction',
    subtype: null,
    created_at: new Date(Date.now() - next * 60_000).toISOString(),
    seen: false,
    notif_ids: [id],
    count: 1,
    actor_count: 1,
    actors: [mariaResponder as NotificationItem['actors'][number]],
    link: '/post/AbCdEfGhIj',
    post_random_id: 'AbCdEfGhIj',
    event_random_id: null,
    event_title: null,
    comment_excerpt: null,
    comment_is_reply: false,
    announcement: null,
    ...overrides,
  };
}

const liked = () =>
  item({
    count: 4,
    actor_count: 4,
    actors: [person(1, 'Ana'), person(2), person(3)],
    notif_ids: ['20000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002'],
  });

function renderBell() {
  const queryClient = createTestQueryClient();
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <header>
            <NotificationBell user={fernProfile} />
          </header>
        ),
      },
      { path: '/post/:randomId', element: <h1>The post</h1> },
      { path: '/event/:randomId', element: <h1>The event</h1> },
      { path: '/:handle', element: <h1>A profile</h1> },
    ],
    '/',
    queryClient,
  );
  return { ...view, queryClient, user: userEvent.setup() };
}

beforeEach(() => {
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('notification sentences', () => {
  it('names the newest person and counts the others', () => {
    expect(whoDidIt({ actors: [person(1, 'Ana')], actor_count: 1 })).toBe('Ana');
    expect(whoDidIt({ actors: [person(1, 'Ana'), person(2)], actor_count: 2 })).toBe(
      'Ana and grower2',
    );
    expect(whoDidIt({ actors: [person(1, 'Ana'), person(2)], actor_count: 4 })).toBe(
      'Ana and 3 others',
    );
    expect(describeNotification(liked())).toBe('Ana and 3 others liked your post');
    expect(
      describeNotification(
        item({ type: 'comment', comment_excerpt: 'Hi', comment_is_reply: true }),
      ),
    ).toBe('maria replied to your comment');
    expect(
      describeNotification(
        item({ type: 'event', subtype: 'EVENT_ATTENDANCE', event_title: 'Seed swap' }),
      ),
    ).toBe('maria answered your event “Seed swap”');
    expect(
      describeNotification(
        item({ type: 'event', subtype: 'EVENT_DATE_CHANGED', event_title: 'Seed swap' }),
      ),
    ).toBe('The event “Seed swap” has new times for a date you answered');
    expect(
      describeNotification(
        item({ type: 'event', subtype: 'EVENT_DATE_CANCELLED', event_title: 'Seed swap' }),
      ),
    ).toBe('The event “Seed swap” cancelled a date you answered');
    expect(unreadLabel(100, true)).toBe('99+');
    expect(unreadLabel(3, false)).toBe('3');
  });
});

describe('the notifications bell', () => {
  it('names the unread count, and 99+ from 100 on', async () => {
    fakeApi().on('GET', TALLY, ok({ count: 100, capped: true }));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ unread' })).toBeVisible();
  });

  it('is just "Notifications" with nothing unread', async () => {
    const api = fakeApi().on('GET', TALLY, ok({ count: 0, capped: false }));
    renderBell();
    await waitFor(() => expect(api.requestsTo('GET', TALLY)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeVisible();
  });

  it('opens the grouped list by keyboard, each item linking to its object', async () => {
    const reply = item({
      type: 'comment',
      comment_excerpt: 'Lovely leaves',
      comment_is_reply: true,
      link: '/post/ZyXwVuTsRq',
    });
    const event = item({
      type: 'event',
      subtype: 'EVENT_ATTENDANCE',
      event_title: 'Seed swap',
      link: '/event/EvEnT12345',
      post_random_id: null,
      event_random_id: 'EvEnT12345',
      seen: true,
      notif_ids: [],
    });
    const notice = item({
      type: 'immutable',
      actors: [],
      actor_count: 0,
      link: null,
      post_random_id: null,
      announcement: 'The site is moving to Sundays.',
    });
    const api = fakeApi()
      .on('GET', TALLY, ok({ count: 3, capped: false }))
      .on('GET', LIST, ok({ items: [liked(), reply, event, notice], next_cursor: null }))
      .on('PUT', MARK, ok({ marked: 1, count: 2, capped: false }));
    const { user, router } = renderBell();

    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(dialog).findByRole('feed', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(
      links.map((link) => [link.textContent?.split('”')[0], link.getAttribute('href')]),
    ).toEqual([
      [expect.stringContaining('Ana and 3 others liked your post'), '/post/AbCdEfGhIj'],
      [expect.stringContaining('maria replied to your comment'), '/post/ZyXwVuTsRq'],
      [expect.stringContaining('maria answered your event “Seed swap'), '/event/EvEnT12345'],
    ]);
    expect(within(list).getByText('The site is moving to Sundays.')).toBeVisible();
    // Opening forced a recheck of the count.
    expect(api.requestsTo('GET', TALLY).length).toBeGreaterThanOrEqual(2);

    await user.click(links[1]!);
    expect(await screen.findByRole('heading', { name: 'The post' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/post/ZyXwVuTsRq');
    await waitFor(() => expect(api.requestsTo('PUT', MARK)).toHaveLength(1));
    expect(api.requestsTo('PUT', MARK)[0]!.body).toEqual({ notifIds: reply.notif_ids });
  });

  it('"Mark all seen" clears the count and the unread marks', async () => {
    const api = fakeApi()
      .on('GET', TALLY, ok({ count: 4, capped: false }))
      .on('GET', LIST, ok({ items: [liked()], next_cursor: null }))
      .on('PUT', MARK, ok({ marked: 4, count: 0, capped: false }));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 4 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText(/Unread/)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Mark all seen' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy(),
    );
    expect(api.requestsTo('PUT', MARK)[0]!.body).toEqual({ notifIds: [] });
    expect(within(dialog).queryByText(/Unread/)).toBeNull();
    expect(within(dialog).getByText('All caught up')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Mark all seen' })).toBeDisabled();
  });

  it('loads older notifications as the end of the list comes into view', async () => {
    const observer = stubIntersectionObserver();
    const first = Array.from({ length: 3 }, () => item());
    const older = item({ comment_excerpt: 'old', type: 'comment' });
    const api = fakeApi()
      .on('GET', TALLY, ok({ count: 1, capped: false }))
      .on('GET', LIST, (request) =>
        ok(
          request.url.searchParams.get('cursorId') === 'page-2'
            ? { items: [older], next_cursor: null }
            : { items: first, next_cursor: 'page-2' },
        ),
      );
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const list = await screen.findByRole('feed', { name: 'Notifications' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    act(() => observer.reveal());
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(4), {
      timeout: 3000,
    });
    expect(
      api.requestsTo('GET', LIST).map((request) => request.url.searchParams.get('cursorId')),
    ).toEqual([null, 'page-2']);
    expect(screen.getByText('That’s all your notifications.')).toBeVisible();
  });

  it('updates live: a pushed tally at once, a new notification refreshes the list, a reconnect both', async () => {
    const api = fakeApi()
      .on('GET', TALLY, ok({ count: 1, capped: false }))
      .on('GET', LIST, ok({ items: [liked()], next_cursor: null }));
    const { user, unmount } = renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await waitFor(() => expect(live.handlers.get('notifications-tally')?.size).toBe(1));

    act(() => live.push('notifications-tally', { count: 3, capped: false }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();
    // A malformed push changes nothing.
    act(() => live.push('notifications-tally', { count: 'many' }));
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();
    expect(api.requestsTo('GET', TALLY)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Notifications, 3 unread' }));
    await screen.findByText('Ana and 3 others liked your post');
    const listed = api.requestsTo('GET', LIST).length;
    act(() => live.push('notification', { id: 'n-1', type: 'reaction' }));
    await waitFor(() => expect(api.requestsTo('GET', LIST).length).toBe(listed + 1));

    // After a reconnection the tally is fetched again, whatever its age (catch-up).
    const tallies = api.requestsTo('GET', TALLY).length;
    act(() => live.push('reconnect', { connectedAt: Date.now() }));
    await waitFor(() => expect(api.requestsTo('GET', TALLY).length).toBe(tallies + 1));

    unmount();
    expect(live.handlers.get('notifications-tally')?.size).toBe(0);
    expect(live.handlers.get('reconnect')?.size).toBe(0);
  });

  it('rechecks the count on focus only when the last answer is 10 s old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = fakeApi().on('GET', TALLY, ok({ count: 1, capped: false }));
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(api.requestsTo('GET', TALLY)).toHaveLength(1);

    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET', TALLY)).toHaveLength(1);

    vi.setSystemTime(Date.now() + 10_500);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(api.requestsTo('GET', TALLY)).toHaveLength(2));
  });
});
