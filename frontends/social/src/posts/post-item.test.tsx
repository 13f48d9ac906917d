import {
  fail,
  fakePhoto,
  fakePost,
  fakeResponder,
  ok,
  okWith,
} from '@plantfolk/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  browseAsGuest,
  deferred,
  fakeApi,
  renderSocial,
  signIn,
  stubCanvas,
} from '../testing/social-test-kit';
import { REACT_FAILED, UNREACT_FAILED } from './use-reaction';

const fern = fakeResponder();

/** A member's feed holding `post`; answers the reaction calls as the test says. */
async function feedWith(post: ReturnType<typeof fakePost>) {
  signIn();
  const api = fakeApi().on(
    'GET',
    '/api/iam/posts/init-recent',
    okWith({ items: [post], next_cursor: null }, [fern]),
  );
  renderSocial('/');
  const like = await screen.findByRole('button', { name: /^Like post by fern, / });
  return { api, like, user: userEvent.setup() };
}

/** The count beside the heart (a button of its own, which lists who liked the post). */
const countOf = (button: HTMLElement) =>
  within(button.parentElement!).getByTestId('reaction-count').textContent;

describe('reacting to a post', () => {
  it('counts the like at once, then takes the API’s count', async () => {
    const answer = deferred<ReturnType<typeof ok>>();
    const { api, like, user } = await feedWith(fakePost({ reaction_count: 1233 }));
    api.on('POST', '/api/iam/posts/reaction/new', () => answer.promise);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(countOf(like)).toBe('1,233');
    // The name says the count the button shows (WCAG 2.5.3).
    expect(like).toHaveAccessibleName('Like post by fern, 1,233 likes');

    await user.click(like);

    // Before the API has answered.
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(countOf(like)).toBe('1,234');
    expect(like).toHaveAttribute('aria-busy', 'true');
    answer.resolve(ok({ id: 'reaction-1', reaction_count: 1240 }, 201));
    await waitFor(() => expect(countOf(like)).toBe('1,240'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(api.requestsTo('POST', '/api/iam/posts/reaction/new')[0]!.body).toEqual({
      postId: expect.any(String),
    });
  });

  it('puts the count back and says so when the API refuses the like', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = deferred<ReturnType<typeof fail>>();
    const { api, like, user } = await feedWith(fakePost({ reaction_count: 4 }));
    api.on('POST', '/api/iam/posts/reaction/new', () => answer.promise);

    await user.click(like);
    expect(countOf(like)).toBe('5');
    answer.resolve(fail(500, 'INTERNAL', 'Something broke.'));

    await waitFor(() => expect(countOf(like)).toBe('4'));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your like did not go through. Please try again.',
    );
    expect(logged).toHaveBeenCalledWith(REACT_FAILED);
  });

  it('takes a like back, and restores it when that fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, like, user } = await feedWith(
      fakePost({ reaction_count: 3, my_reaction_id: 'reaction-9' }),
    );
    api.on('DELETE', '/api/iam/posts/reaction', ok({ reaction_count: 2 }));
    expect(like).toHaveAttribute('aria-pressed', 'true');

    await user.click(like);

    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(countOf(like)).toBe('2');
    await waitFor(() => expect(like).not.toHaveAttribute('aria-busy'));
    expect(api.requestsTo('DELETE', '/api/iam/posts/reaction')[0]!.body).toEqual({
      id: 'reaction-9',
    });

    // Liking again, then failing to take it back.
    api.on('POST', '/api/iam/posts/reaction/new', ok({ id: 'reaction-10', reaction_count: 3 }));
    await user.click(like);
    await waitFor(() => expect(like).not.toHaveAttribute('aria-busy'));
    api.on('DELETE', '/api/iam/posts/reaction', fail(500, 'INTERNAL'));
    await user.click(like);

    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(countOf(like)).toBe('3');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your like could not be taken back. Please try again.',
    );
    expect(logged).toHaveBeenCalledWith(UNREACT_FAILED);
    expect(api.requestsTo('DELETE', '/api/iam/posts/reaction')[1]!.body).toEqual({
      id: 'reaction-10',
    });
  });

  it('shows guests the count without a like button', async () => {
    browseAsGuest();
    fakeApi().on(
      'GET',
      '/api/content-items/recent',
      okWith(
        {
          contentItems: [fakePost({ reaction_count: 7 })],
          counts: { posts: 1, plants: 0 },
          next_cursor: null,
        },
        [fern],
      ),
    );
    renderSocial('/');

    // A public post's likers are public: the count opens them.
    expect(
      await screen.findByRole('button', { name: '7 likes: see who liked the post by fern' }),
    ).toHaveTextContent('7');
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
  });
});

describe('photos of a post', () => {
  it('hold their place with the blurhash until the picture has loaded', async () => {
    stubCanvas();
    await feedWith(
      fakePost({
        photos: [
          fakePhoto({ alt_text: 'A monstera leaf', blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj' }),
        ],
      }),
    );

    const image = screen.getByRole('img', { name: 'A monstera leaf' });
    const frame = image.parentElement!;
    expect(frame).toHaveAttribute('data-placeholder', 'blurhash');
    expect(image.getAttribute('src')).toMatch(/^\/storage\/v1\/object\/public\/images\/posts\//);
    fireEvent.load(image);
    expect(frame).not.toHaveAttribute('data-placeholder');
  });

  it('in a feed, give way to the rendered photos once the worker has rendered them', async () => {
    stubCanvas();
    const rendered = fakePhoto({ alt_text: 'A fern frond' });
    const post = fakePost({ photos: [{ ...rendered, variants: [] }] });
    const { api } = await feedWith(post);
    api.on(
      'GET',
      `/api/iam/posts/${post.random_id}`,
      okWith({ ...post, photos: [rendered] }, [fern]),
    );
    // The blurhash stands in (no src) until the post is fetched again with the rendered photo.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'A fern frond' }).getAttribute('src')).toContain(
        rendered.image_ref,
      ),
    );
    expect(api.requestsTo('GET', `/api/iam/posts/${post.random_id}`)).toHaveLength(1);
  });
});
