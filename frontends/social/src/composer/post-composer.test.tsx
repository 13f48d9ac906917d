import {
  fail,
  fakePost,
  fakeResponder,
  fakeTag,
  fakeUploadedPhoto,
  ok,
  okWith,
} from '@plantfolk/api-client/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  controlUploads,
  fakeApi,
  fernProfile,
  fileInput,
  maria,
  picture,
  renderSocial,
  signIn,
} from '../testing/social-test-kit';
import { savePostDraft } from './post-draft';

const fern = fakeResponder();
const ferns = fakeTag({ name: 'ferns', post_count: 1234 });

/** A member on the home page, with one post in the feed and the tag lookup answering. */
async function openComposer() {
  signIn();
  const uploads = controlUploads();
  const api = fakeApi()
    .on(
      'GET',
      '/api/iam/posts/init-recent',
      okWith({ items: [fakePost({ text: 'An older post' })], next_cursor: null }, [fern]),
    )
    .on('GET', /^\/api\/iam\/tags\/prefix\//, ok([ferns]));
  renderSocial('/');
  await screen.findByText('An older post');
  // The home page loads the composer lazily (members only).
  const form = await screen.findByRole('form', { name: 'New post' });
  return { api, uploads, form, user: userEvent.setup({ applyAccept: false, delay: null }) };
}

/** Puts text into a field as pasting does (typing key by key re-renders the form each time). */
async function write(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const feedTexts = () =>
  within(screen.getByRole('feed', { name: 'Your news feed' }))
    .getAllByRole('article')
    .map((article) => article.querySelector('.pf-post-card__text')?.textContent);

describe('post composer', () => {
  it('uploads two photos with progress, then shares the post with alt text, a tag and its privacy', async () => {
    const { api, uploads, form, user } = await openComposer();
    const first = fakeUploadedPhoto();
    const second = fakeUploadedPhoto();

    await user.upload(fileInput(), [picture('monstera.png'), picture('fern.jpg', 'image/jpeg')]);

    // Each photo goes on its own request, shows its preview at once and its own progress.
    expect(uploads).toHaveLength(2);
    expect(
      uploads.map((upload) => [upload.method, upload.url, upload.file('photos').name]),
    ).toEqual([
      ['POST', '/api/iam/posts/photos', 'monstera.png'],
      ['POST', '/api/iam/posts/photos', 'fern.jpg'],
    ]);
    expect(uploads[0]!.headers['x-csrf-token']).toBe('csrf-fern');
    expect(screen.getByRole('img', { name: 'Preview of monstera.png' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByRole('img', { name: 'Preview of fern.jpg' })).toHaveAttribute(
      'src',
      'blob:preview-2',
    );
    act(() => uploads[0]!.progress(1024, 2048));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Uploading monstera.png' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading fern.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );

    // Sharing waits for the uploads.
    await write(
      user,
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
      'New leaves!',
    );
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Wait a moment: the photos are still uploading.',
    );
    act(() => {
      uploads[0]!.finish([first]);
      uploads[1]!.finish([second]);
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    await write(user, screen.getByRole('textbox', { name: 'Alt text for photo 1' }), 'A new leaf');
    expect(screen.getByRole('textbox', { name: 'Alt text for photo 2' })).toHaveValue('');

    // A tag from the prefix lookup.
    await user.type(within(form).getByRole('textbox', { name: 'Tags' }), 'Fer');
    const option = await screen.findByRole('option', { name: /#ferns/ });
    expect(option).toHaveTextContent('1,234 posts');
    expect(api.requestsTo('GET', '/api/iam/tags/prefix/fer/false').length).toBeGreaterThan(0);
    await user.click(option);
    expect(within(form).getByText('#ferns')).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Members' }));

    const created = fakePost({
      text: 'New leaves!',
      privacy: 'members',
      tags: [{ id: ferns.id, name: 'ferns' }],
    });
    api.on('POST', '/api/iam/posts/new', ok(created, 201));
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Your post is shared with Plantfolk members.',
    );
    expect(api.requestsTo('POST', '/api/iam/posts/new').map((request) => request.body)).toEqual([
      {
        text: 'New leaves!',
        privacy: 'members',
        tags: ['ferns'],
        photos: [{ ref: first.ref, alt_text: 'A new leaf' }, { ref: second.ref }],
      },
    ]);
    // The new post is on top of the feed, and the composer is empty again.
    expect(feedTexts()).toEqual(['New leaves!', 'An older post']);
    const [top] = within(screen.getByRole('feed', { name: 'Your news feed' })).getAllByRole(
      'article',
    );
    expect(within(top!).getByRole('img', { name: 'Visible to: Members' })).toBeInTheDocument();
    expect(
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
    ).toHaveValue('');
    expect(within(form).queryByText('#ferns')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).toBeNull();
  });

  it('shows the server’s refusal and keeps the draft', async () => {
    const { api, form, user } = await openComposer();
    api.on('POST', '/api/iam/posts/new', fail(422, 'TAG_LIMIT', 'A post can have up to 10 tags.'));

    await write(
      user,
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
      'Keep me',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Tags' }), 'Fer');
    await user.click(await screen.findByRole('option', { name: /#ferns/ }));
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A post can have up to 10 tags.',
    );
    expect(
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
    ).toHaveValue('Keep me');
    expect(within(form).getByText('#ferns')).toBeInTheDocument();
    expect(feedTexts()).toEqual(['An older post']);
  });

  it('refuses files that are not pictures, or too big, before uploading them', async () => {
    const { uploads, form, user } = await openComposer();

    await user.upload(fileInput(), [
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }),
      picture('monstera.png'),
    ]);

    const problems = within(form)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(problems).toEqual([
      'notes.pdf is not a JPEG, PNG, WebP or GIF picture.',
      'huge.jpg is bigger than 10 MB.',
    ]);
    // Only the picture went up.
    expect(uploads.map((upload) => upload.file('photos').name)).toEqual(['monstera.png']);
    expect(screen.queryByRole('img', { name: 'Preview of notes.pdf' })).toBeNull();
  });

  it('asks for something to share before posting', async () => {
    const { api, form, user } = await openComposer();

    await user.click(within(form).getByRole('button', { name: 'Post' }));

    expect(within(form).getByRole('alert')).toHaveTextContent('Write something or add a photo.');
    expect(api.requestsTo('POST', '/api/iam/posts/new')).toHaveLength(0);
  });

  it('lets an upload the server could not take right now be retried', async () => {
    const { uploads, user } = await openComposer();
    await user.upload(fileInput(), picture('monstera.png'));

    act(() => uploads[0]!.fail(503, 'UNAVAILABLE', 'Try again in a moment.'));
    expect(await screen.findByText('Try again in a moment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry uploading monstera.png' }));

    expect(uploads).toHaveLength(2);
    act(() => uploads[1]!.finish([fakeUploadedPhoto()]));
    await waitFor(() => expect(screen.queryByText('Try again in a moment.')).toBeNull());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers no Retry for a file the server refuses, and says which types it takes', async () => {
    const { api, uploads, form, user } = await openComposer();
    // A picture by its name and type whose bytes are something else.
    await user.upload(fileInput(), picture('holiday.png'));

    act(() =>
      uploads[0]!.fail(
        415,
        'UNSUPPORTED_IMAGE',
        'Only JPEG, PNG, WebP and GIF images can be uploaded',
      ),
    );
    expect(
      await within(form).findByText(
        'holiday.png is not a JPEG, PNG, WebP or GIF picture. Remove it and choose another file.',
      ),
    ).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: /Retry/ })).toBeNull();

    await write(
      user,
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
      'Hi',
    );
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(
      within(form).getByText('Some photos cannot be used. Remove them to share the post.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/posts/new')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Remove holiday.png' }));
    expect(within(form).queryByText(/holiday\.png/)).toBeNull();
  });

  it('says an "Only me" post is saved for the author alone, and starts the next post public', async () => {
    const { api, form, user } = await openComposer();
    api.on('POST', '/api/iam/posts/new', (request) =>
      ok(
        fakePost({
          text: 'Just for me',
          privacy: (request.body as { privacy: 'private' }).privacy,
        }),
        201,
      ),
    );

    await write(
      user,
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
      'Just for me',
    );
    await user.click(within(form).getByRole('radio', { name: 'Only me' }));
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Saved — only you can see it.',
    );
    expect(api.requestsTo('POST', '/api/iam/posts/new')[0]!.body).toMatchObject({
      privacy: 'private',
    });
    expect(within(form).getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Only me' })).not.toBeChecked();
  });

  it('counts down the characters near the limit, and announces the count once per stretch', async () => {
    const { form, user } = await openComposer();
    const box = within(form).getByRole('textbox', { name: 'What would you like to share?' });
    const announcement = screen.getByTestId('composer-counter-announcement');
    expect(announcement).toHaveAttribute('aria-live', 'polite');

    await write(user, box, 'a'.repeat(4_499));
    expect(within(form).queryByText(/characters left/)).toBeNull();
    expect(announcement).toBeEmptyDOMElement();

    await user.type(box, 'b');
    const counter = within(form).getByText('500 characters left');
    expect(box).toHaveAttribute('aria-describedby', expect.stringContaining(counter.id));
    expect(announcement).toHaveTextContent('500 characters left of 5,000.');

    // Typing on changes the counter, not what screen readers hear.
    await user.type(box, 'cd');
    expect(within(form).getByText('498 characters left')).toBeInTheDocument();
    expect(announcement).toHaveTextContent('500 characters left of 5,000.');

    await user.paste('e'.repeat(448));
    expect(within(form).getByText('50 characters left')).toBeInTheDocument();
    expect(announcement).toHaveTextContent('50 characters left of 5,000.');

    await user.paste('f'.repeat(60));
    expect(within(form).getByText('10 characters too many')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(announcement).toHaveTextContent('10 characters over the limit of 5,000.');
  });

  it('keeps the unsent post as the member’s own draft, brings it back, and forgets it once posted', async () => {
    const first = await openComposer();
    const photo = fakeUploadedPhoto();
    await write(
      first.user,
      within(first.form).getByRole('textbox', { name: 'What would you like to share?' }),
      'Half a thought',
    );
    await first.user.upload(fileInput(), picture('bud.png'));
    act(() => first.uploads[0]!.finish([photo]));
    await write(
      first.user,
      await screen.findByRole('textbox', { name: 'Alt text for photo 1' }),
      'A flower bud',
    );
    await first.user.click(within(first.form).getByRole('radio', { name: 'Members' }));
    // A link in the menu is followed: the home page (and the composer) go away.
    cleanup();

    // Another member on this browser does not get it.
    signIn(maria);
    renderSocial('/');
    const marias = await screen.findByRole('form', { name: 'New post' });
    expect(
      within(marias).getByRole('textbox', { name: 'What would you like to share?' }),
    ).toHaveValue('');
    cleanup();

    // Back on the home page, fern's draft is there again, photo and all.
    signIn();
    renderSocial('/');
    const form = await screen.findByRole('form', { name: 'New post' });
    expect(
      within(form).getByText('Your unsent post is back, just as you left it.'),
    ).toBeInTheDocument();
    expect(
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
    ).toHaveValue('Half a thought');
    expect(within(form).getByRole('textbox', { name: 'Alt text for photo 1' })).toHaveValue(
      'A flower bud',
    );
    expect(within(form).getByRole('radio', { name: 'Members' })).toBeChecked();

    first.api.on(
      'POST',
      '/api/iam/posts/new',
      ok(fakePost({ text: 'Half a thought', privacy: 'members' }), 201),
    );
    await first.user.click(within(form).getByRole('button', { name: 'Post' }));
    await within(form).findByRole('status');
    expect(first.api.requestsTo('POST', '/api/iam/posts/new')[0]!.body).toEqual({
      text: 'Half a thought',
      privacy: 'members',
      tags: [],
      photos: [{ ref: photo.ref, alt_text: 'A flower bud' }],
    });
    expect(window.localStorage.getItem(`plantfolk:post-draft:${fernProfile.uuid}`)).toBeNull();
    cleanup();
    renderSocial('/');
    const fresh = await screen.findByRole('form', { name: 'New post' });
    expect(
      within(fresh).getByRole('textbox', { name: 'What would you like to share?' }),
    ).toHaveValue('');
    expect(within(fresh).queryByText(/unsent post/)).toBeNull();
  });

  it('lets the member throw a restored draft away', async () => {
    savePostDraft(fernProfile.uuid, {
      text: 'Old idea',
      tags: ['ferns'],
      privacy: 'private',
      photos: [],
    });
    const { form, user } = await openComposer();
    expect(
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
    ).toHaveValue('Old idea');

    await user.click(within(form).getByRole('button', { name: 'Discard draft' }));

    expect(
      within(form).getByRole('textbox', { name: 'What would you like to share?' }),
    ).toHaveValue('');
    expect(within(form).queryByText('#ferns')).toBeNull();
    expect(within(form).getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(window.localStorage.getItem(`plantfolk:post-draft:${fernProfile.uuid}`)).toBeNull();
  });

  it('nudges the author to describe a photo that has no alt text yet', async () => {
    const { uploads, form, user } = await openComposer();
    await user.upload(fileInput(), picture('leaf.png'));
    act(() => uploads[0]!.finish([fakeUploadedPhoto()]));
    const alt = await within(form).findByRole('textbox', { name: 'Alt text for photo 1' });
    const hint = within(form).getByText(/No description yet/);
    expect(alt).toHaveAttribute('aria-describedby', expect.stringContaining(hint.id));

    await write(user, alt, 'A new leaf');
    expect(within(form).queryByText(/No description yet/)).toBeNull();
  });
});
