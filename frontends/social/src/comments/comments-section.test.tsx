import {
  fail,
  fakeComment,
  fakePost,
  fakeProfile,
  fakeResponder,
  ok,
  okWith,
} from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
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

const fern = fakeResponder();

/** fern's post with maria's question, fern's answer to it, and maria's thanks. */
function conversation() {
  const post = fakePost({ text: 'Variegated monstera', comment_count: 3 });
  const question = fakeComment({
    post_id: post.id,
    user_id: mariaResponder.uuid,
    content: 'How often do you water it?',
  });
  const answer = fakeComment({
    post_id: post.id,
    parent_id: question.id,
    level: 1,
    content: 'Once a week.',
  });
  const thanks = fakeComment({
    post_id: post.id,
    user_id: mariaResponder.uuid,
    content: 'Lovely plant!',
  });
  const api = fakeApi()
    .on('GET', `/api/iam/posts/${post.random_id}`, okWith(post, [fern]))
    .on('GET', `/api/post/${post.random_id}`, okWith({ post }, [fern]))
    .on(
      'GET',
      `/api/iam/posts/comments/${post.random_id}`,
      okWith({ items: [question, answer, thanks], next_cursor: null }, [fern, mariaResponder]),
    );
  return { api, post, question, answer, thanks };
}

async function openPost(randomId: string) {
  renderSocial(`/post/${randomId}`);
  const comments = await screen.findByRole('region', { name: /^Comments/ });
  await within(comments).findByText('Lovely plant!');
  return { comments, user: userEvent.setup() };
}

/** The comment with this text, as its article. */
const commentSaying = (text: string) =>
  screen.getByText(text).closest<HTMLElement>('article.pf-comment')!;

/** The texts of the direct replies under a comment. */
const repliesTo = (text: string) =>
  [
    ...commentSaying(text)
      .closest('li')!
      .querySelectorAll(':scope > ul > li > article .pf-post-card__text'),
  ].map((node) => node.textContent);

/** The texts of the comments on the post itself, in order. */
const topLevelComments = (comments: HTMLElement) =>
  [...comments.querySelectorAll(':scope > ul > li > article .pf-post-card__text')].map(
    (node) => node.textContent,
  );

describe('comments of a post', () => {
  it('threads replies under the comment they answer, oldest first', async () => {
    signIn();
    const { post } = conversation();
    const { comments } = await openPost(post.random_id);

    expect(within(comments).getByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
    expect(topLevelComments(comments)).toEqual(['How often do you water it?', 'Lovely plant!']);
    expect(repliesTo('How often do you water it?')).toEqual(['Once a week.']);
    expect(
      within(commentSaying('Once a week.')).getByRole('link', { name: 'fern' }),
    ).toHaveAttribute('href', '/fern');
  });

  it('replies to a comment: says whom it answers, sends the parent, and clears the reply state', async () => {
    signIn();
    const { api, post, question } = conversation();
    api.on('POST', '/api/iam/posts/comment/new', (request) =>
      ok(
        fakeComment({
          post_id: post.id,
          parent_id: (request.body as { parentId: string }).parentId,
          level: 1,
          content: (request.body as { content: string }).content,
        }),
        201,
      ),
    );
    const { comments, user } = await openPost(post.random_id);

    await user.click(
      within(commentSaying('How often do you water it?')).getByRole('button', {
        name: 'Reply to maria',
      }),
    );
    const form = screen.getByRole('form', { name: 'Reply to maria' });
    expect(within(form).getByRole('status')).toHaveTextContent('Replying to @maria');
    // The reply box takes the focus as it opens.
    expect(within(form).getByRole('textbox', { name: 'Reply to maria' })).toHaveFocus();
    // While replying, the reply box stands in for the one at the end.
    expect(screen.queryByRole('form', { name: 'Write a comment' })).toBeNull();
    await user.click(within(form).getByRole('textbox', { name: 'Reply to maria' }));
    await user.paste('  Also mist the leaves.  ');
    await user.click(within(form).getByRole('button', { name: 'Reply' }));

    await waitFor(() =>
      expect(repliesTo('How often do you water it?')).toEqual([
        'Once a week.',
        'Also mist the leaves.',
      ]),
    );
    expect(api.requestsTo('POST', '/api/iam/posts/comment/new')[0]!.body).toEqual({
      postId: post.random_id,
      content: 'Also mist the leaves.',
      parentId: question.id,
    });
    expect(screen.queryByRole('form', { name: 'Reply to maria' })).toBeNull();
    expect(screen.queryByText(/Replying to/)).toBeNull();
    expect(screen.getByRole('form', { name: 'Write a comment' })).toBeInTheDocument();
    expect(within(comments).getByRole('heading', { name: 'Comments (4)' })).toBeInTheDocument();
    expect(screen.getByText('4 comments')).toBeInTheDocument();
  });

  it('cancels a reply', async () => {
    signIn();
    const { post } = conversation();
    const { user } = await openPost(post.random_id);

    await user.click(
      within(commentSaying('Lovely plant!')).getByRole('button', { name: 'Reply to maria' }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }));

    expect(screen.queryByText(/Replying to/)).toBeNull();
    expect(screen.getByRole('form', { name: 'Write a comment' })).toBeInTheDocument();
  });

  it('comments on the post, without a parent', async () => {
    signIn();
    const { api, post } = conversation();
    api.on('POST', '/api/iam/posts/comment/new', (request) =>
      ok(
        fakeComment({ post_id: post.id, content: (request.body as { content: string }).content }),
        201,
      ),
    );
    const { comments, user } = await openPost(post.random_id);
    const form = screen.getByRole('form', { name: 'Write a comment' });

    await user.click(within(form).getByRole('button', { name: 'Comment' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Write your comment first.');

    const box = within(form).getByRole('textbox', { name: 'Write a comment' });
    await user.click(box);
    await user.paste('It is thriving.');
    await user.click(within(form).getByRole('button', { name: 'Comment' }));

    await waitFor(() =>
      expect(topLevelComments(comments)).toEqual([
        'How often do you water it?',
        'Lovely plant!',
        'It is thriving.',
      ]),
    );
    expect(api.requestsTo('POST', '/api/iam/posts/comment/new')[0]!.body).toEqual({
      postId: post.random_id,
      content: 'It is thriving.',
    });
    expect(box).toHaveValue('');
  });

  it('keeps the comment when the API refuses it', async () => {
    signIn();
    const { api, post } = conversation();
    api.on('POST', '/api/iam/posts/comment/new', fail(404, 'POST_NOT_FOUND'));
    const { user } = await openPost(post.random_id);
    const form = screen.getByRole('form', { name: 'Write a comment' });
    const box = within(form).getByRole('textbox', { name: 'Write a comment' });

    await user.click(box);
    await user.paste('Hello?');
    await user.click(within(form).getByRole('button', { name: 'Comment' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This post is no longer there.',
    );
    expect(box).toHaveValue('Hello?');
  });

  it('deletes a comment with every reply under it', async () => {
    signIn();
    const { api, post, question, answer } = conversation();
    api.on('DELETE', '/api/iam/posts/comment', ok({ deleted: [question.id, answer.id] }));
    const { comments, user } = await openPost(post.random_id);

    // fern may delete maria's comment: it is on fern's post.
    await user.click(
      within(commentSaying('How often do you water it?')).getByRole('button', {
        name: 'Delete comment by maria',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent('Every reply to it is deleted too.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('How often do you water it?')).toBeNull());
    expect(screen.queryByText('Once a week.')).toBeNull();
    expect(topLevelComments(comments)).toEqual(['Lovely plant!']);
    expect(api.requestsTo('DELETE', '/api/iam/posts/comment')[0]!.body).toEqual({
      id: question.id,
      uuid: fern.uuid,
    });
    expect(within(comments).getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
  });

  it('takes the loaded replies of a deleted comment off the screen even if the answer names only the comment', async () => {
    signIn();
    const { api, post, question } = conversation();
    api.on('DELETE', '/api/iam/posts/comment', ok({ deleted: [question.id] }));
    const { comments, user } = await openPost(post.random_id);

    await user.click(
      within(commentSaying('How often do you water it?')).getByRole('button', {
        name: 'Delete comment by maria',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this comment?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );

    await waitFor(() => expect(screen.queryByText('How often do you water it?')).toBeNull());
    // Not promoted to the top level: its thread is gone.
    expect(screen.queryByText('Once a week.')).toBeNull();
    expect(topLevelComments(comments)).toEqual(['Lovely plant!']);
    expect(within(comments).getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
  });

  it('likes a comment at once, and takes the like back with a message when the API refuses', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, post, thanks } = conversation();
    api.on('POST', '/api/iam/posts/reaction/new', fail(500, 'INTERNAL'));
    const { user } = await openPost(post.random_id);
    const like = within(commentSaying('Lovely plant!')).getByRole('button', {
      name: 'Like comment by maria, 0 likes',
    });

    await user.click(like);

    expect(await within(commentSaying('Lovely plant!')).findByRole('alert')).toHaveTextContent(
      'Your like did not go through. Please try again.',
    );
    expect(like).toHaveAttribute('aria-pressed', 'false');
    // The count sits beside the heart (a button of its own that lists who liked it).
    expect(within(like.parentElement!).getByTestId('reaction-count')).toHaveTextContent('0');
    expect(api.requestsTo('POST', '/api/iam/posts/reaction/new')[0]!.body).toEqual({
      commentId: thanks.id,
    });

    api.on('POST', '/api/iam/posts/reaction/new', ok({ id: 'reaction-1', reaction_count: 1 }));
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(within(like.parentElement!).getByTestId('reaction-count')).toHaveTextContent('1');
    expect(within(commentSaying('Lovely plant!')).queryByRole('alert')).toBeNull();
  });

  it('lets a commenter delete only their own comments on someone else’s post', async () => {
    signIn(maria);
    const { post } = conversation();
    await openPost(post.random_id);

    expect(
      within(commentSaying('Lovely plant!')).getByRole('button', {
        name: 'Delete comment by maria',
      }),
    ).toBeInTheDocument();
    expect(
      within(commentSaying('Once a week.')).queryByRole('button', { name: /^Delete/ }),
    ).toBeNull();
  });

  it('shows guests the comments and asks them to log in instead of offering a composer', async () => {
    browseAsGuest();
    const { post } = conversation();
    const { comments } = await openPost(post.random_id);

    expect(topLevelComments(comments)).toEqual(['How often do you water it?', 'Lovely plant!']);
    expect(within(comments).getByText('Log in to join the conversation.')).toBeInTheDocument();
    expect(within(comments).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/auth/login?redirect=${encodeURIComponent(`/post/${post.random_id}`)}`,
    );
    expect(screen.queryByRole('form', { name: 'Write a comment' })).toBeNull();
    expect(within(comments).queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(within(comments).queryByRole('button', { name: /^Like/ })).toBeNull();
  });

  it('asks members who have not finished registering to finish first', async () => {
    signIn(fakeProfile({ stage: 'verified', username: null }));
    const { post } = conversation();
    const { comments } = await openPost(post.random_id);

    expect(
      within(comments).getByRole('link', { name: 'Choose your username and location' }),
    ).toHaveAttribute('href', '/auth/register');
    expect(screen.queryByRole('form', { name: 'Write a comment' })).toBeNull();
  });
});
