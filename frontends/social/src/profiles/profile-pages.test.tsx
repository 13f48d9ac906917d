import {
  fakeCounts,
  fakePlantListing,
  fakePost,
  fakeResponder,
  ok,
  okWith,
} from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  browseAsGuest,
  fakeApi,
  mariaResponder,
  renderSocial,
  signIn,
  stubCanvas,
} from '../testing/social-test-kit';

const fern = fakeResponder();
const page = (items: unknown[]) => ({ items, next_cursor: null });
const texts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((article) => article.querySelector('.pf-post-card__text')?.textContent);

// Plant listings carry photos, whose blurhash is decoded into a canvas.
beforeEach(stubCanvas);

describe('my profile', () => {
  function myProfileApi() {
    return fakeApi()
      .on(
        'GET',
        `/api/iam/posts/usercounts/byuser/${fern.uuid}`,
        ok(fakeCounts({ posts: 1234, plantsAvail: 3, plantsAll: 1002 })),
      )
      .on(
        'GET',
        `/api/iam/posts/bymyuser/${fern.uuid}`,
        okWith(page([fakePost({ text: 'My first post' })]), [fern]),
      )
      .on(
        'GET',
        `/api/iam/posts/plantsbyuser/${fern.uuid}/plantsAvail/20`,
        okWith(
          page([fakePlantListing({ name: 'Spare pothos' }, { text: 'Free to a good home' })]),
          [fern],
        ),
      )
      .on(
        'GET',
        `/api/iam/posts/plantsbyuser/${fern.uuid}/plantsAll/20`,
        okWith(
          page([
            fakePlantListing({ name: 'Spare pothos' }, { text: 'Free to a good home' }),
            fakePlantListing({ name: 'Old fern', available: false }, { text: 'Gone already' }),
          ]),
          [fern],
        ),
      );
  }

  it('shows posts, available plants and all plants in tabs with their counts', async () => {
    signIn();
    const api = myProfileApi();
    const { router } = renderSocial('/profile');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'fern' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Posts 1,234' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Plants available 3' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All plants 1,002' })).toBeInTheDocument();
    expect(texts(await screen.findByRole('feed', { name: 'Posts' }))).toEqual(['My first post']);
    // A plant list loads when its tab is opened, not before.
    expect(api.requestsTo('GET', /^\/api\/iam\/posts\/plantsbyuser\//)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: /Plants available/ }));
    expect(texts(await screen.findByRole('feed', { name: 'Plants available' }))).toEqual([
      'Free to a good home',
    ]);
    expect(router.state.location.search).toBe('?tab=available');

    await user.click(screen.getByRole('tab', { name: /All plants/ }));
    const all = await screen.findByRole('feed', { name: 'All plants' });
    expect(texts(all)).toEqual(['Free to a good home', 'Gone already']);
    expect(within(all).getByText('Not available')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=plants');
  });

  it('opens the tab the address names', async () => {
    signIn();
    myProfileApi();
    renderSocial('/profile?tab=plants');

    expect(await screen.findByRole('feed', { name: 'All plants' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /All plants/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('puts a new post on top of my posts and asks for the counts again', async () => {
    signIn();
    const api = myProfileApi().on(
      'POST',
      '/api/iam/posts/new',
      ok(fakePost({ text: 'Shared from my profile' }), 201),
    );
    renderSocial('/profile');
    const user = userEvent.setup();
    await screen.findByText('My first post');

    const form = screen.getByRole('form', { name: 'New post' });
    await user.click(within(form).getByRole('textbox', { name: 'What would you like to share?' }));
    await user.paste('Shared from my profile');
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    await waitFor(() =>
      expect(texts(screen.getByRole('feed', { name: 'Posts' }))).toEqual([
        'Shared from my profile',
        'My first post',
      ]),
    );
    await waitFor(() =>
      expect(api.requestsTo('GET', `/api/iam/posts/usercounts/byuser/${fern.uuid}`)).toHaveLength(
        2,
      ),
    );
  });
});

describe('my plants', () => {
  it('switches between the available plants and all of them, with their counts', async () => {
    signIn();
    const api = fakeApi()
      .on(
        'GET',
        `/api/iam/posts/usercounts/byuser/${fern.uuid}`,
        ok(fakeCounts({ posts: 4, plantsAvail: 1, plantsAll: 1234 })),
      )
      .on(
        'GET',
        `/api/iam/posts/plantsbyuser/${fern.uuid}/plantsAvail/20`,
        okWith(page([fakePlantListing({}, { text: 'Still here' })]), [fern]),
      )
      .on(
        'GET',
        `/api/iam/posts/plantsbyuser/${fern.uuid}/plantsAll/20`,
        okWith(
          page([
            fakePlantListing({}, { text: 'Still here' }),
            fakePlantListing({ available: false }, { text: 'Found a home' }),
          ]),
          [fern],
        ),
      );
    renderSocial('/profile/plants');
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'List a plant' })).toHaveAttribute(
      'href',
      '/profile/plants/create',
    );
    expect(texts(await screen.findByRole('feed', { name: 'Your available plants' }))).toEqual([
      'Still here',
    ]);
    expect(await screen.findByRole('radio', { name: 'All (1,234)' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Available (1)' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'All (1,234)' }));
    expect(texts(await screen.findByRole('feed', { name: 'All your plants' }))).toEqual([
      'Still here',
      'Found a home',
    ]);
    expect(api.requestsTo('GET', /plantsbyuser\/.*\/plantsAll\//)).toHaveLength(1);
  });
});

describe('a member’s profile by handle', () => {
  it('shows another member’s posts and plants through the public routes', async () => {
    browseAsGuest();
    const api = fakeApi()
      .on(
        'GET',
        '/api/iam/posts/user-or-page-basic/maria',
        ok({
          kind: 'user',
          user: mariaResponder,
          counts: fakeCounts({ posts: 2, plantsAvail: 1, plantsAll: 1 }),
        }),
      )
      .on(
        'GET',
        '/api/posts/maria',
        okWith(page([fakePost({ text: 'Maria’s post', user_id: mariaResponder.uuid })]), [
          mariaResponder,
        ]),
      )
      .on(
        'GET',
        '/api/plants/by-user/maria',
        okWith(
          page([
            fakePlantListing(
              { name: 'Maria’s aloe' },
              { text: 'Aloe pups', user_id: mariaResponder.uuid },
            ),
          ]),
          [mariaResponder],
        ),
      );
    renderSocial('/maria');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'maria' })).toBeInTheDocument();
    expect(screen.getByText('Brunswick, Victoria')).toBeInTheDocument();
    expect(texts(await screen.findByRole('feed', { name: 'Posts' }))).toEqual(['Maria’s post']);

    await user.click(screen.getByRole('tab', { name: /Plants available/ }));
    expect(texts(await screen.findByRole('feed', { name: 'Plants available' }))).toEqual([
      'Aloe pups',
    ]);
    expect(
      api.requestsTo('GET', '/api/plants/by-user/maria')[0]!.url.searchParams.get('filter'),
    ).toBe('plantsAvail');
  });
});
