import type { PageProfile, PageWithSettings } from '@plantfolk/api-client';
import { fail, fakePost, fakeResponder, ok, okWith } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  browseAsGuest,
  fakeApi,
  fernProfile,
  maria,
  renderSocial,
  signIn,
  stubCanvas,
  stubIntersectionObserver,
} from '../testing/social-test-kit';

const fern = fakeResponder();

function fakePage(overrides: Partial<PageProfile> = {}): PageProfile {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    handle: 'fern_friends',
    name: 'Fitzroy Fern Friends',
    about: 'We swap ferns on Sundays.',
    avatarUrl: null,
    owner_id: fernProfile.uuid,
    location: {
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.795,
      longitude: 144.975,
    },
    tags: [{ id: 7, name: 'ferns' }],
    can_manage: false,
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

const settings = (pageId: string) => ({
  page_id: pageId,
  allow_messages: true,
  show_upcoming_events: true,
  show_location: true,
});

function details(
  page: PageProfile,
  upcomingEvents = 0,
  posts: { items: unknown[]; next_cursor: string | null } = { items: [], next_cursor: null },
  responders: unknown[] = [],
) {
  return okWith(
    {
      ...page,
      posts,
      counts: { upcomingEvents },
      event_locations: [],
      settings: settings(page.id),
    },
    responders,
  );
}

beforeEach(() => {
  stubCanvas();
  stubIntersectionObserver();
});

describe('/pages', () => {
  it('lists pages with links to them, and loads the next page by cursor', async () => {
    browseAsGuest();
    const first = fakePage();
    const second = fakePage({
      id: '20000000-0000-4000-8000-000000000002',
      handle: 'succulent_swap',
      name: 'Succulent Swap',
    });
    const api = fakeApi().on(
      'GET',
      '/api/page/get-all/0',
      ok({ items: [first], next_cursor: 'c1' }),
    );
    api.on('GET', '/api/page/get-all/c1', ok({ items: [second], next_cursor: null }));
    renderSocial('/pages');

    const link = await screen.findByRole('link', { name: 'Fitzroy Fern Friends' });
    expect(link).toHaveAttribute('href', '/fern_friends');
    // The app's list-item link (text colour, underline on hover), not the browser's blue.
    expect(link).toHaveClass('pf-list-link');
    expect(screen.getByRole('link', { name: 'Pages near you' })).toHaveAttribute(
      'href',
      '/pages/nearby',
    );
    // Guests (and members who are not trusted) are not offered to create one.
    expect(screen.queryByRole('link', { name: 'Create a page' })).toBeNull();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show more pages' }));
    expect(await screen.findByRole('link', { name: 'Succulent Swap' })).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/page/get-all/0')[0].url.searchParams.get('take')).toBe('20');
  });

  it('offers trusted members to create a page', async () => {
    signIn({ ...fernProfile, roles: ['trusted'] });
    fakeApi().on('GET', '/api/page/get-all/0', ok({ items: [], next_cursor: null }));
    renderSocial('/pages');
    expect(await screen.findByText('No pages yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a page' })).toHaveAttribute(
      'href',
      '/pages/new',
    );
  });
});

describe('/{handle} of a page', () => {
  it('shows the page, its tags, an empty upcoming-events section and its posts', async () => {
    browseAsGuest();
    const page = fakePage();
    const post = fakePost({
      text: 'Fern swap this Sunday',
      page_id: page.id,
      page: { id: page.id, handle: page.handle, name: page.name, avatar: null },
    });
    const older = fakePost({ text: 'Last month’s swap', page_id: page.id });
    fakeApi()
      .on('GET', `/api/iam/posts/user-or-page-basic/${page.handle}`, ok({ kind: 'page', page }))
      .on(
        'GET',
        `/api/page/all-details/${page.handle}`,
        details(page, 0, { items: [post], next_cursor: 'p2' }, [fern]),
      )
      .on('GET', `/api/posts/more/by-page/${page.id}`, (request) =>
        request.url.searchParams.get('cursorId') === 'p2'
          ? okWith({ items: [older], next_cursor: null }, [fern])
          : fail(400, 'INVALID_CURSOR'),
      );
    renderSocial(`/${page.handle}`);

    expect(
      await screen.findByRole('heading', { name: 'Fitzroy Fern Friends' }),
    ).toBeInTheDocument();
    expect(screen.getByText('@fern_friends')).toBeInTheDocument();
    expect(screen.getByText('Fitzroy, Victoria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#ferns' })).toHaveAttribute('href', '/tag/ferns');
    const events = screen.getByRole('region', { name: 'Upcoming events' });
    expect(within(events).getByText('No upcoming events yet.')).toBeInTheDocument();
    expect(await screen.findByText('Fern swap this Sunday')).toBeInTheDocument();
    const postedAs = screen.getByText(/Posted as/);
    expect(within(postedAs).getByRole('link', { name: page.name })).toHaveAttribute(
      'href',
      `/${page.handle}`,
    );
    // No edit link for others, and no dead "Message" button.
    expect(screen.queryByRole('link', { name: 'Edit page' })).toBeNull();
    expect(screen.queryByRole('button', { name: /message/i })).toBeNull();
    // Anyone may share the page and follow it to its events.
    expect(screen.getByRole('button', { name: `Share page ${page.name}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the page’s events' })).toHaveAttribute(
      'href',
      `/${page.handle}/events`,
    );
    expect(screen.queryByRole('link', { name: 'Create an event' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Fitzroy Fern Friends · Plantfolk'));
    // More posts by cursor.
    await userEvent.setup().click(screen.getByRole('button', { name: /show more/i }));
    expect(await screen.findByText('Last month’s swap')).toBeInTheDocument();
  });

  it('counts upcoming dates when the events module reports some, and offers the owner to edit', async () => {
    signIn();
    const page = fakePage({ can_manage: true });
    fakeApi()
      .on('GET', `/api/iam/posts/user-or-page-basic/${page.handle}`, ok({ kind: 'page', page }))
      .on('GET', `/api/page/all-details/${page.handle}`, details(page, 2));
    renderSocial(`/${page.handle}`);
    expect(await screen.findByText('2 upcoming dates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit page' })).toHaveAttribute(
      'href',
      '/fern_friends/edit',
    );
    expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute(
      'href',
      '/fern_friends/events/new',
    );
  });
});

describe('/{handle}/edit', () => {
  it('takes a member’s own handle to where their profile is edited, asking for no page', async () => {
    signIn(maria);
    const api = fakeApi();
    const { router } = renderSocial('/Maria/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(api.requestsTo('GET', '/api/iam/pages/single-page/Maria')).toHaveLength(0);
  });

  it('tells a member who does not manage the page that they may not edit it', async () => {
    signIn(maria);
    const page: PageWithSettings = { ...fakePage(), settings: settings(fakePage().id) };
    fakeApi().on('GET', `/api/iam/pages/single-page/${page.handle}`, ok(page));
    renderSocial(`/${page.handle}/edit`);
    expect(
      await screen.findByText('Only the page’s owner (or an admin) can edit it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit page' })).toBeNull();
  });

  it('saves the owner’s changes and settings', async () => {
    signIn();
    const page: PageWithSettings = {
      ...fakePage({ can_manage: true }),
      settings: settings(fakePage().id),
    };
    const api = fakeApi()
      .on('GET', `/api/iam/pages/single-page/${page.handle}`, ok(page))
      .on('PUT', '/api/iam/pages/update', (request) =>
        ok({ ...page, ...(request.body as object), handle: page.handle }),
      )
      .on('POST', '/api/iam/tags/new', ok({ id: 7 }, 201))
      .on('PUT', '/api/iam/pages/update-page-settings', (request) =>
        ok({ ...page.settings, ...(request.body as object) }),
      );
    renderSocial(`/${page.handle}/edit`);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Fern Friends of Fitzroy');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const [update] = api.requestsTo('PUT', '/api/iam/pages/update');
    expect(update.body).toMatchObject({ pageId: page.id, name: 'Fern Friends of Fitzroy' });
    expect(update.body).not.toHaveProperty('handle');
    await user.click(screen.getByRole('switch', { name: /Show where the group meets/ }));
    await waitFor(() =>
      expect(api.requestsTo('PUT', '/api/iam/pages/update-page-settings')[0]?.body).toEqual({
        pageId: page.id,
        show_location: false,
      }),
    );
  });
});

describe('/pages/new', () => {
  it('checks the handle, refuses a reserved one, and creates the page', async () => {
    signIn({ ...fernProfile, roles: ['trusted'] });
    const created = fakePage({ handle: 'fern_club', name: 'Fern Club', can_manage: true });
    const api = fakeApi()
      .on('GET', '/api/iam/posts/user-or-page-basic/fern_club', fail(404, 'USER_NOT_FOUND'))
      .on('POST', '/api/iam/pages/new', ok(created, 201))
      .on('GET', `/api/iam/posts/user-or-page-basic/fern_club`, fail(404, 'USER_NOT_FOUND'));
    renderSocial('/pages/new');
    const user = userEvent.setup();
    const handle = await screen.findByRole('textbox', { name: /Handle/ });
    await user.type(handle, 'pages');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Fern Club');
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    expect(
      await screen.findByText('This word is reserved; choose another handle'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/pages/new')).toHaveLength(0);

    await user.clear(handle);
    await user.type(handle, 'fern_club');
    await user.tab();
    expect(await screen.findByText('@fern_club is free')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/iam/pages/new')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/iam/pages/new')[0].body).toEqual({
      handle: 'fern_club',
      name: 'Fern Club',
      about: '',
      tagIdArr: [],
    });
  });

  it('shows a taken handle at the field', async () => {
    signIn({ ...fernProfile, roles: ['trusted'] });
    fakeApi().on('POST', '/api/iam/pages/new', fail(409, 'HANDLE_TAKEN'));
    renderSocial('/pages/new');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Handle/ }), 'maria');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Maria’s page');
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText('This handle is taken; choose another')).toBeInTheDocument();
  });
});

describe('/pages/nearby', () => {
  it('lists the pages nearest the member’s area with their distance', async () => {
    signIn();
    const page = fakePage();
    const api = fakeApi().on(
      'GET',
      '/api/page/location/nearby-pages',
      ok([{ ...page, distance_km: 3 }]),
    );
    renderSocial('/pages/nearby');
    const list = await screen.findByRole('list', { name: 'Pages nearby' });
    expect(within(list).getByText(/3 km/)).toBeInTheDocument();
    const query = api.requestsTo('GET', '/api/page/location/nearby-pages')[0].url.searchParams;
    expect(query.get('lat')).toBe(String(fernProfile.location!.latitude));
    expect(query.get('take')).toBe('20');
  });

  it('starts a guest from their internet address’s area', async () => {
    browseAsGuest();
    const api = fakeApi()
      .on(
        'GET',
        '/api/location/from-ip',
        ok({
          latitude: -33.865,
          longitude: 151.205,
          fallback: false,
          city: 'Sydney',
          state: 'New South Wales',
          country_code: 'AU',
          attribution: { text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' },
        }),
      )
      .on('GET', '/api/page/location/nearby-pages', ok([]));
    renderSocial('/pages/nearby');
    expect(await screen.findByText('No pages within 100 km yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeInTheDocument();
    expect(
      api.requestsTo('GET', '/api/page/location/nearby-pages')[0].url.searchParams.get('lat'),
    ).toBe('-33.865');
  });

  it('asks a guest for a place when the address tells nothing', async () => {
    browseAsGuest();
    const api = fakeApi().on(
      'GET',
      '/api/location/from-ip',
      ok({
        latitude: 0,
        longitude: 0,
        fallback: true,
        city: null,
        state: null,
        country_code: null,
        attribution: null,
      }),
    );
    renderSocial('/pages/nearby');
    expect(await screen.findByText('Choose a place to see the pages near it.')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/page/location/nearby-pages')).toHaveLength(0);
  });
});

describe('posting as a page', () => {
  it('lets a member who owns a page post as it from the composer', async () => {
    signIn({ ...fernProfile, roles: ['trusted'] });
    const page = fakePage({ can_manage: true });
    const others = fakePage({
      id: '20000000-0000-4000-8000-000000000009',
      handle: 'not_mine',
      name: 'Not mine',
      owner_id: maria.uuid,
    });
    const api = fakeApi()
      .on('GET', '/api/iam/posts/init-recent', okWith({ items: [], next_cursor: null }, []))
      .on('GET', `/api/iam/pages/get-all-by-user/${fernProfile.uuid}`, ok([page, others]))
      .on('POST', '/api/iam/posts/new', (request) =>
        ok(
          fakePost({
            text: (request.body as { text: string }).text,
            page_id: page.id,
            page: { id: page.id, handle: page.handle, name: page.name, avatar: null },
          }),
          201,
        ),
      );
    renderSocial('/');
    const form = await screen.findByRole('form', { name: 'New post' });
    const user = userEvent.setup({ delay: null });
    const postAs = await within(form).findByRole('combobox', { name: 'Post as' });
    await user.click(postAs);
    expect(screen.queryByRole('option', { name: 'Not mine' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: page.name }));
    await user.click(within(form).getByRole('textbox', { name: 'What would you like to share?' }));
    await user.paste('Fern swap on Sunday');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/iam/posts/new')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/iam/posts/new')[0].body).toMatchObject({
      text: 'Fern swap on Sunday',
      page_id: page.id,
    });
  });

  it('offers no choice to a member without pages', async () => {
    signIn();
    const api = fakeApi().on(
      'GET',
      '/api/iam/posts/init-recent',
      okWith({ items: [], next_cursor: null }, []),
    );
    renderSocial('/');
    const form = await screen.findByRole('form', { name: 'New post' });
    expect(within(form).queryByRole('combobox', { name: 'Post as' })).toBeNull();
    // Not trusted: nobody asks for their pages.
    expect(api.requestsTo('GET', /get-all-by-user/)).toHaveLength(0);
  });
});
