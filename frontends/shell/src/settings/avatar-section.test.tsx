import { ControlledUpload, createFakeApi, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';
import { avatarFileProblem } from './avatar-section';

const photo = () => new File([new Uint8Array(2048)], 'monstera.png', { type: 'image/png' });

describe('profile photo', () => {
  beforeEach(() => {
    ControlledUpload.all = [];
    vi.stubGlobal('XMLHttpRequest', ControlledUpload);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews the chosen picture, uploads it with progress, and shows the new photo', async () => {
    const api = createFakeApi()
      .on('GET', '/api/iam/authn/sessions', ok([]))
      .on('GET', '/api/iam/users/user-settings', ok({}));
    renderShell('/settings', {}, { api, session: signedIn(fakeProfile()) });
    const user = userEvent.setup();

    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input yet');
      return found;
    });
    await user.upload(input, photo());
    expect(screen.getByRole('img', { name: 'Preview of your new photo' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    const upload = ControlledUpload.latest;
    upload.progress(1024, 2048);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    upload.finish(fakeProfile({ avatar: 'avatars/fern-2.webp' }));

    expect(await screen.findByText('Your new photo is saved.')).toBeVisible();
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/iam/users/avatar');
    expect(upload.headers['x-csrf-token']).toBe('csrf-fern');
    expect(upload.headers.authorization).toBe('Bearer access-test');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(sessionStore.getState().user?.avatar).toBe('avatars/fern-2.webp');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    const header = screen.getByRole('banner');
    // The avatar swaps its initials for the picture one render later.
    expect(await within(header).findByRole('img', { name: 'fern' })).toHaveAttribute(
      'src',
      '/storage/v1/object/public/images/avatars/fern-2.webp',
    );
  });

  it('refuses files that are not pictures, or too big, before uploading', () => {
    expect(avatarFileProblem(photo())).toBeNull();
    expect(avatarFileProblem(new File(['x'], 'notes.pdf', { type: 'application/pdf' }))).toBe(
      'Choose a JPEG, PNG, WebP or GIF picture.',
    );
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', {
      type: 'image/jpeg',
    });
    expect(avatarFileProblem(huge)).toBe('Choose a picture of at most 10 MB.');
  });
});
