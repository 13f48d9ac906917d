import { Redis } from 'ioredis';
import { FanOutJob } from '../../src/modules/notifications/jobs/fan-out.job';
import {
  DIGEST_LOCAL_HOUR,
  MemberEmails,
} from '../../src/modules/notifications/member-emails.service';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { OutboxRelay } from '../../src/platform/queues/outbox-relay.service';
import { localClock } from '../../src/platform/time-zone/time-zone';
import { createPost } from '../support/content';
import { type CaughtMail, mailTo, testSmtpUrl } from '../support/mailbox';
import { createMember, type TestMember } from '../support/members';
import { appPerSuite } from '../support/suite-app';
import { eventually, testRedisUrl, type TestApp } from '../support/test-app';

const JOB_STATES = [
  'completed',
  'failed',
  'delayed',
  'waiting',
  'active',
  'paused',
  'prioritized',
  'waiting-children',
] as const;

type RawMail = CaughtMail & { raw?: string };

/**
 * E-mail preferences (issue 12): per kind off / immediately / daily digest, sent by `email` jobs
 * through a real SMTP receiver (the test mail catcher), each e-mail once, with a one-click
 * unsubscribe link that works without logging in and whose token never sits on the queues.
 */
describe('notifications: e-mail preferences and digests', () => {
  let t: TestApp;
  let redis: Redis;

  appPerSuite((app) => (t = app), { env: { WORKERS: 'inline', SMTP_URL: testSmtpUrl() } });
  beforeAll(() => (redis = new Redis(testRedisUrl())));
  afterAll(() => redis.disconnect());

  const registered = () => createMember(t, 'registered');
  const emails = () => t.app.get(MemberEmails);

  const settings = async (member: TestMember) =>
    (await t.http().get('/api/iam/users/user-settings').set(member.headers).expect(200)).body.data;

  const setSettings = async (member: TestMember, change: object) =>
    (
      await t
        .http()
        .put('/api/iam/users/update-user-settings')
        .set(member.headers)
        .send(change)
        .expect(200)
    ).body.data;

  const react = (member: TestMember, postId: string) =>
    t.http().post('/api/iam/posts/reaction/new').set(member.headers).send({ postId }).expect(201);

  const comment = (member: TestMember, postId: string, content: string) =>
    t
      .http()
      .post('/api/iam/posts/comment/new')
      .set(member.headers)
      .send({ postId, content })
      .expect(201);

  /** Every outbox row relayed and no job of ours still to run (timers wait delayed: not ours). */
  async function settled() {
    await t.app.get(OutboxRelay).relayOnce();
    await eventually(async () => {
      const [{ pending }] = await t.dataSource.query(
        'SELECT count(*)::int AS pending FROM outbox_message WHERE dispatched_at IS NULL',
      );
      expect(pending).toBe(0);
      for (const name of ['notifications', 'email'] as const) {
        const queue = t.app.get(JobQueue).queue(name);
        const counts = await queue.getJobCounts(...JOB_STATES);
        const delayed = Math.max(0, counts.delayed - (await queue.getJobSchedulersCount()));
        expect({
          queue: name,
          pending: counts.waiting + counts.active + counts.prioritized + delayed,
        }).toEqual({ queue: name, pending: 0 });
      }
    }, 20_000);
  }

  async function mailsOf(member: TestMember, count: number): Promise<RawMail[]> {
    return eventually(async () => {
      const mails = (await mailTo(member.email)) as RawMail[];
      expect(mails).toHaveLength(count);
      return mails;
    }, 20_000);
  }

  /**
   * The first quarter hour after `after` that is in the digest hour in `zone`, plus a second:
   * the `now` a gathering is driven with (never a sleep).
   */
  function nextDigestTime(zone: string, after = new Date()): Date {
    const at = new Date(Math.ceil((after.getTime() + 1000) / 900_000) * 900_000);
    while (localClock(at, zone).hour !== DIGEST_LOCAL_HOUR) at.setTime(at.getTime() + 900_000);
    return new Date(at.getTime() + 1000);
  }

  /** The next digest time of members who set no zone (UTC), fixed for this file's run. */
  const utcDigestTime = nextDigestTime('UTC');
  const digestTime = () => utcDigestTime;

  async function gatherAndSettle() {
    await emails().gatherDigests(digestTime());
    await settled();
  }

  function header(mail: RawMail, name: string): string | undefined {
    const raw = mail.raw ?? '';
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
    return line?.slice(name.length + 1).trim();
  }

  /** The unsubscribe path (with its token) of a mail, from its List-Unsubscribe header. */
  function unsubscribePath(mail: RawMail): { path: string; token: string } {
    const value = header(mail, 'list-unsubscribe');
    const match =
      /^<http:\/\/localhost:3000(\/api\/iam\/notifications\/email-unsubscribe\?token=([^>]+))>$/.exec(
        value ?? '',
      );
    if (!match) throw new Error(`no List-Unsubscribe in: ${value}`);
    return { path: match[1], token: decodeURIComponent(match[2]) };
  }

  async function everythingOnTheQueues(): Promise<string> {
    const parts: unknown[] = [];
    for (const queue of t.app.get(JobQueue).all()) {
      for (const job of await queue.getJobs([...JOB_STATES], 0, -1)) {
        parts.push({ name: job.name, data: job.data, result: job.returnvalue });
      }
    }
    const keys = await redis.keys(`${t.config.redisPrefix}:*`);
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'hash') parts.push(await redis.hgetall(key));
      else if (type === 'string') parts.push(await redis.get(key));
      else if (type === 'list') parts.push(await redis.lrange(key, 0, -1));
      else if (type === 'stream') parts.push(await redis.xrange(key, '-', '+'));
    }
    parts.push(await t.dataSource.query('SELECT payload FROM outbox_message'));
    return JSON.stringify(parts);
  }

  describe('settings', () => {
    it('show a mode per kind beside the spec’s switches, and map the switches onto the modes', async () => {
      const member = await registered();
      expect(await settings(member)).toEqual({
        email_on_message: true,
        email_on_comment: true,
        email_on_event: true,
        email_messages: 'immediately',
        email_comments: 'daily',
        email_events: 'daily',
        show_in_nearby: true,
        distance_unit: 'km',
        time_zone: null,
      });
      expect(await setSettings(member, { email_on_comment: false })).toMatchObject({
        email_on_comment: false,
        email_comments: 'off',
      });
      // Back on: the kind's default.
      expect(await setSettings(member, { email_on_comment: true })).toMatchObject({
        email_on_comment: true,
        email_comments: 'daily',
      });
      await setSettings(member, { email_events: 'immediately' });
      // A switch that is on already keeps the chosen mode.
      expect(await setSettings(member, { email_on_event: true })).toMatchObject({
        email_on_event: true,
        email_events: 'immediately',
      });
      // The mode wins over the switch when both come.
      expect(
        await setSettings(member, { email_on_message: false, email_messages: 'daily' }),
      ).toMatchObject({ email_on_message: true, email_messages: 'daily' });
    });

    it('refuses an unknown mode and changes nothing', async () => {
      const member = await registered();
      const before = await settings(member);
      for (const value of ['weekly', '', null, 1, ['off'], 'off\u0000']) {
        const response = await t
          .http()
          .put('/api/iam/users/update-user-settings')
          .set(member.headers)
          .send({ email_comments: value });
        expect(response.status).toBe(400);
      }
      expect(await settings(member)).toEqual(before);
    });
  });

  describe('time zone', () => {
    it('takes an IANA zone Intl knows, written as the member wrote it (case aside)', async () => {
      const member = await registered();
      expect((await setSettings(member, { time_zone: 'europe/berlin' })).time_zone).toBe(
        'Europe/Berlin',
      );
      // Intl's canonical name would be Asia/Calcutta: the member's own is kept.
      expect((await setSettings(member, { time_zone: 'Asia/Kolkata' })).time_zone).toBe(
        'Asia/Kolkata',
      );
      expect((await settings(member)).time_zone).toBe('Asia/Kolkata');
    });

    it('refuses what is not a zone and changes nothing', async () => {
      const member = await registered();
      await setSettings(member, { time_zone: 'Pacific/Auckland' });
      const before = await settings(member);
      for (const value of [
        'Mars/Olympus',
        '+05:30',
        'UTC+2',
        '',
        null,
        5,
        ['UTC'],
        'Europe/Berlin\u0000',
        `Europe/${'x'.repeat(5000)}`,
      ]) {
        const response = await t
          .http()
          .put('/api/iam/users/update-user-settings')
          .set(member.headers)
          .send({ time_zone: value });
        expect({ value, status: response.status }).toEqual({ value, status: 400 });
      }
      expect(await settings(member)).toEqual(before);
    });
  });

  describe('immediately', () => {
    it('sends one e-mail per notification, once even when its jobs run again', async () => {
      const [author, fan] = await Promise.all([registered(), registered()]);
      await setSettings(author, { email_comments: 'immediately' });
      const post = await createPost(t, author);
      await react(fan, post.random_id);
      await settled();
      const [mail] = await mailsOf(author, 1);
      expect(mail.subject).toBe(`${fan.username} liked your post`);
      expect(mail.text).toContain(`http://localhost:3000/post/${post.random_id}`);
      expect(mail.html).toContain('Stop e-mails about comments and reactions');
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

      // The notify job and the e-mail job again, twice at once and once more after.
      const [{ dedupe_key: dedupeKey }] = await t.dataSource.query(
        'SELECT dedupe_key FROM notification WHERE user_id = $1',
        [author.id],
      );
      const notice = {
        recipientId: author.id,
        type: 'reaction' as const,
        actorId: fan.id,
        dedupeKey,
      };
      expect(await emails().notifyOfNotification(notice)).toBe(false);
      const [{ id: itemId }] = await t.dataSource.query(
        'SELECT id FROM email_item WHERE user_id = $1',
        [author.id],
      );
      expect(await Promise.all([emails().sendItem(itemId), emails().sendItem(itemId)])).toEqual([
        false,
        false,
      ]);
      await t.app.get(JobQueue).add('email', 'notification-email', { itemId });
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailTo(author.email)).toHaveLength(1);
    });

    it('sends concurrent runs of one e-mail job once', async () => {
      const [author, fan] = await Promise.all([registered(), registered()]);
      await setSettings(author, { email_messages: 'immediately' });
      const cause = { key: 'message:one', actorId: fan.id, link: `/messages/${fan.username}` };
      expect(await emails().notify(author.id, 'messages', cause)).toBe(true);
      expect(await emails().notify(author.id, 'messages', cause)).toBe(false);
      const [{ id: itemId }] = await t.dataSource.query(
        'SELECT id FROM email_item WHERE user_id = $1',
        [author.id],
      );
      const runs = await Promise.all([1, 2, 3].map(() => emails().sendItem(itemId)));
      expect(runs.filter(Boolean).length).toBeLessThanOrEqual(1);
      await settled();
      const [mail] = await mailsOf(author, 1);
      expect(mail.subject).toBe(`${fan.username} sent you a message`);
      expect(mail.text).toContain(`http://localhost:3000/messages/${fan.username}`);
      // A member is never e-mailed of their own act.
      expect(await emails().notify(fan.id, 'messages', { key: 'own', actorId: fan.id })).toBe(
        false,
      );
    });
  });

  describe('daily digest', () => {
    it('gathers several notifications into one e-mail, sent once', async () => {
      const [author, ana, ben, cy] = await Promise.all([
        registered(),
        registered(),
        registered(),
        registered(),
      ]);
      expect((await settings(author)).email_comments).toBe('daily');
      const post = await createPost(t, author);
      await react(ana, post.random_id);
      await comment(ben, post.random_id, 'What a lovely fern');
      await react(cy, post.random_id);
      await settled();
      expect(await mailTo(author.email)).toEqual([]);

      await gatherAndSettle();
      const [digest] = await mailsOf(author, 1);
      expect(digest.subject).toBe('Your day on Plantfolk: 3 new things');
      for (const line of [
        `${ana.username} liked your post`,
        `${ben.username} commented on your post`,
        `${cy.username} liked your post`,
      ])
        expect(digest.text).toContain(line);
      expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

      // Gathering again, and the digest's job again, send nothing more today.
      await gatherAndSettle();
      const day = digestTime().toISOString().slice(0, 10);
      expect(await emails().sendDigest(author.id, day)).toBe(false);
      await t.app.get(JobQueue).add('email', 'digest-email', { userId: author.id, day });
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailTo(author.email)).toHaveLength(1);

      // The jobs carried ids only: no address, no token.
      const { token } = unsubscribePath(digest);
      const queues = await everythingOnTheQueues();
      expect(queues).not.toContain(token);
      expect(queues).not.toContain(author.email);
      const jobs = await t.app
        .get(JobQueue)
        .queue('email')
        .getJobs([...JOB_STATES], 0, -1);
      const ours = jobs.filter((job) => ['notification-email', 'digest-email'].includes(job.name));
      expect(ours.length).toBeGreaterThan(0);
      for (const job of ours)
        expect(Object.keys(job.data as object).sort()).toEqual(
          job.name === 'digest-email' ? ['day', 'userId'] : ['itemId'],
        );
    });

    it("goes at 07:00 in each member's own zone, once per local date", async () => {
      const [tokyo, kolkata, fan] = await Promise.all([registered(), registered(), registered()]);
      await setSettings(tokyo, { time_zone: 'Asia/Tokyo' });
      await setSettings(kolkata, { time_zone: 'Asia/Kolkata' });
      const [tokyoPost, kolkataPost] = await Promise.all([
        createPost(t, tokyo),
        createPost(t, kolkata),
      ]);
      await react(fan, tokyoPost.random_id);
      await react(fan, kolkataPost.random_id);
      await settled();

      // 07:00 in Tokyo is 03:30 in Kolkata: Tokyo's digest only.
      const tokyoSeven = nextDigestTime('Asia/Tokyo');
      expect(localClock(tokyoSeven, 'Asia/Kolkata').hour).not.toBe(DIGEST_LOCAL_HOUR);
      await emails().gatherDigests(tokyoSeven);
      await settled();
      const [first] = await mailsOf(tokyo, 1);
      expect(first.text).toContain(`${fan.username} liked your post`);
      expect(await mailTo(kolkata.email)).toEqual([]);
      const tokyoDay = localClock(tokyoSeven, 'Asia/Tokyo').date;
      expect(
        await t.dataSource.query(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM email_digest WHERE user_id = $1`,
          [tokyo.id],
        ),
      ).toEqual([{ day: tokyoDay }]);

      // Something new the same morning: the hour's next runs send nothing more that day.
      await comment(fan, tokyoPost.random_id, 'Lovely leaves');
      await settled();
      for (const minutes of [15, 30, 45])
        expect(
          await emails().gatherDigests(new Date(tokyoSeven.getTime() + minutes * 60_000)),
        ).toBe(0);
      await settled();

      // 07:00 in Kolkata, later: Kolkata's digest, and still one for Tokyo.
      const kolkataSeven = nextDigestTime('Asia/Kolkata', tokyoSeven);
      expect(localClock(kolkataSeven, 'Asia/Tokyo').hour).not.toBe(DIGEST_LOCAL_HOUR);
      expect(await emails().gatherDigests(kolkataSeven)).toBeGreaterThanOrEqual(1);
      await settled();
      const [theirs] = await mailsOf(kolkata, 1);
      expect(theirs.text).toContain(`${fan.username} liked your post`);
      expect(await mailTo(tokyo.email)).toHaveLength(1);

      // Tokyo's next morning: the comment, in the second digest.
      await emails().gatherDigests(nextDigestTime('Asia/Tokyo', kolkataSeven));
      await settled();
      const mails = await mailsOf(tokyo, 2);
      expect(mails.map((mail) => mail.text).join('\n')).toContain(
        `${fan.username} commented on your post`,
      );
      expect(await mailTo(kolkata.email)).toHaveLength(1);
    });

    it('sends no second digest the same day after a move to a zone behind', async () => {
      const [member, fan] = await Promise.all([registered(), registered()]);
      await setSettings(member, { time_zone: 'Pacific/Kiritimati' });
      const post = await createPost(t, member);
      await react(fan, post.random_id);
      await settled();
      const first = nextDigestTime('Pacific/Kiritimati');
      await emails().gatherDigests(first);
      await settled();
      await mailsOf(member, 1);

      // Kiritimati is UTC+14, Pago Pago UTC−11: the move makes it the day before again there.
      await setSettings(member, { time_zone: 'Pacific/Pago_Pago' });
      await comment(fan, post.random_id, 'Another');
      await settled();
      const behind = nextDigestTime('Pacific/Pago_Pago', first);
      expect(behind.getTime() - first.getTime()).toBeLessThan(20 * 3600_000);
      expect(await emails().gatherDigests(behind)).toBe(0);
      await settled();
      expect(await mailTo(member.email)).toHaveLength(1);
    });

    it('leaves out what was turned off before the digest went', async () => {
      const [author, fan] = await Promise.all([registered(), registered()]);
      await setSettings(author, { email_events: 'daily' });
      const post = await createPost(t, author);
      await react(fan, post.random_id);
      await settled();
      await setSettings(author, { email_comments: 'off' });
      await gatherAndSettle();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailTo(author.email)).toEqual([]);
    });
  });

  describe('a change to an event date', () => {
    const ZONE = 'Australia/Melbourne';

    async function eventWithAnswerers(creator: TestMember, answerers: TestMember[]) {
      const created = await t
        .http()
        .post('/api/iam/events/new')
        .set(creator.headers)
        .send({
          title: 'Seed swap',
          time_zone: ZONE,
          start_date: new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
            new Date(Date.now() + 3 * 86_400_000),
          ),
          start_time: '10:00',
          end_time: '12:00',
        })
        .expect(201);
      const event = created.body.data as { id: string; random_id: string; dates: [{ id: string }] };
      for (const member of answerers)
        await t
          .http()
          .put('/api/iam/events/upsert-attend-specific')
          .set(member.headers)
          .send({ specificId: event.dates[0].id, status: 'GOING' })
          .expect(200);
      await settled();
      return event;
    }

    it('e-mails each answerer as their events setting says, once even when the fan-out runs again', async () => {
      const creator = await createMember(t, 'trusted');
      const [now, daily, off] = await Promise.all([registered(), registered(), registered()]);
      await setSettings(now, { email_events: 'immediately' });
      await setSettings(off, { email_events: 'off' });
      expect((await settings(daily)).email_events).toBe('daily');
      await setSettings(creator, { email_events: 'immediately' });
      const event = await eventWithAnswerers(creator, [now, daily, off]);
      // The creator's own attendance e-mails (one per answer) are not what this test counts.
      const creatorMails = (await mailsOf(creator, 3)).length;
      const date = event.dates[0].id;

      await t
        .http()
        .put('/api/iam/events/update-specific')
        .set(creator.headers)
        .send({ specificId: date, start_time: '11:00' })
        .expect(200);
      await settled();
      const [mail] = await mailsOf(now, 1);
      expect(mail.text).toContain(`http://localhost:3000/event/${event.random_id}`);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(await mailTo(daily.email)).toEqual([]);

      // The same fan-out job again: no row and no e-mail more.
      const [{ dedupe_key: key }] = await t.dataSource.query(
        'SELECT dedupe_key FROM notification WHERE user_id = $1 AND event_specific_id = $2',
        [now.id, date],
      );
      await t.app.get(FanOutJob).handle({
        audience: 'event-date',
        subjectId: date,
        causeKey: String(key).slice(0, -(now.id.length + 1)),
        type: 'event',
        subtype: 'EVENT_DATE_CHANGED',
        actorId: creator.id,
        eventId: event.id,
        eventSpecificId: date,
      });
      await gatherAndSettle();
      const [digest] = await mailsOf(daily, 1);
      expect(digest.text).toContain('News about the event “Seed swap”');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailTo(now.email)).toHaveLength(1);
      expect(await mailTo(daily.email)).toHaveLength(1);
      expect(await mailTo(off.email)).toEqual([]);
      // The one who changed it hears nothing of their own change.
      expect(await mailTo(creator.email)).toHaveLength(creatorMails);
    });
  });

  describe('off', () => {
    it('sends nothing, at once or in a digest', async () => {
      const [author, fan] = await Promise.all([registered(), registered()]);
      await setSettings(author, { email_on_comment: false, email_on_message: false });
      const post = await createPost(t, author);
      await react(fan, post.random_id);
      await comment(fan, post.random_id, 'Nice');
      expect(await emails().notify(author.id, 'messages', { key: 'm:1', actorId: fan.id })).toBe(
        false,
      );
      await settled();
      await gatherAndSettle();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailTo(author.email)).toEqual([]);
      const [{ n }] = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM email_item WHERE user_id = $1',
        [author.id],
      );
      expect(n).toBe(0);
    });
  });

  describe('unsubscribe link', () => {
    it('works without logging in and turns that kind off; the page alone changes nothing', async () => {
      const [author, fan] = await Promise.all([registered(), registered()]);
      await setSettings(author, { email_comments: 'immediately' });
      const post = await createPost(t, author);
      await react(fan, post.random_id);
      await settled();
      const [mail] = await mailsOf(author, 1);
      const { path } = unsubscribePath(mail);
      expect(mail.text).toContain(`http://localhost:3000${path}`);

      const page = await t.http().get(path).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('Stop e-mails about comments and reactions?');
      expect(page.text).toContain('<form method="post">');
      expect((await settings(author)).email_comments).toBe('immediately');

      // RFC 8058: what a mail provider posts, with no cookie and no token of the member's.
      const done = await t
        .http()
        .post(path)
        .set('content-type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(done.text).toContain('You are unsubscribed');
      expect(await settings(author)).toMatchObject({
        email_comments: 'off',
        email_on_comment: false,
        email_messages: 'immediately',
      });
      // Again: still fine, still off.
      await t.http().post(path).expect(200);
      expect((await settings(author)).email_comments).toBe('off');

      // Nothing more arrives of that kind.
      await comment(fan, post.random_id, 'Another one');
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mailTo(author.email)).toHaveLength(1);
    });

    it('of a digest turns off what the digest covers', async () => {
      const [author, fan] = await Promise.all([registered(), registered()]);
      await setSettings(author, { email_events: 'daily', email_messages: 'immediately' });
      const post = await createPost(t, author);
      await react(fan, post.random_id);
      await settled();
      await gatherAndSettle();
      const [digest] = await mailsOf(author, 1);
      await t
        .http()
        .post(unsubscribePath(digest).path)
        .set('content-type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(await settings(author)).toMatchObject({
        email_comments: 'off',
        email_events: 'off',
        email_messages: 'immediately',
      });
    });

    it('refuses a token that is not ours and changes nothing', async () => {
      const member = await registered();
      const token = (
        emails() as unknown as { tokens: { mint(id: string, s: string): string } }
      ).tokens.mint(member.id, 'comments');
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      const otherKind = token.replace(/^([0-9a-f]{32})c/, '$1m');
      for (const bad of [tampered, otherKind, '', 'x'.repeat(5000), `${token}%00`]) {
        const url = `/api/iam/notifications/email-unsubscribe?token=${encodeURIComponent(bad)}`;
        expect((await t.http().get(url)).status).toBe(404);
        expect((await t.http().post(url)).status).toBe(404);
      }
      expect((await t.http().post('/api/iam/notifications/email-unsubscribe')).status).toBe(404);
      expect((await settings(member)).email_comments).toBe('daily');
      expect((await settings(member)).email_messages).toBe('immediately');
    });

    it('is the only route that takes a form body', async () => {
      const member = await registered();
      const response = await t
        .http()
        .put('/api/iam/users/update-user-settings')
        .set(member.headers)
        .set('content-type', 'application/x-www-form-urlencoded')
        .send('email_comments=off');
      expect(response.status).toBe(415);
      expect((await settings(member)).email_comments).toBe('daily');
    });
  });
});
