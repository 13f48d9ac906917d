import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { MemorySmsSender } from '../../src/platform/sms/memory-sms.sender';
import { SmsSender } from '../../src/platform/sms/sms-sender';
import { mailTo, testSmtpUrl, uniqueAddress } from '../support/mailbox';
import { createMember } from '../support/members';
import { eventually, startTestApp, testRedisUrl, type TestApp } from '../support/test-app';

const PASSWORD = 'a-fine-long-password';
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

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Whoever can read the queues (the dashboard shows every job's data and result, kept for a day)
 * must find nothing that works: after the flows that send secrets (sign-up, a sign-up with a taken
 * address, a password reset, a resent verification link, an SMS phone check) no string in any
 * job of any queue, in BullMQ's Redis keys or in the outbox table is a working link token or
 * phone code, while the secrets the e-mails and the text delivered do work.
 */
describe('identity: no working secret on the queues', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        WORKERS: 'inline',
        SMTP_URL: testSmtpUrl(),
        SMS_DRIVER: 'memory',
        // Each candidate below is tried from its own address, so rate limits do not mask it.
        TRUST_PROXY: '1',
      },
    });
    redis = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  async function newestMail(address: string, subject: RegExp, count = 1) {
    return eventually(async () => {
      const messages = (await mailTo(address)).filter((mail) => subject.test(mail.subject));
      expect(messages).toHaveLength(count);
      return messages[0];
    }, 20_000);
  }

  function tokenIn(text: string, path: string): string {
    const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_%-]+)`).exec(
      text,
    );
    if (!match) throw new Error(`no ${path} link in: ${text}`);
    return decodeURIComponent(match[1]);
  }

  /**
   * Every outbox row is relayed and no job is still to run (the recurring jobs wait, delayed,
   * for their next turn: they are not ours).
   */
  async function settled() {
    await eventually(async () => {
      const [{ pending }] = await t.dataSource.query(
        'SELECT count(*)::int AS pending FROM outbox_message WHERE dispatched_at IS NULL',
      );
      expect(pending).toBe(0);
      for (const queue of t.app.get(JobQueue).all()) {
        const counts = await queue.getJobCounts(...JOB_STATES);
        // Timers (cleanup's housekeeping, the daily digests' gathering) wait delayed: not ours.
        const delayed = Math.max(0, counts.delayed - (await queue.getJobSchedulersCount()));
        const waiting = counts.waiting + counts.active + counts.prioritized + counts.paused;
        expect({ queue: queue.name, pending: waiting + delayed }).toEqual({
          queue: queue.name,
          pending: 0,
        });
      }
    }, 20_000);
  }

  /** Everything the dashboard could show: each job with its data, result and logs, and every BullMQ key raw. */
  async function everythingOnTheQueues(): Promise<{ text: string; jobs: string[] }> {
    const parts: unknown[] = [];
    const jobs: string[] = [];
    for (const queue of t.app.get(JobQueue).all()) {
      for (const job of await queue.getJobs([...JOB_STATES], 0, -1)) {
        jobs.push(`${queue.name}/${job.name}:${await job.getState()}`);
        const { logs } = await queue.getJobLogs(job.id as string);
        parts.push({
          queue: queue.name,
          name: job.name,
          data: job.data,
          returnvalue: job.returnvalue,
          failedReason: job.failedReason,
          stacktrace: job.stacktrace,
          progress: job.progress,
          logs,
        });
      }
    }
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${t.config.redisPrefix}:bull:*`,
        'COUNT',
        500,
      );
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'hash') parts.push(await redis.hgetall(key));
        else if (type === 'string') parts.push(await redis.get(key));
        else if (type === 'list') parts.push(await redis.lrange(key, 0, -1));
        else if (type === 'set') parts.push(await redis.smembers(key));
        else if (type === 'zset') parts.push(await redis.zrange(key, 0, -1));
        else if (type === 'stream') parts.push(await redis.xrange(key, '-', '+'));
      }
      cursor = next;
    } while (cursor !== '0');
    return { text: JSON.stringify(parts), jobs };
  }

  /** Link tokens as EmailTokensService accepts them: unspent, unexpired, by the hash of the token. */
  async function workingTokenHashes(): Promise<Set<string>> {
    const rows: Array<{ token_hash: string }> = await t.dataSource.query(
      'SELECT token_hash FROM email_token WHERE used_at IS NULL AND expires_at > now()',
    );
    return new Set(rows.map((row) => row.token_hash));
  }

  /** Whether a 6-digit string is the code of a phone check still open (PhoneVerificationService's hash). */
  async function workingPhoneCode(code: string): Promise<boolean> {
    const rows: Array<{ id: string; code_hash: string }> = await t.dataSource.query(
      'SELECT id, code_hash FROM phone_verification WHERE verified_at IS NULL AND expires_at > now()',
    );
    return rows.some((row) => row.code_hash === sha256(`${row.id}:${code}`));
  }

  /** Every token-like run (base64url, 20+ characters), each 43-character window of longer ones, and every 6-digit run. */
  function candidatesIn(text: string): { tokens: string[]; codes: string[] } {
    const runs = new Set(text.match(/[A-Za-z0-9_-]{20,}/g) ?? []);
    const tokens = new Set(runs);
    for (const run of runs) {
      for (let start = 0; start + 43 <= run.length; start += 1)
        tokens.add(run.slice(start, start + 43));
    }
    return {
      tokens: [...tokens],
      codes: [...new Set(text.match(/(?<![0-9])[0-9]{6}(?![0-9])/g) ?? [])],
    };
  }

  let forwardedFor = 0;
  /** pwreset/verify answers whether a token is a live reset link without spending it. */
  function resetLinkAccepted(token: string) {
    forwardedFor += 1;
    return t
      .http()
      .post('/api/iam/pwreset/verify')
      .set('x-forwarded-for', `10.9.${Math.floor(forwardedFor / 250)}.${forwardedFor % 250}`)
      .send({ token })
      .then((response) => {
        expect([200, 400]).toContain(response.status);
        return response.status === 200;
      });
  }

  it('keeps no working link token or phone code in any job, job result, Redis key or outbox row', async () => {
    const newcomer = uniqueAddress('newcomer');
    await t
      .http()
      .post('/api/iam/authn/signup')
      .send({ email: newcomer, password: PASSWORD })
      .expect(201);
    const taken = await createMember(t, 'registered', { email: uniqueAddress('taken') });
    await t
      .http()
      .post('/api/iam/authn/signup')
      .send({ email: taken.email, password: PASSWORD })
      .expect(201);
    const forgetful = await createMember(t, 'registered', { email: uniqueAddress('forgetful') });
    await t.http().post('/api/iam/authn/reset').send({ email: forgetful.email }).expect(200);
    await newestMail(newcomer, /Confirm your e-mail/);
    await t.http().post('/api/iam/authn/verifyemail').send({ email: newcomer }).expect(200);

    const phoneNo = '+61412345678';
    const phoneCheck = await t
      .http()
      .post('/api/iam/authn/init-phone-and-check/')
      .set(forgetful.headers)
      .send({ phoneNo, userId: forgetful.id })
      .expect(200);
    expect(phoneCheck.body.data.unverifiable).toBe(false);
    const smsCode = /\b(\d{6})\b/.exec(
      (t.app.get(SmsSender) as MemorySmsSender).lastTo(phoneNo)?.text ?? '',
    )?.[1] as string;
    expect(smsCode).toMatch(/^\d{6}$/);

    const verification = await newestMail(newcomer, /Confirm your e-mail/, 2);
    const reset = await newestMail(forgetful.email, /Reset your Plantfolk password/);
    const notice = await newestMail(taken.email, /Someone tried to sign up/);
    await settled();

    const { text: queues, jobs } = await everythingOnTheQueues();
    const outbox = JSON.stringify(await t.dataSource.query('SELECT * FROM outbox_message'));
    const { tokens, codes } = candidatesIn(`${queues}\n${outbox}`);
    const working = await workingTokenHashes();

    // The checks below would catch the real secrets: they work, and they are live right now.
    const verifyToken = tokenIn(verification.text, '/auth/verifyemail');
    const resetToken = tokenIn(reset.text, '/auth/reset');
    expect(working.has(sha256(verifyToken))).toBe(true);
    expect(working.has(sha256(resetToken))).toBe(true);
    expect(await workingPhoneCode(smsCode)).toBe(true);
    expect(tokens.length).toBeGreaterThan(0);

    // Nothing on the queues or in the outbox is one of them, or any other working secret.
    const everything = queues + outbox;
    expect({ verifyToken: everything.includes(verifyToken) }).toEqual({ verifyToken: false });
    expect({ resetToken: everything.includes(resetToken) }).toEqual({ resetToken: false });
    expect(tokens.filter((candidate) => working.has(sha256(candidate)))).toEqual([]);
    const phoneCodes: string[] = [];
    for (const code of codes) if (await workingPhoneCode(code)) phoneCodes.push(code);
    expect(phoneCodes).toEqual([]);
    const acceptedAsReset: string[] = [];
    for (const candidate of new Set(queues.concat(outbox).match(/[A-Za-z0-9_-]{20,200}/g)))
      if (await resetLinkAccepted(candidate)) acceptedAsReset.push(candidate);
    expect(acceptedAsReset).toEqual([]);

    // The account e-mails ran as their own jobs, each carrying the address only.
    expect(jobs.sort()).toEqual(
      expect.arrayContaining([
        'email/password-reset-email:completed',
        'email/sign-up-attempt-email:completed',
        'email/verification-email:completed',
      ]),
    );
    expect(notice.text).not.toMatch(/token=/);

    // And the delivered secrets do what they are for.
    expect(await resetLinkAccepted(resetToken)).toBe(true);
    await t.http().post('/api/iam/authn/verifyemailtoken').send({ token: verifyToken }).expect(200);
    await t
      .http()
      .put('/api/iam/authn/confirm-phone-and-record/')
      .set(forgetful.headers)
      .send({
        phoneNo,
        userId: forgetful.id,
        recordId: phoneCheck.body.data.recordId,
        code: smsCode,
      })
      .expect(200);
  }, 60_000);

  it('a retried account e-mail mints a fresh link and the unsent one stops working', async () => {
    const member = await createMember(t, 'signed-up', { email: uniqueAddress('retried') });
    const emails = t.app.get(
      (await import('../../src/modules/identity/account-emails.service')).AccountEmailsService,
    );
    const { MailerService } = await import('../../src/platform/mail/mailer.service');
    const mailer = t.app.get(MailerService);
    const send = jest.spyOn(mailer, 'send').mockRejectedValueOnce(new Error('451 try again'));
    try {
      await expect(emails.sendVerificationLink(member.email)).rejects.toThrow('451 try again');
      const [unsent] = await t.dataSource.query(
        "SELECT id FROM email_token WHERE user_id = $1 AND purpose = 'verify-email' AND used_at IS NULL",
        [member.id],
      );
      expect(unsent).toBeDefined();
      await emails.sendVerificationLink(member.email);
      const live = await t.dataSource.query(
        "SELECT id FROM email_token WHERE user_id = $1 AND purpose = 'verify-email' AND used_at IS NULL",
        [member.id],
      );
      expect(live).toHaveLength(1);
      expect(live[0].id).not.toBe(unsent.id);
      const mail = await newestMail(member.email, /Confirm your e-mail/);
      await t
        .http()
        .post('/api/iam/authn/verifyemailtoken')
        .send({ token: tokenIn(mail.text, '/auth/verifyemail') })
        .expect(200);
    } finally {
      send.mockRestore();
    }
  });
});
