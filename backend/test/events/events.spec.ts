import { randomUUID } from 'node:crypto';
import * as ical from 'node-ical';
import { publicPoint } from '../../src/platform/geo/geo';
import { StorageDriver } from '../../src/platform/storage/storage-driver';
import { dateIn, FITZROY_HALL as HALL, newEventBody } from '../support/events';
import { metresBetween, moved } from '../support/geo-math';
import { createMember, type TestMember } from '../support/members';
import { jpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';

function clock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

describe('events', () => {
  let t: TestApp;
  let creator: TestMember;
  let other: TestMember;
  let member: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    [creator, other, member, admin] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'trusted'),
      createMember(t, 'registered'),
      createMember(t, 'admin'),
    ]);
  });
  afterAll(() => t.close());

  function call(method: 'get' | 'post' | 'put' | 'delete', path: string, who: TestMember | null) {
    const request = t.http()[method](path).set('client-platform', 'browser');
    return who ? request.set(who.headers) : request;
  }

  async function newEvent(who: TestMember, extra: Record<string, unknown> = {}) {
    const response = await call('post', '/api/iam/events/new', who).send(
      newEventBody({ recurrence: { frequency: 'weekly', count: 6 }, ...extra }),
    );
    expect(response.status).toBe(201);
    return response.body.data;
  }

  async function outboxNotices(specificId: string) {
    return t.dataSource.query(
      `SELECT payload FROM outbox_message WHERE queue = 'notifications' AND job_name = 'notify'
         AND payload->>'eventSpecificId' = $1`,
      [specificId],
    );
  }

  it('creates an event with its first template and dates (trusted only)', async () => {
    const event = await newEvent(creator);
    expect(event.random_id).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(event.creator_id).toBe(creator.id);
    expect(event.can_edit).toBe(true);
    expect(event.templates).toHaveLength(1);
    expect(event.templates[0]).toMatchObject({
      position: 0,
      title: 'Fern swap',
      time_zone: 'Australia/Melbourne',
      recurrence: { frequency: 'weekly', count: 6, interval: 1 },
    });
    expect(event.templates[0].recurrence.rrule).toContain('RRULE:FREQ=WEEKLY');
    expect(event.dates).toHaveLength(6);
    expect(event.dates.every((date: { start_time: string }) => date.start_time === '10:00')).toBe(
      true,
    );
    // Public coordinates are the ~1 km cell's centre, never the venue's own.
    const cell = publicPoint(HALL);
    expect(event.templates[0].location.latitude).toBeCloseTo(cell.latitude, 5);
    expect(event.templates[0].location.longitude).toBeCloseTo(cell.longitude, 5);

    const refused = await call('post', '/api/iam/events/new', member).send({
      title: 'Not trusted',
      time_zone: 'UTC',
      start_date: dateIn(3),
      start_time: '10:00',
      end_time: '11:00',
    });
    expect(refused.status).toBe(403);
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM event_template WHERE title = 'Not trusted'`,
    );
    expect(count).toBe(0);
  });

  it('keeps 10:00 local across daylight-saving changes for a year of weekly dates', async () => {
    for (const zone of ['Australia/Sydney', 'America/New_York']) {
      const event = await newEvent(creator, {
        time_zone: zone,
        start_date: dateIn(2, zone),
        recurrence: { frequency: 'weekly', count: 52 },
      });
      const dates: Array<{ starts_at: string }> = [];
      let page = { items: event.dates, next_cursor: event.dates_next_cursor };
      for (;;) {
        dates.push(...page.items);
        if (!page.next_cursor) break;
        const more = await call(
          'get',
          `/api/events/more/${event.random_id}?cursorId=${page.next_cursor}`,
          null,
        ).expect(200);
        page = more.body.data;
      }
      expect(dates.length).toBeGreaterThanOrEqual(50);
      expect(dates.every((date) => clock(date.starts_at, zone) === '10:00')).toBe(true);
      const utcHours = new Set(dates.map((date) => new Date(date.starts_at).getUTCHours()));
      expect(utcHours.size).toBe(2);
    }
  });

  it('deduplicates places by name/state and by address, and finds them', async () => {
    const a = await newEvent(creator, {
      location: { ...HALL, name: 'fitzroy town hall', address: null },
    });
    const b = await newEvent(creator, { location: { ...HALL, name: null } });
    expect(a.templates[0].location.id).toBe(b.templates[0].location.id);
    const byName = await call(
      'get',
      `/api/iam/events/get-event-location/name-state/${encodeURIComponent('FITZROY TOWN HALL')}/victoria`,
      null,
    ).expect(200);
    expect(byName.body.data.id).toBe(a.templates[0].location.id);
    const byAddress = await call(
      'get',
      `/api/iam/events/get-event-location/address/${encodeURIComponent(HALL.address)}/Fitzroy/Victoria`,
      null,
    ).expect(200);
    expect(byAddress.body.data.id).toBe(a.templates[0].location.id);
    await call(
      'get',
      '/api/iam/events/get-event-location/name-state/Nowhere/Victoria',
      null,
    ).expect(404);
    const ofEvent = await call(
      'get',
      `/api/iam/events/get-event-locations/event/null/${a.random_id}`,
      null,
    ).expect(200);
    expect(ofEvent.body.data.map((place: { id: string }) => place.id)).toEqual([
      a.templates[0].location.id,
    ]);
    await call('get', '/api/iam/events/get-event-locations/event/null/null', null).expect(400);
  });

  it('answers one per member and date under 50 concurrent clicks, and notifies only for others', async () => {
    const event = await newEvent(creator);
    const date = event.dates[0];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call('put', '/api/iam/events/upsert-attend-specific', member).send({
          specificId: date.id,
          status: index % 2 ? 'GOING' : 'MAYBE',
          bring: 'Fern cuttings',
        }),
      ),
    );
    expect(responses.map((response) => response.status).filter((status) => status !== 200)).toEqual(
      [],
    );
    const rows = await t.dataSource.query(
      'SELECT status, bring FROM event_attendee WHERE specific_id = $1',
      [date.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].bring).toBe('Fern cuttings');

    const going = await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: date.id, status: 'GOING' })
      .expect(200);
    expect(going.body.data).toMatchObject({ my_status: 'GOING', my_bring: 'Fern cuttings' });
    expect(going.body.data.my_attendance_id).toBe(going.body.data.event_attendees[0].id);
    expect(going.body.data.event_attendees).toEqual([
      expect.objectContaining({ user_id: member.id, status: 'GOING', bring: 'Fern cuttings' }),
    ]);
    // The event page names its creator and who answered as responders: no lookup per person.
    const page = await call('get', `/api/events/${event.random_id}`, null).expect(200);
    expect(page.body.responders.map((person: { uuid: string }) => person.uuid).sort()).toEqual(
      [creator.id, member.id].sort(),
    );
    const notices = await outboxNotices(date.id);
    expect(notices.length).toBeGreaterThan(0);
    for (const { payload } of notices)
      expect(payload).toMatchObject({
        type: 'event',
        subtype: 'EVENT_ATTENDANCE',
        recipientId: creator.id,
        actorId: member.id,
        eventId: event.id,
      });

    // The creator's own answer tells nobody.
    const own = event.dates[1];
    await call('put', '/api/iam/events/upsert-attend-specific', creator)
      .send({ specificId: own.id, status: 'GOING' })
      .expect(200);
    expect(await outboxNotices(own.id)).toEqual([]);

    // NOT_GOING clears the note; a note with NOT_GOING is refused.
    await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: date.id, status: 'NOT_GOING', bring: 'Pots' })
      .expect(400);
    const notGoing = await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: date.id, status: 'NOT_GOING' })
      .expect(200);
    expect(notGoing.body.data).toMatchObject({ my_status: 'NOT_GOING', my_bring: null });
    await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: date.id, status: 'GOING', bring: 'x'.repeat(141) })
      .expect(400);
  });

  it('writes the EVENT_ATTENDANCE notification row when the job runs', async () => {
    const event = await newEvent(creator);
    await call('put', '/api/iam/events/upsert-attend-specific', other)
      .send({ specificId: event.dates[0].id, status: 'MAYBE' })
      .expect(200);
    const [{ payload }] = await outboxNotices(event.dates[0].id);
    const { NotificationsService } = await import('../../src/modules/notifications');
    await t.app.get(NotificationsService).add(payload);
    const rows = await t.dataSource.query(
      'SELECT type, subtype, user_id, actor_id, event_id FROM notification WHERE event_specific_id = $1',
      [event.dates[0].id],
    );
    expect(rows).toEqual([
      {
        type: 'event',
        subtype: 'EVENT_ATTENDANCE',
        user_id: creator.id,
        actor_id: other.id,
        event_id: event.id,
      },
    ]);
  });

  it('lets only the creator, the page owner and admins change an event', async () => {
    const event = await newEvent(creator);
    await call('put', '/api/iam/events/update', other)
      .send({ eventId: event.id, title: 'Taken over' })
      .expect(403);
    await call('put', '/api/iam/events/update-specific', member)
      .send({ specificId: event.dates[0].id, cancelled: true })
      .expect(403);
    await call('delete', '/api/iam/events', other)
      .send({ eventId: event.id, userId: other.id })
      .expect(403);
    const updated = await call('put', '/api/iam/events/update', admin)
      .send({ eventId: event.id, title: 'Fern swap (admin)' })
      .expect(200);
    expect(updated.body.data.templates[0].title).toBe('Fern swap (admin)');
    expect(updated.body.data.dates[0].title).toBe('Fern swap (admin)');
    expect(updated.body.data.dates[0].sequence).toBe(1);

    const viewed = await call(
      'get',
      `/api/iam/events/details/${event.random_id}/null`,
      other,
    ).expect(200);
    expect(viewed.body.data.can_edit).toBe(false);
  });

  it('lets the owner of the event’s page change it, and lists a page’s events', async () => {
    const pageResponse = await call('post', '/api/iam/pages/new', other).send({
      handle: `ev_${randomUUID().slice(0, 8)}`,
      name: 'Fern Friends',
      about: 'Ferns',
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.8,
      longitude: 144.98,
    });
    expect(pageResponse.status).toBe(201);
    const pageId = pageResponse.body.data.id ?? pageResponse.body.data.page?.id;
    // The creator does not manage this page: refused.
    await call('post', '/api/iam/events/new', creator)
      .send({
        title: 'x',
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
        page_id: pageId,
      })
      .expect(403);
    const event = await newEvent(other, { page_id: pageId });
    expect(event.page).toMatchObject({ id: pageId, name: 'Fern Friends' });
    const list = await call('get', `/api/iam/events/get-by-page/${pageId}/10`, null).expect(200);
    expect(list.body.data.items.map((item: { id: string }) => item.id)).toEqual([event.id]);
    const places = await call(
      'get',
      `/api/iam/events/get-event-locations/page/${pageId}`,
      null,
    ).expect(200);
    expect(places.body.data).toHaveLength(1);
    // Pages shows them through the provider events registered.
    const pageEvents = await call('get', `/api/page/events/${pageId}`, null).expect(200);
    expect(pageEvents.body.data.map((item: { id: string }) => item.id)).toEqual([event.id]);
    // The page's owner may change the page's event even when another member (an admin) made it.
    const byAdmin = await newEvent(admin, { page_id: pageId });
    const changed = await call('put', '/api/iam/events/update', other)
      .send({ eventId: byAdmin.id, title: 'Owner edit' })
      .expect(200);
    expect(changed.body.data).toMatchObject({ creator_id: admin.id, can_edit: true });
    const byCreator = await newEvent(creator);
    await call('put', '/api/iam/events/update', other)
      .send({ eventId: byCreator.id, title: 'Mine now' })
      .expect(403);
  });

  it('changes one date only, and adds dates by hand', async () => {
    const event = await newEvent(creator);
    const [first, second] = event.dates;
    const changed = await call('put', '/api/iam/events/update-specific', creator)
      .send({
        specificId: second.id,
        title: 'Special swap',
        start_time: '14:00',
        end_time: '16:00',
      })
      .expect(200);
    expect(changed.body.data).toMatchObject({
      title: 'Special swap',
      start_time: '14:00',
      end_time: '16:00',
      title_override: 'Special swap',
    });
    const cancelled = await call('put', '/api/iam/events/update-specific', creator)
      .send({ specificId: first.id, cancelled: true })
      .expect(200);
    expect(cancelled.body.data.cancelled).toBe(true);
    await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: first.id, status: 'GOING' })
      .expect(409);

    const extraDay = dateIn(5);
    const added = await call('post', '/api/iam/events/new-specifics', creator)
      .send({
        eventId: event.id,
        dates: [{ date: extraDay, start_time: '18:00', end_time: '20:00' }],
      })
      .expect(201);
    const extra = added.body.data.dates.find(
      (date: { local_date: string }) => date.local_date === extraDay,
    );
    expect(extra).toMatchObject({ from_rule: false, start_time: '18:00' });
    const again = await call('post', '/api/iam/events/new-specifics', creator).send({
      eventId: event.id,
      dates: [{ date: extraDay }],
    });
    expect(again.status).toBe(409);
  });

  it('regenerates future dates: kept dates keep their answers, dropped answered ones are cancelled', async () => {
    const event = await newEvent(creator, { recurrence: { frequency: 'weekly', count: 6 } });
    const dates = event.dates as Array<{ id: string; local_date: string }>;
    // One date made "past" by hand: it must not be touched.
    await t.dataSource.query(
      `UPDATE event_specific SET starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' WHERE id = $1`,
      [dates[0].id],
    );
    await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: dates[2].id, status: 'GOING', bring: 'Tea' })
      .expect(200);
    await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: dates[3].id, status: 'MAYBE' })
      .expect(200);

    // Every two weeks from the same start: dates 0, 2, 4 stay; 1, 3, 5 go (3 answered: cancelled).
    const response = await call('put', '/api/iam/events/future-dates/update', creator)
      .send({
        eventId: event.id,
        start_time: '11:00',
        end_time: '13:00',
        recurrence: { frequency: 'weekly', interval: 2, count: 3 },
      })
      .expect(200);
    expect(response.body.data.templates[0].recurrence).toMatchObject({ interval: 2, count: 3 });
    const rows = await t.dataSource.query(
      `SELECT s.id, s.local_date::text AS local_date, s.cancelled, s.starts_at, s.sequence,
              (SELECT status FROM event_attendee a WHERE a.specific_id = s.id) AS answer,
              (SELECT bring FROM event_attendee a WHERE a.specific_id = s.id) AS bring
         FROM event_specific s WHERE s.event_id = $1 ORDER BY s.local_date`,
      [event.id],
    );
    const byId = new Map(rows.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(dates[0].id)).toMatchObject({ cancelled: false, sequence: 0 });
    expect(byId.get(dates[2].id)).toMatchObject({
      cancelled: false,
      answer: 'GOING',
      bring: 'Tea',
    });
    expect(
      clock(
        (byId.get(dates[2].id) as { starts_at: Date }).starts_at.toISOString(),
        'Australia/Melbourne',
      ),
    ).toBe('11:00');
    expect(byId.get(dates[3].id)).toMatchObject({ cancelled: true, answer: 'MAYBE' });
    expect(byId.has(dates[1].id)).toBe(false);
    expect(byId.has(dates[5].id)).toBe(false);
    expect(byId.get(dates[4].id)).toMatchObject({ cancelled: false });
  });

  it('deletes the image first and keeps the record when that fails', async () => {
    const event = await newEvent(creator);
    const upload = await call('post', `/api/iam/events/image/${event.id}`, creator).attach(
      'file',
      await jpeg(400, 300),
      'fern.jpg',
    );
    expect(upload.status).toBe(201);
    const image = upload.body.data.templates[0].image;
    expect(image.ref).toMatch(/^events\//);
    await t.http().get(`/storage/v1/object/public/images/${image.ref}`).expect(200);

    const driver = t.app.get(StorageDriver);
    const failing = jest.spyOn(driver, 'delete').mockRejectedValueOnce(new Error('storage down'));
    const refused = await call('delete', '/api/iam/events', creator).send({
      eventId: event.id,
      userId: creator.id,
    });
    failing.mockRestore();
    expect(refused.status).toBe(503);
    await call('get', `/api/events/${event.random_id}`, null).expect(200);

    await call('delete', '/api/iam/events', creator)
      .send({ eventId: event.id, userId: creator.id })
      .expect(200);
    await call('get', `/api/events/${event.random_id}`, null).expect(404);
    await t.http().get(`/storage/v1/object/public/images/${image.ref}`).expect(404);
  });

  it('orders nearby events nearest first, as brute force over random points does', async () => {
    const origin = { latitude: -33.86, longitude: 151.21 };
    const made: Array<{ id: string; metres: number }> = [];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let index = 0; index < 12; index += 1) {
      const point = moved(origin, (random() - 0.5) * 60_000, (random() - 0.5) * 60_000);
      const event = await newEvent(creator, {
        title: `Nearby ${index}`,
        location: {
          name: `Nearby hall ${index}`,
          state: 'NSW',
          latitude: point.latitude,
          longitude: point.longitude,
        },
      });
      made.push({ id: event.id, metres: metresBetween(origin, publicPoint(point)) });
    }
    const expected = made.filter((row) => row.metres <= 50_000).sort((a, b) => a.metres - b.metres);
    const response = await call(
      'get',
      `/api/events/all/nearby?lat=${origin.latitude}&long=${origin.longitude}`,
      null,
    ).expect(200);
    const ids = response.body.data.items.map((item: { id: string }) => item.id);
    // Distances differ by far more than the sphere-vs-earth_distance error here.
    expect(ids).toEqual(expected.map((row) => row.id));
    const taken = await call(
      'get',
      `/api/events/nearby?lat=${origin.latitude}&long=${origin.longitude}&take=3`,
      null,
    ).expect(200);
    expect(taken.body.data.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 3));
    expect(taken.body.data[0].distance_km).toBeGreaterThanOrEqual(1);
    await call('get', `/api/events/nearby?lat=abc&long=1`, null).expect(400);
    await call('get', `/api/events/nearby?lat=-37.815&long=144.9671226133127`, null).expect(200);
    const plan = await t.dataSource.query(
      `EXPLAIN SELECT id FROM event_location ORDER BY ${(await import('../../src/platform/geo/geo')).publicEarthSql('latitude', 'longitude')} <-> ll_to_earth(0, 0) LIMIT 5`,
    );
    expect(JSON.stringify(plan)).toContain('event_location_public_point_gist_idx');
  });

  it('makes the dates that come into the horizon (the horizon job)', async () => {
    const event = await newEvent(creator, { recurrence: { frequency: 'weekly' } });
    const count = async () =>
      (
        await t.dataSource.query(
          'SELECT count(*)::int AS n FROM event_specific WHERE event_id = $1',
          [event.id],
        )
      )[0].n;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(50);
    await t.dataSource.query(
      `DELETE FROM event_specific WHERE id IN (SELECT id FROM event_specific WHERE event_id = $1 ORDER BY starts_at DESC LIMIT 10)`,
      [event.id],
    );
    const { ExtendEventDatesJob } =
      await import('../../src/modules/events/jobs/extend-event-dates.job');
    await t.app.get(ExtendEventDatesJob).handle();
    expect(await count()).toBe(before);
  });

  it('overrides one date’s place and lists both places of the event', async () => {
    const event = await newEvent(creator);
    const moved = await call('put', '/api/iam/events/update-specific', creator)
      .send({
        specificId: event.dates[1].id,
        location: {
          name: 'Edinburgh Gardens Rotunda',
          state: 'Victoria',
          latitude: -37.785,
          longitude: 144.98,
        },
      })
      .expect(200);
    expect(moved.body.data.location_overridden).toBe(true);
    expect(moved.body.data.location.name).toBe('Edinburgh Gardens Rotunda');
    const places = await call(
      'get',
      `/api/iam/events/get-event-locations/event/${event.id}/null`,
      null,
    ).expect(200);
    expect(places.body.data.map((place: { name: string }) => place.name).sort()).toEqual([
      'Edinburgh Gardens Rotunda',
      'Fitzroy Town Hall',
    ]);
    const cleared = await call('put', '/api/iam/events/update-specific', creator)
      .send({ specificId: event.dates[1].id, location_id: event.templates[0].location.id })
      .expect(200);
    expect(cleared.body.data.location.name).toBe('Fitzroy Town Hall');
  });

  it('serves .ics files that parse, with stable UIDs and a SEQUENCE that grows', async () => {
    const event = await newEvent(creator);
    const date = event.dates[0];
    const first = await call('get', `/api/events/calendar/date/${date.id}.ics`, null).expect(200);
    expect(first.headers['content-type']).toContain('text/calendar');
    const parsed = Object.values(ical.sync.parseICS(first.text)).filter(
      (item) => item?.type === 'VEVENT',
    ) as Array<Record<string, unknown>>;
    expect(parsed).toHaveLength(1);
    expect(parsed[0].uid).toBe(`${date.id}@plantfolk`);
    expect(String(parsed[0].sequence)).toBe('0');
    expect((parsed[0].start as Date).toISOString()).toBe(date.starts_at);

    await call('put', '/api/iam/events/update-specific', creator)
      .send({ specificId: date.id, cancelled: true })
      .expect(200);
    const feed = await call(
      'get',
      `/api/events/calendar/event/${event.random_id}.ics`,
      null,
    ).expect(200);
    const events = Object.values(ical.sync.parseICS(feed.text)).filter(
      (item) => item?.type === 'VEVENT',
    ) as Array<Record<string, unknown>>;
    expect(events).toHaveLength(6);
    const again = events.find((item) => item.uid === `${date.id}@plantfolk`) as Record<
      string,
      unknown
    >;
    expect(String(again.sequence)).toBe('1');
    expect(again.status).toBe('CANCELLED');

    // A member's GOING feed opens with its secret token only.
    const fan = await createMember(t, 'registered');
    await call('put', '/api/iam/events/upsert-attend-specific', fan)
      .send({ specificId: event.dates[1].id, status: 'GOING' })
      .expect(200);
    const token = await call('post', '/api/iam/events/calendar/member-feed', fan).expect(201);
    expect(token.body.data.webcal_url).toMatch(/^webcal:\/\//);
    const path = new URL(token.body.data.url).pathname;
    const mine = await t.http().get(path).expect(200);
    const uids = Object.values(ical.sync.parseICS(mine.text))
      .filter((item) => item?.type === 'VEVENT')
      .map((item) => (item as { uid: string }).uid);
    expect(uids).toEqual([`${event.dates[1].id}@plantfolk`]);
    const stored = await t.dataSource.query(
      'SELECT token_hash FROM event_calendar_token WHERE user_id = $1',
      [fan.id],
    );
    expect(stored[0].token_hash).not.toContain(path.split('/').pop()?.replace('.ics', ''));
    await call('delete', '/api/iam/events/calendar/member-feed', fan).expect(200);
    await t.http().get(path).expect(404);
  });

  it('shows guests public events only and lists a member’s events', async () => {
    const hidden = await newEvent(creator, { privacy: 'members', title: 'Members only' });
    await call('get', `/api/events/${hidden.random_id}`, null).expect(404);
    await call('get', `/api/events/${hidden.random_id}`, member).expect(200);
    await call('put', '/api/iam/events/upsert-attend-specific', member)
      .send({ specificId: hidden.dates[0].id, status: 'MAYBE' })
      .expect(200);
    const mine = await call('get', `/api/iam/events/get-by-user/${member.id}`, member).expect(200);
    expect(mine.body.data.items.map((item: { id: string }) => item.id)).toContain(hidden.id);
    const theirs = await call('get', `/api/iam/events/get-by-user/${creator.id}`, null).expect(200);
    expect(theirs.body.data.items.map((item: { id: string }) => item.id)).not.toContain(hidden.id);
    expect(theirs.body.data.items.length).toBeGreaterThan(0);
  });

  it('answers bad input with 4xx and changes nothing', async () => {
    const before = await t.dataSource.query('SELECT count(*)::int AS count FROM event');
    const bodies: Array<Record<string, unknown>> = [
      {},
      {
        title: null,
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
      },
      {
        title: 'x',
        time_zone: 'Mars/Base',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
      },
      {
        title: 'x',
        time_zone: 'UTC',
        start_date: '2026-02-30',
        start_time: '10:00',
        end_time: '11:00',
      },
      {
        title: 'x',
        time_zone: 'UTC',
        start_date: '2001-01-01',
        start_time: '10:00',
        end_time: '11:00',
      },
      {
        title: 'x',
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '25:00',
        end_time: '11:00',
      },
      {
        title: 'x\u0000',
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
      },
      {
        title: 'x'.repeat(10_000),
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
      },
      {
        title: 'x',
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
        recurrence: { frequency: 'daily' },
      },
      {
        title: 'x',
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
        recurrence: { frequency: 'weekly', until: dateIn(1) },
      },
      {
        title: 'x',
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
        location: { latitude: 1, longitude: 1 },
      },
      {
        title: 'x',
        time_zone: 'UTC',
        start_date: dateIn(3),
        start_time: '10:00',
        end_time: '11:00',
        location_id: randomUUID(),
      },
      { title: ['x'], time_zone: 7, start_date: {}, start_time: true, end_time: null },
    ];
    for (const body of bodies) {
      const response = await call('post', '/api/iam/events/new', creator).send(body);
      expect([400, 404]).toContain(response.status);
    }
    const after = await t.dataSource.query('SELECT count(*)::int AS count FROM event');
    expect(after).toEqual(before);
    const gets = [
      '/api/events/nearby?lat=91&long=0',
      '/api/events/nearby?lat=1&long=1&take=x',
      '/api/events/more/not-an-id',
      '/api/events/more/AAAAAAAAAA?cursorId=%00',
      '/api/iam/events/details/zzz/also-bad',
      '/api/iam/events/get-by-page/nope/10',
      '/api/iam/events/get-by-user/nope',
      '/api/events/calendar/date/nope.ics',
      '/api/events/calendar/member/x.ics',
    ];
    for (const path of gets) {
      const response = await call('get', path, null);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const writes: Array<['put' | 'delete' | 'post', string, Record<string, unknown>]> = [
      [
        'put',
        '/api/iam/events/upsert-attend-specific',
        { specificId: randomUUID(), status: 'GOING' },
      ],
      [
        'put',
        '/api/iam/events/upsert-attend-specific',
        { specificId: randomUUID(), status: 'YES' },
      ],
      ['put', '/api/iam/events/update', { eventId: 'nope' }],
      ['put', '/api/iam/events/update-specific', { specificId: randomUUID(), title: null }],
      [
        'put',
        '/api/iam/events/future-dates/update',
        { eventId: randomUUID(), recurrence: { frequency: 'weekly', count: 0 } },
      ],
      ['delete', '/api/iam/events', { eventId: randomUUID(), userId: creator.id }],
      ['delete', '/api/iam/events', { eventId: randomUUID(), userId: other.id }],
      ['post', '/api/iam/events/new-specifics', { eventId: randomUUID(), dates: [] }],
    ];
    for (const [method, path, body] of writes) {
      const response = await call(method, path, creator).send(body);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('refuses mutations without the csrf_token and changes nothing', async () => {
    const event = await newEvent(creator);
    const response = await t
      .http()
      .put('/api/iam/events/update')
      .set('authorization', `Bearer ${creator.accessToken}`)
      .send({ eventId: event.id, title: 'Forged' });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('CSRF_FAILED');
    const details = await call('get', `/api/events/${event.random_id}`, null).expect(200);
    expect(details.body.data.templates[0].title).toBe('Fern swap');
  });
});
