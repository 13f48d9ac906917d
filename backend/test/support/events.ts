/** Helpers of the event suites: the body of POST /api/iam/events/new and its local dates. */

/** The venue the event suites meet at (the API shows strangers its ~1 km cell, not this point). */
export const FITZROY_HALL = {
  name: 'Fitzroy Town Hall',
  address: '201 Napier St',
  suburb_city: 'Fitzroy',
  state: 'Victoria',
  country: 'Australia',
  latitude: -37.80123,
  longitude: 144.97845,
};

/** A local date (`YYYY-MM-DD`) `days` from today in a zone. */
export function dateIn(days: number, timeZone = 'Australia/Melbourne'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * A body for POST /api/iam/events/new: a one-off fern swap at Fitzroy Town Hall, 10:00–12:00
 * Melbourne time three days from now. Each override replaces a whole field (a new `time_zone`
 * wants its own `start_date`).
 */
export function newEventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Fern swap',
    description: 'Bring cuttings.',
    time_zone: 'Australia/Melbourne',
    start_date: dateIn(3),
    start_time: '10:00',
    end_time: '12:00',
    location: FITZROY_HALL,
    ...overrides,
  };
}
