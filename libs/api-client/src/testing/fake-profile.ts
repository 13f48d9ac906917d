import type { SessionUser } from '@plantfolk/session';

/** A registered member's profile; override what a test is about. */
export function fakeProfile(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    uuid: '7d0f3a52-8c1e-4b6a-9a7e-2f4c1d9b0e11',
    email: 'fern@example.com',
    email_verified: true,
    username: 'fern',
    display_name: null,
    bio: null,
    avatar: null,
    avatar_blurhash: null,
    suburb_city: 'Fitzroy',
    state: 'Victoria',
    country: 'Australia',
    location: { latitude: -37.7984, longitude: 144.9783 },
    csrf_token: 'csrf-fern',
    phone_verified: false,
    stage: 'registered',
    roles: [],
    suspended: false,
    created_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}
