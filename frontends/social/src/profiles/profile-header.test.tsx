import { fakeResponder } from '@plantfolk/api-client/testing';
import { renderWithUi } from '@plantfolk/ui/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileHeader } from './profile-header';

describe('ProfileHeader', () => {
  it('heads the profile with the display name, then the username and the bio, as plain text', () => {
    const { container } = renderWithUi(
      <ProfileHeader
        person={{
          ...fakeResponder({ display_name: 'Fern <i>Grower</i>' }),
          bio: 'Ferns and hoyas.\n<script>alert(1)</script>',
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fern <i>Grower</i>');
    expect(screen.getByText('@fern')).toBeVisible();
    const bio = screen.getByText(/Ferns and hoyas\./);
    expect(bio.textContent).toBe('Ferns and hoyas.\n<script>alert(1)</script>');
    expect(bio).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(container.querySelector('script, i')).toBeNull();
  });

  it('heads it with the username alone when there is no display name or bio', () => {
    renderWithUi(<ProfileHeader person={fakeResponder()} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^fern$/);
    expect(screen.queryByText('@fern')).toBeNull();
  });
});
