import { fakePost, fakeResponder, okWith } from '@plantfolk/api-client/testing';
import { requestFeedReload } from '@plantfolk/ui';
import { EXTRA_PAGE_DELAY_MS } from '@plantfolk/ui/cursor-list';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  browseAsGuest,
  fakeApi,
  mariaResponder,
  renderSocial,
  signIn,
  stubIntersectionObserver,
} from '../testing/social-test-kit';

const fern = fakeResponder();
const page = (items: unknown[], next_cursor: string | null) => ({ items, next_cursor });

/** The posts of the feed, by their text, top to bottom. */
const feedTexts = (name = 'Your news feed') =>
  within(screen.getByRole('feed', { name }))
    .getAllByRole('article')
    .map((article) => article.querySelector('.pf-post-card__text')?.textContent);

describe('news feed of a member', () => {
  const first = [
    fakePost({ text: 'Repotted the monstera' }),
    fakePost({ text: 'Looking for a fern', user_id: mariaResponder.uuid }),
  ];
  const second = [fakePost({ text: 'Cuttings are rooting' })];
  const third = [fakePost({ text: 'My oldest post', user_id: mariaResponder.uuid })];

  function feedApi() {
    const answered: Record<string, number> = {};
    const api = fakeApi()
      .on(
        'GET',
        '/api/iam/posts/init-recent',
        okWith(page(first, 'cursor-1'), [fern, mariaResponder]),
      )
      .on('GET', '/api/iam/posts/more-recent/cursor-1', () => {
        answered['cursor-1'] = performance.now();
        return okWith(page(second, 'cursor-2'), [fern]);
      })
      .on('GET', '/api/iam/posts/more-recent/cursor-2', () => {
        answered['cursor-2'] = performance.now();
        return okWith(page(third, null), [mariaResponder]);
      });
    return { api, answered };
  }

  it('shows the first page with each post’s author from the responders', async () => {
    signIn();
    const { api } = feedApi();
    renderSocial('/');

    const feed = await screen.findByRole('feed', { name: 'Your news feed' });
    const [mine, marias] = within(feed).getAllByRole('article');
    expect(within(mine!).getByRole('heading', { name: 'fern' })).toBeInTheDocument();
    expect(within(mine!).getByText('Repotted the monstera')).toBeInTheDocument();
    expect(within(mine!).getByText(/Fitzroy, Victoria/)).toBeInTheDocument();
    expect(within(marias!).getByRole('link', { name: 'maria' })).toHaveAttribute('href', '/maria');
    expect(within(marias!).getByText(/Brunswick, Victoria/)).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/content-items/recent')).toHaveLength(0);
  });

  it('loads the next page by cursor as the end scrolls into view, 250 ms after it arrives, once per cursor', async () => {
    signIn();
    const io = stubIntersectionObserver();
    const { api, answered } = feedApi();
    renderSocial('/');
    await screen.findByText('Repotted the monstera');

    // The end stays in view while the page is on its way: still one request.
    act(() => io.reveal());
    act(() => io.reveal());
    await waitFor(() => expect(answered['cursor-1']).toBeDefined());
    act(() => io.reveal());

    // Applied no sooner than 250 ms after the API answered.
    await screen.findByText('Cuttings are rooting');
    expect(performance.now() - answered['cursor-1']!).toBeGreaterThanOrEqual(
      EXTRA_PAGE_DELAY_MS - 5,
    );
    expect(feedTexts()).toEqual([
      'Repotted the monstera',
      'Looking for a fern',
      'Cuttings are rooting',
    ]);
    act(() => io.reveal());
    act(() => io.reveal());
    await screen.findByText('My oldest post');

    // next_cursor null: nothing more to ask for, however often the end is seen.
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(io.watching()).toBe(0);
    act(() => io.reveal());
    expect(api.requestsTo('GET', '/api/iam/posts/more-recent/cursor-1')).toHaveLength(1);
    expect(api.requestsTo('GET', '/api/iam/posts/more-recent/cursor-2')).toHaveLength(1);
    expect(api.requestsTo('GET', /^\/api\/iam\/posts\/more-recent\//)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
  });

  it('asks once for a page however often “Show more posts” is pressed', async () => {
    signIn();
    const { api } = feedApi();
    renderSocial('/');

    const button = await screen.findByRole('button', { name: 'Show more posts' });
    // Two quick presses, before the screen has caught up with the first.
    act(() => {
      button.click();
      button.click();
    });
    // The button gives way to a loading status.
    expect(await screen.findByText('Loading more…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
    await screen.findByText('Cuttings are rooting');
    expect(api.requestsTo('GET', '/api/iam/posts/more-recent/cursor-1')).toHaveLength(1);
  });

  it('starts over from the newest page when the logo asks for a reload', async () => {
    signIn();
    const io = stubIntersectionObserver();
    const { api } = feedApi();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderSocial('/');
    await screen.findByText('Repotted the monstera');
    act(() => io.reveal());
    await screen.findByText('Cuttings are rooting');

    const fresh = fakePost({ text: 'Just shared' });
    api.on(
      'GET',
      '/api/iam/posts/init-recent',
      okWith(page([fresh, ...first], 'cursor-1'), [fern]),
    );
    act(() => requestFeedReload());

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByText('Refreshing your feed…')).toBeInTheDocument();
    await screen.findByText('Just shared');
    // Only the first page again: the extra pages are dropped, not asked for again.
    expect(feedTexts()).toEqual(['Just shared', 'Repotted the monstera', 'Looking for a fern']);
    expect(api.requestsTo('GET', '/api/iam/posts/init-recent')).toHaveLength(2);
    expect(api.requestsTo('GET', /^\/api\/iam\/posts\/more-recent\//)).toHaveLength(1);
    // The reload counts as done 250 ms after the new page is in.
    await waitFor(() => expect(screen.queryByText('Refreshing your feed…')).toBeNull());
  });

  it('says what to do when the feed is empty', async () => {
    signIn();
    fakeApi().on('GET', '/api/iam/posts/init-recent', okWith(page([], null), []));
    renderSocial('/');

    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your interests' })).toHaveAttribute(
      'href',
      '/user/interests',
    );
  });

  it('offers to try again when the feed does not load', async () => {
    signIn();
    const api = fakeApi().on('GET', '/api/iam/posts/init-recent', {
      status: 500,
      error: { code: 'INTERNAL', message: 'The feed is resting.' },
    });
    renderSocial('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This list did not load');
    expect(alert).toHaveTextContent('The feed is resting.');
    api.on('GET', '/api/iam/posts/init-recent', okWith(page(first, null), [fern]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Repotted the monstera')).toBeInTheDocument();
  });
});

describe('news feed of a guest', () => {
  it('shows the public content items with how much has been shared, and loads more by cursor', async () => {
    browseAsGuest();
    const io = stubIntersectionObserver();
    const api = fakeApi()
      .on(
        'GET',
        '/api/content-items/recent',
        okWith(
          {
            contentItems: [fakePost({ text: 'Public monstera' })],
            counts: { posts: 1234, plants: 56 },
            next_cursor: 'guest-1',
          },
          [fern],
        ),
      )
      .on(
        'GET',
        '/api/content-items/more/guest-1',
        okWith(
          {
            contentItems: [fakePost({ text: 'Older public post' })],
            counts: { posts: 1234, plants: 56 },
            next_cursor: null,
          },
          [fern],
        ),
      );
    renderSocial('/');

    expect(await screen.findByText('Public monstera')).toBeInTheDocument();
    expect(screen.getByText('1,234 posts and 56 plant listings shared so far')).toBeInTheDocument();
    expect(screen.getByRole('feed', { name: 'Recent posts' })).toBeInTheDocument();
    // Guests see counts, not buttons, and no composer.
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New post' })).toBeNull();

    act(() => io.reveal());
    expect(await screen.findByText('Older public post')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/iam/posts/init-recent')).toHaveLength(0);
    expect(api.requestsTo('GET', '/api/content-items/more/guest-1')).toHaveLength(1);
  });
});
