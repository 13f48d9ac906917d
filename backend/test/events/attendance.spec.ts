import { randomUUID } from 'node:crypto';
import { dateIn } from '../support/events';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * An answer is one statement (the date's checks, the upsert and the creator's outbox job): a date
 * that is gone, cancelled or over is refused with its own error and nothing is written.
 */
describe('answering a date', () => {
  let t: TestApp;
  let creator: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    [creator, member] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'registered'),
    ]);
  });
  afterAll(() => t.close());

  function answer(who: TestMember, body: Record<string, unknown>) {
    return t
      .http()
      .put('/api/iam/events/upsert-attend-specific')
      .set('client-platform', 'browser')
      .set(who.headers)
      .send(body);
  }

  async function dates(): Promise<Array<{ id: string }>> {
    const response = await t
      .http()
      .post('/api/iam/events/new')
      .set('client-platform', 'browser')
      .set(creator.headers)
      .send({
        title: 'Seed library',
        time_zone: 'Australia/Melbourne',
        start_date: dateIn(2),
        start_time: '09:00',
        end_time: '11:00',
        location: {
          name: 'Carlton Library',
          state: 'Victoria',
          latitude: -37.8,
          longitude: 144.97,
        },
        recurrence: { frequency: 'weekly', count: 3 },
      });
    expect(response.status).toBe(201);
    return response.body.data.dates;
  }

  async function written(specificId: string) {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM event_attendee WHERE specific_id = $1::uuid) AS answers,
              (SELECT count(*)::int FROM outbox_message
                WHERE queue = 'notifications' AND payload->>'eventSpecificId' = $1::text) AS jobs`,
      [specificId],
    );
    return row as { answers: number; jobs: number };
  }

  it('answers with the date as its screen shows it and queues the creator’s job once', async () => {
    const [date] = await dates();
    const going = await answer(member, {
      specificId: date.id.toUpperCase(),
      status: 'GOING',
      bring: '  Tomato seeds ',
    }).expect(200);
    expect(going.body.data).toMatchObject({
      id: date.id,
      my_status: 'GOING',
      my_bring: 'Tomato seeds',
      counts: { going: 1, maybe: 0, not_going: 0 },
      location: expect.objectContaining({ name: 'Carlton Library' }),
    });
    // The same answer again changes nothing and queues nothing more.
    await answer(member, { specificId: date.id, status: 'GOING' }).expect(200);
    expect(await written(date.id)).toEqual({ answers: 1, jobs: 1 });
    const [{ payload }] = await t.dataSource.query(
      `SELECT payload FROM outbox_message WHERE payload->>'eventSpecificId' = $1`,
      [date.id],
    );
    expect(payload).toEqual({
      type: 'event',
      subtype: 'EVENT_ATTENDANCE',
      recipientId: creator.id,
      actorId: member.id,
      postId: null,
      commentId: null,
      eventId: going.body.data.event_id,
      eventSpecificId: date.id,
      dedupeKey: `event-attendance:${date.id}:${member.id}:GOING`,
    });
  });

  it('refuses a date that is gone, cancelled or over, and writes nothing', async () => {
    const [cancelled, over] = await dates();
    await t.dataSource.query('UPDATE event_specific SET cancelled = TRUE WHERE id = $1', [
      cancelled.id,
    ]);
    await t.dataSource.query(
      `UPDATE event_specific SET starts_at = now() - interval '3 hours',
              ends_at = now() - interval '1 hour' WHERE id = $1`,
      [over.id],
    );
    const refusedCancelled = await answer(member, { specificId: cancelled.id, status: 'MAYBE' });
    expect(refusedCancelled.status).toBe(409);
    expect(refusedCancelled.body.error.code).toBe('DATE_CANCELLED');
    const refusedOver = await answer(member, { specificId: over.id, status: 'MAYBE' });
    expect(refusedOver.status).toBe(409);
    expect(refusedOver.body.error.code).toBe('DATE_OVER');
    const gone = await answer(member, { specificId: randomUUID(), status: 'MAYBE' });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('EVENT_DATE_NOT_FOUND');
    expect(await written(cancelled.id)).toEqual({ answers: 0, jobs: 0 });
    expect(await written(over.id)).toEqual({ answers: 0, jobs: 0 });
  });
});
