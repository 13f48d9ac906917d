/** The URLs the events screens link to, built in one place. */
export const paths = {
  events: '/events',
  event: (randomId: string) => `/event/${encodeURIComponent(randomId)}`,
  editEvent: (randomId: string) => `/event/${encodeURIComponent(randomId)}/edit`,
  /** A member's or a page's profile (the social slice's). */
  profile: (handle: string) => `/${encodeURIComponent(handle)}`,
  handleEvents: (handle: string) => `/${encodeURIComponent(handle)}/events`,
  newEvent: (handle: string) => `/${encodeURIComponent(handle)}/events/new`,
  login: (back?: string) =>
    back ? `/auth/login?redirect=${encodeURIComponent(back)}` : '/auth/login',
  join: '/join',
  register: '/auth/register',
  settings: '/settings',
} as const;

/** "Fitzroy, Victoria": where something is, as much as is known. */
export function placeOf(place: {
  suburb_city?: string | null;
  state?: string | null;
  country?: string | null;
}): string | null {
  const parts = [place.suburb_city, place.state].filter(Boolean);
  if (parts.length === 0 && place.country) parts.push(place.country);
  return parts.length > 0 ? parts.join(', ') : null;
}
