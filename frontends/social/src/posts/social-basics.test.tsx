import {
  fakeComment,
  fakePlantListing,
  fakePost,
  fakeResponder,
  ok,
  okWith,
} from '@plantfolk/api-client/testing';
import { formatFullDate } from '@plantfolk/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browseAsGuest,
  fakeApi,
  mariaResponder,
  renderSocial,
  signIn,
} from '../testing/social-test-kit';

const fern = fakeResponder();
const maria = { ...mariaResponder, display_name: 'Maria R.' };

/** A member's feed holding these posts. */
async function feedOf(...posts: Array<ReturnType<typeof fakePost>>) {
  signIn();
  const api = fakeApi().on(
    'GET',
    '/api/iam/posts/init-recent',
    okWith({ items: posts, next_cursor: null }, [fern, maria]),
  );
  renderSocial('/');
  await screen.findAllByRole('article');
  return { api, user: userEvent.setup() };
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('an edited post', () => {
  it('says "Edited" with the exact time, and nothing on a post never edited', async () => {
    const editedAt = '2025-05-02T08:30:00.000Z';
    await feedOf(
      fakePost({ text: 'Changed my mind', edited_at: editedAt }),
      fakePost({ text: 'As first written' }),
    );
    const edited = screen.getByText('Changed my mind').closest('article')!;
    const marker = within(edited).getByText('Edited');
    expect(marker).toHaveAccessibleName(`Edited ${formatFullDate(editedAt)}`);
    expect(marker).toHaveAttribute('title', `Edited ${formatFullDate(editedAt)}`);
    const plain = screen.getByText('As first written').closest('article')!;
    expect(within(plain).queryByText('Edited')).toBeNull();
  });

  it('shows the author’s display name first, then their username', async () => {
    await feedOf(fakePost({ user_id: maria.uuid, text: 'From maria' }));
    expect(screen.getByRole('article', { name: 'Maria R. @maria' })).toHaveTextContent(
      'From maria',
    );
  });
});

describe('who liked a post', () => {
  it('opens from the count: names and pictures linking to profiles, paged', async () => {
    const post = fakePost({ reaction_count: 3 });
    const { api, user } = await feedOf(post);
    const path = `/api/iam/posts/reactions/post/${post.random_id}`;
    api.on('GET', path, (request) =>
      request.url.searchParams.get('cursorId') === 'next-1'
        ? okWith(
            {
              items: [{ id: 'r-1', user_id: fern.uuid, created_at: '2025-05-01T10:00:00.000Z' }],
              next_cursor: null,
            },
            [fern],
          )
        : okWith(
            {
              items: [
                { id: 'r-3', user_id: maria.uuid, created_at: '2025-05-01T12:00:00.000Z' },
                { id: 'r-2', user_id: 'gone-member', created_at: '2025-05-01T11:00:00.000Z' },
              ],
              next_cursor: 'next-1',
            },
            [maria],
          ),
    );

    await user.click(
      screen.getByRole('button', { name: '3 likes: see who liked the post by fern' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Liked by' });
    const list = await within(dialog).findByRole('list', { name: 'Members who liked this' });
    expect(within(list).getByRole('link', { name: 'Maria R. @maria' })).toHaveAttribute(
      'href',
      '/maria',
    );
    expect(within(list).getByText('A Plantfolk member')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByRole('link', { name: 'fern' })).toHaveAttribute(
      'href',
      '/fern',
    );
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.requestsTo('GET', path)).toHaveLength(2);
  });

  it('offers no list when nobody has liked the post', async () => {
    await feedOf(fakePost({ reaction_count: 0 }));
    expect(screen.queryByRole('button', { name: /see who liked/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Like post by fern, 0 likes/ })).toBeVisible();
  });

  it('lets a guest see who liked a public post', async () => {
    browseAsGuest();
    const post = fakePost({ reaction_count: 1 });
    fakeApi()
      .on(
        'GET',
        '/api/content-items/recent',
        okWith({ contentItems: [post], counts: { posts: 1, plants: 0 }, next_cursor: null }, [
          fern,
        ]),
      )
      .on(
        'GET',
        `/api/iam/posts/reactions/post/${post.random_id}`,
        okWith(
          {
            items: [{ id: 'r-1', user_id: maria.uuid, created_at: '2025-05-01T12:00:00.000Z' }],
            next_cursor: null,
          },
          [maria],
        ),
      );
    renderSocial('/');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: '1 like: see who liked the post by fern' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Liked by' });
    expect(await within(dialog).findByRole('link', { name: 'Maria R. @maria' })).toBeVisible();
  });
});

describe('sharing', () => {
  it('copies a post’s link where there is no share sheet, and says so', async () => {
    const post = fakePost();
    const { user } = await feedOf(post);
    // After userEvent.setup, which puts a clipboard of its own in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: 'Share post by fern' }));

    expect(await screen.findByText('Link copied')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${post.random_id}`);
  });

  it('shares a plant listing by its plant page', async () => {
    const listing = fakePlantListing({ name: 'Hoya carnosa' });
    const { user } = await feedOf(listing);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: 'Share plant Hoya carnosa' }));

    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/plant/${listing.plant!.id}`,
      ),
    );
  });
});

describe('a plant listing’s distance', () => {
  it('says how far away the owner is, in whole km, and nothing when the API gives none', async () => {
    await feedOf(
      fakePlantListing({ name: 'Near fern', distance_km: 6 }),
      fakePlantListing({ name: 'Unplaced fern', distance_km: null }),
    );
    const near = screen.getByRole('heading', { name: 'Near fern' }).closest('article')!;
    expect(within(near).getByText('6 km away')).toBeVisible();
    const unplaced = screen.getByRole('heading', { name: 'Unplaced fern' }).closest('article')!;
    expect(within(unplaced).queryByText(/km away/)).toBeNull();
  });
});

describe('editing one’s own comment', () => {
  it('changes it in place and marks it edited; others’ comments offer no Edit', async () => {
    signIn();
    const post = fakePost({ comment_count: 2 });
    const mine = fakeComment({ post_id: post.id, content: 'Water weekly' });
    const hers = fakeComment({ post_id: post.id, user_id: maria.uuid, content: 'Thanks!' });
    const editedAt = '2025-05-03T09:00:00.000Z';
    const api = fakeApi()
      .on('GET', `/api/iam/posts/${post.random_id}`, okWith(post, [fern]))
      .on(
        'GET',
        `/api/iam/posts/comments/${post.random_id}`,
        okWith({ items: [mine, hers], next_cursor: null }, [fern, maria]),
      )
      .on('PUT', '/api/iam/posts/comment/update', (request) =>
        ok({
          ...mine,
          content: (request.body as { content: string }).content,
          edited_at: editedAt,
        }),
      );
    renderSocial(`/post/${post.random_id}`);
    const user = userEvent.setup();
    const comments = await screen.findByRole('region', { name: /^Comments/ });
    await within(comments).findByText('Water weekly');
    const herComment = within(comments).getByRole('article', { name: 'Comment by maria' });
    expect(within(herComment).queryByRole('button', { name: /^Edit/ })).toBeNull();

    const myComment = within(comments).getByRole('article', { name: 'Comment by fern' });
    await user.click(within(myComment).getByRole('button', { name: 'Edit your comment' }));
    const box = await within(myComment).findByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'Water every ten days');
    await user.click(within(myComment).getByRole('button', { name: 'Save' }));

    expect(await within(myComment).findByText('Water every ten days')).toBeVisible();
    expect(within(myComment).getByText('Edited')).toHaveAccessibleName(
      `Edited ${formatFullDate(editedAt)}`,
    );
    expect(api.requestsTo('PUT', '/api/iam/posts/comment/update')[0]!.body).toEqual({
      id: mine.id,
      uuid: fern.uuid,
      content: 'Water every ten days',
    });
  });
});
