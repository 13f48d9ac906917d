// What the events screens' tests share: a guest or a member in the session, the fake API behind
// fetch, made-up events in the API's shapes, and the screens rendered at a path.
import type { Schemas } from '@plantfolk/api-client';
import { createFakeApi, fakeProfile, type FakeApi } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore, type SessionUser } from '@plantfolk/session';
import { createTestQueryClient, renderRoutes } from '@plantfolk/ui/testing';
import type { QueryClient } from '@tanstack/react-query';
import { onTestFinished, vi } from 'vitest';
import type { EventDate, EventDetails, EventSummary, EventTemplate } from '../api/events-api';
import { routes } from '../routes';

export { ok, okWith, fail } from '@plantfolk/api-client/testing';
export { stubIntersectionObserver } from '@plantfolk/ui/testing';

/** fern, a trusted member who organises events. */
export const fern = fakeProfile({ roles: ['trusted'] });

/** maria, a member (not trusted). */
export const maria = fakeProfile({
  uuid: '5b6c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
  email: 'maria@example.com',
  username: 'maria',
  csrf_token: 'csrf-maria',
  suburb_city: 'Brunswick',
  location: { latitude: -37.7667, longitude: 144.9617 },
});

export const responder = (user: SessionUser): Schemas['UserSummaryDto'] => ({
  uuid: user.uuid,
  username: user.username ?? 'someone',
  display_name: null,
  avatar: null,
  suburb_city: user.suburb_city,
  state: user.state,
  country: user.country,
});

/** Signs `user` in for this test; fern by default. */
export function signIn(user: SessionUser = fern): SessionUser {
  sessionStore.setSession({
    ...initialSessionState,
    loggedIn: true,
    user,
    accessToken: 'access-test',
    accessTokenExpiresAt: Date.now() + 15 * 60_000,
  });
  onTestFinished(() => sessionStore.setSession(initialSessionState));
  return user;
}

export function browseAsGuest(): void {
  sessionStore.setSession({ ...initialSessionState, loggedIn: false });
  onTestFinished(() => sessionStore.setSession(initialSessionState));
}

/** A fake API (answering 501 to what a test did not register) behind the global fetch. */
export function fakeApi(): FakeApi {
  const api = createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return api;
}

export function renderEvents(path: string, queryClient: QueryClient = createTestQueryClient()) {
  return { ...renderRoutes(routes, path, queryClient), queryClient };
}

export const EVENT_ID = '0b9f8d6e-4c3a-4e2b-9a1c-7d5e3f2a1b0c';
export const RANDOM_ID = 'Sw4pMeet01';
const location: Schemas['EventLocationDto'] = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Fitzroy Community Hall',
  address: '12 Fern St',
  suburb_city: 'Fitzroy',
  state: 'Victoria',
  country: 'Australia',
  latitude: -37.8,
  longitude: 144.98,
};

export function fakeTemplate(overrides: Partial<EventTemplate> = {}): EventTemplate {
  return {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    position: 0,
    title: 'Monstera swap',
    description: 'Bring cuttings, take cuttings.',
    image: null,
    location,
    time_zone: 'Australia/Melbourne',
    start_date: '2030-11-16',
    start_time: '10:00',
    end_time: '12:00',
    recurrence: {
      frequency: 'weekly',
      interval: 1,
      monthly_by: 'date',
      until: null,
      count: 4,
      rrule: 'DTSTART;TZID=Australia/Melbourne:20301116T100000\nRRULE:FREQ=WEEKLY;COUNT=4;BYDAY=SA',
      text: 'Every week on Saturday for 4 times',
    },
    ...overrides,
  };
}

/** A date of the swap: `n` weeks after 16 Nov 2030 (Melbourne, 10:00–12:00, AEDT). */
export function fakeDate(n: number, overrides: Partial<EventDate> = {}): EventDate {
  const day = new Date(Date.UTC(2030, 10, 16 + 7 * n));
  const localDate = day.toISOString().slice(0, 10);
  // 10:00 in Melbourne (UTC+11 in summer) is 23:00 UTC the day before.
  const startsAt = new Date(day.getTime() - 3_600_000);
  return {
    id: `d0000000-0000-4000-8000-00000000000${n}`,
    event_id: EVENT_ID,
    local_date: localDate,
    starts_at: startsAt.toISOString(),
    ends_at: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
    time_zone: 'Australia/Melbourne',
    start_time: '10:00',
    end_time: '12:00',
    title: 'Monstera swap',
    description: 'Bring cuttings, take cuttings.',
    location,
    title_override: null,
    description_override: null,
    location_overridden: false,
    cancelled: false,
    from_rule: true,
    past: false,
    sequence: 0,
    counts: { going: 0, maybe: 0, not_going: 0 },
    event_attendees: [],
    my_status: null,
    my_bring: null,
    my_attendance_id: null,
    ics_url: `/api/events/calendar/date/d0000000-0000-4000-8000-00000000000${n}.ics`,
    ...overrides,
  };
}

export function fakeEvent(overrides: Partial<EventDetails> = {}): EventDetails {
  return {
    id: EVENT_ID,
    random_id: RANDOM_ID,
    creator_id: fern.uuid,
    page: null,
    privacy: 'public',
    can_edit: false,
    templates: [fakeTemplate()],
    dates: [fakeDate(0), fakeDate(1)],
    dates_next_cursor: null,
    calendar_url: `http://localhost/api/events/calendar/event/${RANDOM_ID}.ics`,
    created_at: '2030-10-01T00:00:00.000Z',
    updated_at: '2030-10-01T00:00:00.000Z',
    ...overrides,
  };
}

export function fakeSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  const next = fakeDate(0);
  return {
    id: EVENT_ID,
    random_id: RANDOM_ID,
    creator_id: fern.uuid,
    page: null,
    privacy: 'public',
    title: 'Monstera swap',
    description: 'Bring cuttings, take cuttings.',
    image: null,
    location,
    time_zone: 'Australia/Melbourne',
    recurrence_text: 'Every week on Saturday for 4 times',
    next_date: {
      id: next.id,
      local_date: next.local_date,
      starts_at: next.starts_at,
      ends_at: next.ends_at,
      title: next.title,
      cancelled: false,
      counts: { going: 2, maybe: 1, not_going: 0 },
      my_status: null,
    },
    distance_km: 3,
    ...overrides,
  };
}
