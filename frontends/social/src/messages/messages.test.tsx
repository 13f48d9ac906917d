import type * as ApiClient from '@plantfolk/api-client';
import {
  fakeCounts,
  fakePlantListing,
  fakeResponder,
  ok,
  okWith,
  fail,
} from '@plantfolk/api-client/testing';
import { createTestQueryClient, renderRoutes } from '@plantfolk/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeApi,
  fernProfile,
  maria,
  mariaResponder,
  renderSocial,
  signIn,
  stubCanvas,
} from '../testing/social-test-kit';
import { MESSAGE_MAX } from './message-composer';
import { MessagesIcon } from './messages-icon';

// The live connection, driven by hand: what the screens subscribe to, and a push to them.
const live = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    handlers,
    push(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
});
vi.mock('@plantfolk/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  subscribeLive: (event: string, handler: (payload: unknown) => void) => {
    const set = live.handlers.get(event) ?? new Set();
    set.add(handler);
    live.handlers.set(event, set);
    return () => set.delete(handler);
  },
  onLiveReconnect: () => () => {},
}));

const TALLY = '/api/iam/messages/unread-tally';
const ALL = '/api/iam/messages/all';
const SEEN = '/api/messages/mark-as-seen';
const SEND = '/api/iam/messages/new';
const START_U = '/api/iam/messages/new-u-to-u-conversation';
const messagee = (handle: string) => `/api/iam/users/user-or-page-messagee-by-handle/${handle}`;
const conversationPath = /^\/api\/iam\/messages\/conversation\//;

const fern = { ...fakeResponder(), display_name: null };
const mariaUser = { ...mariaResponder, display_name: 'Maria R' };
const club = {
  id: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  handle: 'fern_club',
  name: 'Fern Club',
  avatar: null,
};

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function message(from: 'fern' | 'maria', text: string, minutesAgo = 1, conversation = uuid(900)) {
  seq += 1;
  const who = from === 'fern' ? fern : mariaUser;
  return {
    id: uuid(1000 + seq),
    conversation_id: conversation,
    sender_id: who.uuid,
    author: {
      type: 'user',
      id: who.uuid,
      handle: who.username,
      name: who.display_name ?? null,
      avatar: null,
    },
    text,
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

function conversation(overrides: Record<string, unknown> = {}) {
  return {
    id: uuid(900),
    convType: 'u2u',
    inbox: 'member',
    user: mariaUser,
    page: null,
    link: '/messages/maria',
    path: ['fern', 'maria'],
    last_message: null,
    last_message_at: new Date(Date.now() - 60_000).toISOString(),
    unread_count: 0,
    unread: false,
    can_write: true,
    write_block: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const mariaMessagee = (overrides: Record<string, unknown> = {}) => ({
  type: 'user',
  user: mariaUser,
  page: null,
  convType: 'u2u',
  conversation_id: uuid(900),
  path: ['fern', 'maria'],
  can_start: true,
  can_write: true,
  start_block: null,
  write_block: null,
  ...overrides,
});

const trustedFern = { ...fernProfile, roles: ['trusted' as const] };

beforeEach(() => {
  signIn(trustedFern);
});

describe('/messages', () => {
  it('lists conversations newest first with unread marks, and the pages’ inboxes apart', async () => {
    const older = conversation({
      id: uuid(901),
      user: { ...fern, uuid: uuid(5), username: 'olive' },
      link: '/messages/olive',
      last_message: { ...message('fern', 'See you Sunday', 60), sender_id: fern.uuid },
      last_message_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const newest = conversation({
      last_message: message('maria', 'Do you still have the fern?'),
      unread_count: 2,
      unread: true,
    });
    const inbox = conversation({
      id: uuid(902),
      convType: 'u2p',
      inbox: 'page',
      user: { ...fern, uuid: uuid(6), username: 'basil' },
      page: club,
      link: '/messages/basil/to/fern_club',
      last_message: message('maria', 'When is the next swap?'),
      unread_count: 1,
      unread: true,
    });
    fakeApi().on('GET', ALL, ok({ items: [newest, older, inbox], next_cursor: null }));
    const { router } = renderSocial('/messages');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const own = await screen.findByRole('feed', { name: 'Conversations' });
    const rows = within(own).getAllByRole('article');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Maria R, 2 unread',
      'olive',
    ]);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/messages/maria');
    expect(within(rows[0]!).getByText('Do you still have the fern?')).toBeVisible();
    expect(within(rows[1]!).getByText('You: See you Sunday')).toBeVisible();

    const inboxes = screen.getByRole('region', { name: 'Your pages’ inboxes' });
    expect(within(inboxes).getByRole('heading', { name: 'Fern Club' })).toBeVisible();
    const inboxRow = within(inboxes).getByRole('article', { name: 'basil, 1 unread' });
    await user.click(within(inboxRow).getByRole('link'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/messages/basil/to/fern_club'),
    );
  });

  it('says how to start one when there are none', async () => {
    fakeApi().on('GET', ALL, ok({ items: [], next_cursor: null }));
    renderSocial('/messages');
    expect(await screen.findByText(/No conversations yet/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your pages’ inboxes' })).toBeNull();
  });
});

describe('a conversation', () => {
  it('shows the newest at the bottom, loads older ones, sends, and marks what it shows seen', async () => {
    const newest = message('maria', 'Yes! Come by https://example.com/map at noon', 1);
    const mine = message('fern', 'Is the fern still there?', 5);
    const oldest = message('maria', 'Hello from the start', 60);
    const sent = message('fern', 'On my way', 0);
    const api = fakeApi()
      .on('GET', messagee('maria'), ok(mariaMessagee()))
      .on('GET', conversationPath, (request) =>
        request.path.endsWith('/older-1')
          ? ok({ conversation: conversation(), items: [oldest], next_cursor: null })
          : ok({
              conversation: conversation({ unread_count: 1, unread: true }),
              items: [newest, mine],
              next_cursor: 'older-1',
            }),
      )
      .on('PUT', SEEN, ok({ count: 0, conversations: 0, marked: 1 }))
      .on('POST', SEND, ok(sent, 201));
    renderSocial('/messages/maria');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation with Maria R' }),
    ).toBeVisible();
    const log = await screen.findByRole('log', { name: 'Conversation with Maria R' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Is the fern still there?'),
      expect.stringContaining('Yes! Come by'),
    ]);
    // Plain text with its address made a link that opens apart.
    const link = within(log).getByRole('link', { name: 'https://example.com/map' });
    expect(link).toHaveAttribute('href', 'https://example.com/map');
    expect(link).toHaveAttribute('target', '_blank');

    // What is shown is marked seen: the newest incoming message.
    await waitFor(() => expect(api.requestsTo('PUT', SEEN)).toHaveLength(1));
    expect(api.requestsTo('PUT', SEEN)[0]!.body).toEqual({ msgsArr: [newest.id] });

    // Older messages by keyboard.
    const older = within(log).getByRole('button', { name: 'Load older messages' });
    older.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Hello from the start');
    expect(within(log).getByText('The start of the conversation')).toBeVisible();
    expect(api.requestsTo('GET', conversationPath).map((request) => request.path)).toContain(
      '/api/iam/messages/conversation/fern/maria/older-1',
    );

    // Sending adds it at the bottom and empties the box.
    const box = screen.getByRole('textbox', { name: 'Message to Maria R' });
    await user.type(box, 'On my way');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(4));
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('On my way');
    expect(api.requestsTo('POST', SEND)[0]!.body).toEqual({
      convnId: uuid(900),
      message: 'On my way',
    });
    expect(box).toHaveValue('');
  });

  it('starts a conversation with the first message, and counts down near the limit', async () => {
    const first = message('fern', 'Hello Maria', 0);
    const api = fakeApi()
      .on('GET', messagee('maria'), ok(mariaMessagee({ conversation_id: null })))
      .on('GET', conversationPath, ok({ conversation: null, items: [], next_cursor: null }))
      .on('POST', START_U, ok({ conversation: conversation(), message: first }, 201));
    renderSocial('/messages/maria');
    const user = userEvent.setup();

    expect(await screen.findByText('No messages yet. Say hello to Maria R.')).toBeVisible();
    const box = screen.getByRole('textbox', { name: 'Message to Maria R' });
    await user.click(box);
    await user.paste('x'.repeat(MESSAGE_MAX - 150));
    expect(screen.getByText('150 characters left')).toBeVisible();
    await user.paste('x'.repeat(160));
    expect(screen.getByText('10 characters too many')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.clear(box);
    expect(screen.queryByText(/characters left/)).toBeNull();
    await user.type(box, 'Hello Maria');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.requestsTo('POST', START_U)).toHaveLength(1));
    expect(api.requestsTo('POST', START_U)[0]!.body).toEqual({
      username: 'maria',
      message: 'Hello Maria',
    });
    const log = screen.getByRole('log', { name: 'Conversation with Maria R' });
    expect(await within(log).findByText('Hello Maria')).toBeVisible();
  });

  it('tells a member who may not start a conversation why the box is disabled', async () => {
    signIn(fernProfile);
    fakeApi()
      .on(
        'GET',
        messagee('maria'),
        ok(
          mariaMessagee({
            conversation_id: null,
            can_start: false,
            can_write: false,
            start_block: 'NOT_TRUSTED',
            write_block: 'NOT_TRUSTED',
          }),
        ),
      )
      .on('GET', conversationPath, ok({ conversation: null, items: [], next_cursor: null }));
    renderSocial('/messages/maria');

    const box = await screen.findByRole('textbox', { name: 'Message to Maria R' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(/Only trusted members can start a conversation/);
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('lets that member answer a conversation addressed to them', async () => {
    signIn(fernProfile);
    const api = fakeApi()
      .on(
        'GET',
        messagee('maria'),
        ok(mariaMessagee({ can_start: false, can_write: true, start_block: 'NOT_TRUSTED' })),
      )
      .on(
        'GET',
        conversationPath,
        ok({
          conversation: conversation(),
          items: [message('maria', 'Hi fern')],
          next_cursor: null,
        }),
      )
      .on('POST', SEND, ok(message('fern', 'Hi!', 0), 201));
    renderSocial('/messages/maria');
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Message to Maria R' });
    expect(box).toBeEnabled();
    await user.type(box, 'Hi!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.requestsTo('POST', SEND)).toHaveLength(1));
  });

  it('answers for a page in its owner’s inbox', async () => {
    const inbox = conversation({
      convType: 'u2p',
      inbox: 'page',
      user: mariaUser,
      page: club,
      link: '/messages/maria/to/fern_club',
      path: ['maria', 'fern_club'],
    });
    fakeApi().on(
      'GET',
      conversationPath,
      ok({ conversation: inbox, items: [message('maria', 'Hi club')], next_cursor: null }),
    );
    renderSocial('/messages/maria/to/fern_club');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria R to Fern Club' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Answer Maria R as Fern Club' })).toBeEnabled();
  });

  it('is a 404 for someone who is not there', async () => {
    fakeApi().on('GET', messagee('nobody'), fail(404, 'RECIPIENT_NOT_FOUND'));
    renderSocial('/messages/nobody');
    expect(await screen.findByText(/Page not found: \/messages\/nobody/)).toBeVisible();
  });

  it('picks up a new message without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const first = message('maria', 'Are you there?', 2);
      const second = message('maria', 'I found another one', 0);
      let items = [first];
      fakeApi()
        .on('GET', messagee('maria'), ok(mariaMessagee()))
        .on('GET', conversationPath, () =>
          ok({ conversation: conversation(), items, next_cursor: null }),
        )
        .on('PUT', SEEN, ok({ count: 0, conversations: 0, marked: 1 }));
      renderSocial('/messages/maria');
      const log = await screen.findByRole('log', { name: 'Conversation with Maria R' });
      expect(await within(log).findByText('Are you there?')).toBeVisible();
      items = [second, first];
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(await within(log).findByText('I found another one')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live delivery', () => {
  it('adds a pushed message to the open conversation and takes a pushed tally', async () => {
    const first = message('maria', 'Are you there?', 2);
    const api = fakeApi()
      .on('GET', messagee('maria'), ok(mariaMessagee()))
      .on(
        'GET',
        conversationPath,
        ok({ conversation: conversation(), items: [first], next_cursor: null }),
      )
      .on('PUT', SEEN, ok({ count: 0, conversations: 0, marked: 1 }))
      .on('GET', TALLY, ok({ count: 0, conversations: 0 }));
    renderSocial('/messages/maria');
    const log = await screen.findByRole('log', { name: 'Conversation with Maria R' });
    expect(await within(log).findByText('Are you there?')).toBeVisible();
    const requests = api.requestsTo('GET', conversationPath).length;

    const pushed = message('maria', 'Pushed live', 0);
    act(() => live.push('message', pushed));
    expect(await within(log).findByText('Pushed live')).toBeVisible();
    // On screen, so read.
    await waitFor(() => expect(api.requestsTo('PUT', SEEN)).toHaveLength(1));
    expect(api.requestsTo('PUT', SEEN)[0]!.body).toEqual({ msgsArr: [pushed.id] });
    // It came over the socket: no refetch was needed to show it.
    expect(api.requestsTo('GET', conversationPath)).toHaveLength(requests);
    // Messages of other conversations stay out.
    act(() => live.push('message', message('maria', 'Elsewhere', 0, uuid(999))));
    expect(within(log).queryByText('Elsewhere')).toBeNull();
  });
});

describe('the header’s messages icon', () => {
  function renderIcon() {
    return renderRoutes(
      [
        {
          path: '/',
          element: (
            <header>
              <MessagesIcon user={trustedFern} />
            </header>
          ),
        },
        { path: '/messages', element: <h1>All messages</h1> },
      ],
      '/',
      createTestQueryClient(),
    );
  }

  it('names the unread count and leads to /messages', async () => {
    fakeApi().on('GET', TALLY, ok({ count: 3, conversations: 2 }));
    const { router } = renderIcon();
    const icon = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    await userEvent.setup().click(icon);
    expect(router.state.location.pathname).toBe('/messages');
  });

  it('follows the tally the live connection pushes', async () => {
    fakeApi().on('GET', TALLY, ok({ count: 0, conversations: 0 }));
    renderIcon();
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeVisible();
    act(() => live.push('messages-tally', { count: 2, conversations: 1 }));
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeVisible();
    act(() => live.push('messages-tally', { count: 0, conversations: 0 }));
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeVisible();
  });

  it('is just "Messages" with nothing unread', async () => {
    const api = fakeApi().on('GET', TALLY, ok({ count: 0, conversations: 0 }));
    renderIcon();
    await waitFor(() => expect(api.requestsTo('GET', TALLY)).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Messages' })).toBeVisible();
  });
});

describe('the ways into a conversation', () => {
  it('a member’s profile has a Message button', async () => {
    fakeApi()
      .on(
        'GET',
        '/api/iam/posts/user-or-page-basic/maria',
        ok({ kind: 'user', user: mariaResponder, counts: fakeCounts() }),
      )
      .on('GET', /^\/api\/iam\/posts\/bymyuser\//, okWith({ items: [], next_cursor: null }, []))
      .on('GET', /^\/api\/posts\//, okWith({ items: [], next_cursor: null }, []));
    renderSocial('/maria');
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      '/messages/maria',
    );
  });

  it('a plant’s page offers to message its owner about it, with a first line naming it', async () => {
    stubCanvas();
    signIn({ ...maria, roles: ['trusted'] });
    const listing = fakePlantListing({ name: 'Monstera cutting' });
    fakeApi()
      .on('GET', `/api/iam/posts/plant/${listing.plant!.id}`, okWith(listing, [fern]))
      .on(
        'GET',
        `/api/iam/posts/comments/${listing.random_id}`,
        okWith({ items: [], next_cursor: null }, []),
      )
      .on(
        'GET',
        messagee('fern'),
        ok(mariaMessagee({ user: fern, conversation_id: null, path: ['maria', 'fern'] })),
      )
      .on('GET', conversationPath, ok({ conversation: null, items: [], next_cursor: null }));
    const { router } = renderSocial(`/plant/${listing.plant!.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Message about this plant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/fern'));
    const box = await screen.findByRole('textbox', { name: 'Message to fern' });
    expect((box as HTMLTextAreaElement).value).toContain('About your plant “Monstera cutting”');
    expect((box as HTMLTextAreaElement).value).toContain(`/plant/${listing.plant!.id}`);
  });
});
