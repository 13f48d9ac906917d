import {
  fail,
  fakePost,
  fakeResponder,
  fakeTag,
  ok,
  okWith,
  type FakeApi,
} from '@plantfolk/api-client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  browseAsGuest,
  fakeApi,
  maria,
  mariaResponder,
  renderSocial,
  signIn,
} from '../testing/social-test-kit';
import { POST_NOT_FOUND_LOG } from './post-page';

const fern = fakeResponder();
const noComments = okWith({ items: [], next_cursor: null }, []);

/** The API behind a post page: the post (member route) and its comments. */
function postApi(post: ReturnType<typeof fakePost>, api: FakeApi = fakeApi()) {
  return api
    .on('GET', `/api/iam/posts/${post.random_id}`, okWith(post, [fern, mariaResponder]))
    .on('GET', `/api/iam/posts/comments/${post.random_id}`, noComments);
}

const feedTexts = () =>
  within(screen.getByRole('feed', { name: 'Your news feed' }))
    .getAllByRole('article')
    .map((article) => article.querySelector('.pf-post-card__text')?.textContent);

describe('post page', () => {
  it('shows a member the post with its comments', async () => {
    signIn();
    const post = fakePost({ text: 'Propagating pothos', comment_count: 0 });
    postApi(post);
    renderSocial(`/post/${post.random_id}`);

    const article = await screen.findByRole('article', { name: 'fern' });
    expect(within(article).getByText('Propagating pothos')).toBeInTheDocument();
    expect(within(article).getByText('0 comments')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Post by fern · Plantfolk'));
  });

  it('shows a guest a public post through the public route', async () => {
    browseAsGuest();
    const post = fakePost({ text: 'For everyone' });
    const api = fakeApi()
      .on('GET', `/api/post/${post.random_id}`, okWith({ post }, [fern]))
      .on('GET', `/api/iam/posts/comments/${post.random_id}`, noComments);
    renderSocial(`/post/${post.random_id}`);

    expect(await screen.findByText('For everyone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post options' })).toBeNull();
    expect(api.requestsTo('GET', `/api/iam/posts/${post.random_id}`)).toHaveLength(0);
  });

  it('shows the not-found page for a post that does not exist', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi().on('GET', '/api/iam/posts/gone123', fail(404, 'POST_NOT_FOUND', 'Post not found'));
    renderSocial('/post/gone123');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByTestId('error-status')).toHaveTextContent('404');
    expect(
      screen.getByText('This post does not exist, or it is not shared with you.'),
    ).toBeInTheDocument();
    // Logged from an effect, which may run after the page is painted.
    await waitFor(() => expect(logged).toHaveBeenCalledWith(POST_NOT_FOUND_LOG));
  });

  it('offers another member no way to change the post', async () => {
    signIn(maria);
    const post = fakePost({ text: 'Fern’s post' });
    postApi(post);
    renderSocial(`/post/${post.random_id}`);

    await screen.findByText('Fern’s post');
    expect(screen.queryByRole('button', { name: 'Post options' })).toBeNull();
  });

  it('puts a member who follows a link to the comments into the comment box', async () => {
    signIn();
    const post = fakePost({ text: 'Which fern is this?', comment_count: 0 });
    postApi(post);
    renderSocial(`/post/${post.random_id}#comments`);

    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('puts a guest who follows a link to the comments on the comments', async () => {
    browseAsGuest();
    const post = fakePost({ text: 'For everyone' });
    fakeApi()
      .on('GET', `/api/post/${post.random_id}`, okWith({ post }, [fern]))
      .on('GET', `/api/iam/posts/comments/${post.random_id}`, noComments);
    renderSocial(`/post/${post.random_id}#comments`);

    const comments = await screen.findByRole('region', { name: 'Comments' });
    await waitFor(() => expect(comments).toHaveFocus());
  });
});

describe('the author changing a post', () => {
  /** fern's feed with maria's post on top and fern's own below; then fern opens her post. */
  async function openOwnPostFromFeed() {
    signIn();
    const mine = fakePost({
      text: 'My monstera',
      tags: [{ id: 1, name: 'monstera' }],
      privacy: 'public',
    });
    const marias = fakePost({ text: 'Maria’s fern', user_id: mariaResponder.uuid });
    const api = postApi(mine).on(
      'GET',
      '/api/iam/posts/init-recent',
      okWith({ items: [marias, mine], next_cursor: null }, [fern, mariaResponder]),
    );
    const view = renderSocial('/');
    await screen.findByText('My monstera');
    expect(feedTexts()).toEqual(['Maria’s fern', 'My monstera']);
    await act(() => view.router.navigate(`/post/${mine.random_id}`));
    await screen.findByRole('heading', { name: 'Comments' });
    return { api, mine, router: view.router, user: userEvent.setup() };
  }

  /** Back on the feed while its refresh is still out: what the cache holds is what shows. */
  async function backToFeed(api: FakeApi, router: { navigate: (to: string) => Promise<void> }) {
    api.on('GET', '/api/iam/posts/init-recent', () => new Promise(() => {}));
    await act(() => router.navigate('/'));
    await screen.findByRole('feed', { name: 'Your news feed' });
  }

  it('changes who can see it; the post moves to the top of the feed', async () => {
    const { api, mine, router, user } = await openOwnPostFromFeed();
    const bumped = { ...mine, privacy: 'members' as const, bumped_at: new Date().toISOString() };
    api.on('PUT', '/api/iam/posts/privacy', ok(bumped));
    expect(screen.getByRole('img', { name: 'Visible to: Public' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(
      screen.getByRole('menuitem', { name: 'Who can see this: Public (current)' }),
    ).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: 'Who can see this: Members' }));

    expect(await screen.findByRole('img', { name: 'Visible to: Members' })).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/iam/posts/privacy')[0]!.body).toEqual({
      id: mine.id,
      uuid: fern.uuid,
      privacy: 'members',
    });
    await backToFeed(api, router);
    expect(feedTexts()).toEqual(['My monstera', 'Maria’s fern']);
  });

  it('names the edit dialog’s close button, which closes it without saving', async () => {
    const { api, user } = await openOwnPostFromFeed();

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).toBeNull());
    expect(api.requestsTo('PUT', '/api/iam/posts/update/textandtags')).toHaveLength(0);
  });

  it('edits the text and tags; the post moves to the top of the feed', async () => {
    const { api, mine, router, user } = await openOwnPostFromFeed();
    api
      .on('GET', /^\/api\/iam\/tags\/prefix\//, ok([fakeTag({ name: 'aroids' })]))
      .on('PUT', '/api/iam/posts/update/textandtags', (request) => {
        const body = request.body as { text: string; tags: string[] };
        return ok({
          ...mine,
          text: body.text,
          tags: body.tags.map((name, index) => ({ id: 100 + index, name })),
        });
      });

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    expect(text).toHaveValue('My monstera');
    await user.clear(text);
    await user.click(text);
    await user.paste('My monstera has a new leaf');
    await user.click(within(dialog).getByRole('button', { name: 'Remove tag monstera' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'aro');
    await user.click(await within(dialog).findByRole('option', { name: /#aroids/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).toBeNull());
    expect(api.requestsTo('PUT', '/api/iam/posts/update/textandtags')[0]!.body).toEqual({
      postId: mine.id,
      text: 'My monstera has a new leaf',
      tags: ['aroids'],
    });
    const article = screen.getByRole('article', { name: 'fern' });
    expect(within(article).getByText('My monstera has a new leaf')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: '#aroids' })).toHaveAttribute(
      'href',
      '/tag/aroids',
    );
    await backToFeed(api, router);
    expect(feedTexts()).toEqual(['My monstera has a new leaf', 'Maria’s fern']);
  });

  it('moves a post whose privacy changed from the feed to the top at once', async () => {
    signIn();
    const mine = fakePost({ text: 'My monstera' });
    const marias = fakePost({ text: 'Maria’s fern', user_id: mariaResponder.uuid });
    const api = fakeApi()
      .on(
        'GET',
        '/api/iam/posts/init-recent',
        okWith({ items: [marias, mine], next_cursor: null }, [fern, mariaResponder]),
      )
      .on('PUT', '/api/iam/posts/privacy', ok({ ...mine, privacy: 'private' }));
    renderSocial('/');
    const user = userEvent.setup();
    await screen.findByText('My monstera');

    // Only fern's own post has the menu.
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Who can see this: Only me' }));

    await waitFor(() => expect(feedTexts()).toEqual(['My monstera', 'Maria’s fern']));
    expect(screen.getByRole('img', { name: 'Visible to: Only me' })).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/iam/posts/init-recent')).toHaveLength(1);
  });

  it('shows why a change did not go through', async () => {
    const { api, user } = await openOwnPostFromFeed();
    api.on('PUT', '/api/iam/posts/privacy', fail(403, 'NOT_POST_OWNER', 'This is not your post.'));

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Who can see this: Only me' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This is not your post.');
    expect(screen.getByRole('img', { name: 'Visible to: Public' })).toBeInTheDocument();
  });

  it('deletes the post after asking, and leaves for the home page', async () => {
    const { api, mine, router, user } = await openOwnPostFromFeed();
    // The feed's refresh is still out when the home page shows: what shows is the cache.
    api
      .on('DELETE', '/api/iam/posts', ok({ deleted: true }))
      .on('GET', '/api/iam/posts/init-recent', () => new Promise(() => {}));

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.requestsTo('DELETE', '/api/iam/posts')[0]!.body).toEqual({
      postId: mine.id,
      userId: fern.uuid,
    });
    await screen.findByRole('feed', { name: 'Your news feed' });
    expect(feedTexts()).toEqual(['Maria’s fern']);
  });
});
