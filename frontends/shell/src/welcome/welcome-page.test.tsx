import { fakeProfile } from '@plantfolk/api-client/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

describe('/welcome', () => {
  it('greets the member and ticks off the steps already done', async () => {
    renderShell(
      '/welcome',
      {},
      { session: signedIn(fakeProfile({ avatar: 'avatars/fern.webp' })) },
    );

    expect(
      await screen.findByRole('heading', { name: 'Welcome to Plantfolk, fern!' }),
    ).toBeVisible();
    expect(screen.getAllByText('Done')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Choose tags' })).toHaveAttribute(
      'href',
      '/user/interests',
    );
    expect(screen.getByRole('link', { name: 'Verify' })).toHaveAttribute('href', '/auth/sms');
    expect(screen.getByRole('link', { name: 'Set up a page' })).toHaveAttribute(
      'href',
      '/auth/setup-page',
    );
    expect(screen.queryByRole('link', { name: 'Finish your profile' })).toBeNull();
  });

  it('points a member who has not registered to the registration', async () => {
    renderShell(
      '/welcome',
      {},
      {
        session: signedIn(fakeProfile({ stage: 'verified', username: null })),
      },
    );

    expect(await screen.findByRole('link', { name: 'Finish your profile' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
  });
});
