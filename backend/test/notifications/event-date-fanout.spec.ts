import { randomUUID } from 'node:crypto';
import type { FanOutPayload } from '../../src/modules/notifications';
import {
  FAN_OUT_BATCH,
  NotificationsService,
} from '../../src/modules/notifications/notifications.service';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { newEventBody } from '../support/events';
import { createMember, type TestMember } from '../support/members';
import { appPerSuite, notificationsSettled } from '../support/suite-app';
import { eventually, type TestApp } from '../support/test-app';

describe('notifications: a change to an event date fans out to everyone who answered it', () => {
  let t: TestApp;

  appPerSuite((app) => (t = app), { env: { WORKERS: 'inline' } });

  const settled = () => notificationsSettled(t, 20_000);

  async function createEvent(creator: TestMember, extra: object = {}) {
    const created = await t
      .http()
      .post('/api/iam/events/new')
      .set(creator.headers)
      .send(newEventBody({ title: 'Seed swap', description: 'Bring seeds.', ...extra }))
      .expect(201);
    return created.body.data as { id: string; random_id: string; dates: Array<{ id: string }> };
  }

  const answer = (member: TestMember, specificId: string, status = 'GOING') =>
    t
      .http()
      .put('/api/iam/events/upsert-attend-specific')
      .set(member.headers)
      .send({ specificId, status })
      .expect(200);

  const updateSpecific = (member: TestMember, body: object) =>
    t.http().put('/api/iam/events/update-specific').set(member.headers).send(body);

  /** The date-change notifications of a date, per recipient and subtype. */
  async function dateNotices(specificId: string) {
    return (await t.dataSource.query(
      `SELECT user_id, subtype, count(*)::int AS n FROM notification
        WHERE event_specific_id = $1 AND subtype LIKE 'EVENT_DATE_%'
        GROUP BY user_id, subtype ORDER BY subtype, user_id`,
      [specificId],
    )) as Array<{ user_id: string; subtype: string; n: number }>;
  }

  const rowsFor = (ids: string[], subtype: string, n = 1) =>
    [...ids].sort().map((id) => ({ user_id: id, subtype, n }));

  it('tells every answerer of new times, a cancellation and a reinstatement, once each, never the one who changed it', async () => {
    const [creator, ana, ben, cy] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
    ]);
    const event = await createEvent(creator);
    const date = event.dates[0].id;
    await answer(ana, date, 'GOING');
    await answer(ben, date, 'NOT_GOING');
    await answer(creator, date, 'GOING');
    await settled();
    expect(await dateNotices(date)).toEqual([]);

    // A change nobody hears of: the title of the date.
    await updateSpecific(creator, { specificId: date, title: 'Seed swap (autumn)' }).expect(200);
    await settled();
    expect(await dateNotices(date)).toEqual([]);

    await updateSpecific(creator, { specificId: date, start_time: '11:00' }).expect(200);
    await settled();
    expect(await dateNotices(date)).toEqual(rowsFor([ana.id, ben.id], 'EVENT_DATE_CHANGED'));

    await updateSpecific(creator, { specificId: date, cancelled: true }).expect(200);
    await settled();
    expect(await dateNotices(date)).toEqual([
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CANCELLED'),
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CHANGED'),
    ]);
    // Cancelling it again changes nothing, so tells nobody again.
    await updateSpecific(creator, { specificId: date, cancelled: true }).expect(200);
    await settled();
    expect(await dateNotices(date)).toEqual([
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CANCELLED'),
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CHANGED'),
    ]);

    // Reinstated: a second change, its own cause.
    await updateSpecific(creator, { specificId: date, cancelled: false }).expect(200);
    await settled();
    expect(await dateNotices(date)).toEqual([
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CANCELLED'),
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CHANGED', 2),
    ]);
    // Someone who did not answer, and someone who may not change the date, hear of nothing.
    await updateSpecific(cy, { specificId: date, cancelled: true }).expect(403);
    expect(await dateNotices(date)).toEqual([
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CANCELLED'),
      ...rowsFor([ana.id, ben.id], 'EVENT_DATE_CHANGED', 2),
    ]);

    // The list shows them linked to the event.
    const list = await t.http().get('/api/iam/notifications/all').set(ana.headers).expect(200);
    expect(list.body.data.items[0]).toMatchObject({
      type: 'event',
      subtype: 'EVENT_DATE_CHANGED',
      link: `/event/${event.random_id}`,
      event_title: 'Seed swap',
    });
  });

  it('future-dates/update tells the answerers of the dates it moves and of those it cancels', async () => {
    const [creator, ana, ben] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
    ]);
    const event = await createEvent(creator, { recurrence: { frequency: 'weekly', count: 3 } });
    expect(event.dates).toHaveLength(3);
    const [first, second, third] = event.dates.map((date) => date.id);
    await answer(ana, first);
    await answer(ana, second);
    await answer(ben, third, 'MAYBE');
    await settled();

    // Two dates instead of three, an hour later: the first two move, the third goes (answered:
    // cancelled, not deleted).
    await t
      .http()
      .put('/api/iam/events/future-dates/update')
      .set(creator.headers)
      .send({
        eventId: event.id,
        start_time: '11:00',
        end_time: '13:00',
        recurrence: { frequency: 'weekly', count: 2 },
      })
      .expect(200);
    await settled();
    expect(await dateNotices(first)).toEqual(rowsFor([ana.id], 'EVENT_DATE_CHANGED'));
    expect(await dateNotices(second)).toEqual(rowsFor([ana.id], 'EVENT_DATE_CHANGED'));
    expect(await dateNotices(third)).toEqual(rowsFor([ben.id], 'EVENT_DATE_CANCELLED'));
  });

  it('a job that runs twice tells each answerer once; who hears of it is decided when it runs', async () => {
    const [creator, ana, ben] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
    ]);
    const event = await createEvent(creator);
    const date = event.dates[0].id;
    await answer(ana, date);
    await answer(ben, date);
    await settled();
    const service = t.app.get(NotificationsService);
    const cause = (subtype: string, audience: FanOutPayload['audience']): FanOutPayload => ({
      audience,
      subjectId: date,
      causeKey: `${subtype}:${date}:${randomUUID()}`,
      type: 'event',
      subtype,
      actorId: creator.id,
      eventId: event.id,
      eventSpecificId: date,
    });

    const changed = cause('EVENT_DATE_CHANGED', 'event-date');
    const runs = await Promise.all([service.fanOut(changed), service.fanOut(changed)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await service.fanOut(changed)).toBe(0);
    expect(await dateNotices(date)).toEqual(rowsFor([ana.id, ben.id], 'EVENT_DATE_CHANGED'));

    // A cancellation queued, then undone before the job ran: nobody is told of it.
    expect(await service.fanOut(cause('EVENT_DATE_CANCELLED', 'event-date-cancelled'))).toBe(0);
    // An answer withdrawn before the job ran: that member is not told.
    await t.dataSource.query('DELETE FROM event_attendee WHERE specific_id = $1 AND user_id = $2', [
      date,
      ben.id,
    ]);
    expect(await service.fanOut(cause('EVENT_DATE_CHANGED', 'event-date'))).toBe(1);
    expect(await dateNotices(date)).toEqual(
      [
        { user_id: ana.id, subtype: 'EVENT_DATE_CHANGED', n: 2 },
        { user_id: ben.id, subtype: 'EVENT_DATE_CHANGED', n: 1 },
      ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    );
    // The date deleted with its event: nothing to tell, and the rows go with it.
    await t.dataSource.query('DELETE FROM event WHERE id = $1', [event.id]);
    expect(await service.fanOut(cause('EVENT_DATE_CHANGED', 'event-date'))).toBe(0);
    expect(await dateNotices(date)).toEqual([]);
  });

  it('a member suspended or deleted before the job runs is told nothing', async () => {
    const [creator, ana, ben, cy] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
    ]);
    const event = await createEvent(creator);
    const date = event.dates[0].id;
    for (const member of [ana, ben, cy]) await answer(member, date);
    await settled();
    // Between the change being queued and the job running, Ben is suspended.
    await t.dataSource.query('UPDATE user_account SET suspended_at = now() WHERE id = $1', [
      ben.id,
    ]);
    const service = t.app.get(NotificationsService);
    const changed: FanOutPayload = {
      audience: 'event-date',
      subjectId: date,
      causeKey: `EVENT_DATE_CHANGED:${date}:${randomUUID()}`,
      type: 'event',
      subtype: 'EVENT_DATE_CHANGED',
      actorId: creator.id,
      eventId: event.id,
      eventSpecificId: date,
    };
    const told: string[] = [];
    const written = await service.fanOut(changed, async (ids) => {
      told.push(...ids);
    });
    expect(written).toBe(3 - 1);
    expect(told.sort()).toEqual([ana.id, cy.id].sort());
    // Cy leaves (the account and its answers go): the next change reaches Ana alone.
    await t.dataSource.query('DELETE FROM user_account WHERE id = $1', [cy.id]);
    const again: FanOutPayload = {
      ...changed,
      causeKey: `EVENT_DATE_CHANGED:${date}:${randomUUID()}`,
    };
    expect(await service.fanOut(again)).toBe(1);
    expect(await dateNotices(date)).toEqual(rowsFor([ana.id], 'EVENT_DATE_CHANGED', 2));
  });

  it('1,000 answerers get exactly 1,000 rows when the job dies after its first batch and is retried', async () => {
    const creator = await createMember(t, 'trusted');
    const event = await createEvent(creator);
    const date = event.dates[0].id;
    await t.dataSource.query(
      `WITH fans AS (
         INSERT INTO user_account (email, password_hash, email_verified_at, registered_at)
         SELECT 'date-fan-' || g || '-' || $2 || '@plantfolk.test', 'x', now(), now()
           FROM generate_series(1, $1::int) g
         RETURNING id)
       INSERT INTO event_attendee (specific_id, user_id, status)
       SELECT $3::uuid, id, 'GOING' FROM fans`,
      [1000, randomUUID().slice(0, 8), date],
    );
    expect(FAN_OUT_BATCH).toBeLessThan(1000);

    const service = t.app.get(NotificationsService);
    const write = service.writeFanOutBatch.bind(service);
    let batches = 0;
    let rowsWhenKilled = -1;
    const spy = jest
      .spyOn(service, 'writeFanOutBatch')
      .mockImplementation(async (cause, recipientIds) => {
        batches += 1;
        if (batches === 2) {
          rowsWhenKilled = (await dateNotices(date)).length;
          throw new Error('the worker died midway');
        }
        return write(cause, recipientIds);
      });
    try {
      await updateSpecific(creator, { specificId: date, cancelled: true }).expect(200);
      await settled();
      await eventually(async () => expect((await dateNotices(date)).length).toBe(1000), 20_000);
    } finally {
      spy.mockRestore();
    }
    // It died with one batch written; the retry (BullMQ's) wrote the rest.
    expect(rowsWhenKilled).toBe(FAN_OUT_BATCH);
    expect(batches).toBeGreaterThanOrEqual(2 + Math.ceil(1000 / FAN_OUT_BATCH));
    const jobs = await t.app.get(JobQueue).queue('notifications').getJobs(['completed']);
    const fanOut = jobs.find(
      (job) => job.name === 'fan-out' && (job.data as FanOutPayload).subjectId === date,
    );
    expect(fanOut?.attemptsMade).toBeGreaterThanOrEqual(1);

    const [totals] = await t.dataSource.query(
      `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS people,
              count(DISTINCT dedupe_key)::int AS keys
         FROM notification WHERE event_specific_id = $1`,
      [date],
    );
    expect(totals).toEqual({ n: 1000, people: 1000, keys: 1000 });
    expect(await dateNotices(date)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ user_id: creator.id })]),
    );
  });
});
