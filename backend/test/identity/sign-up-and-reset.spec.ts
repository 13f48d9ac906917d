import { EmailTokensService } from '../../src/modules/identity/email-tokens.service';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { OutboxRelay } from '../../src/platform/queues/outbox-relay.service';
import { SiteSettingsService } from '../../src/platform/site-settings/site-settings.service';
import { uniqueAddress } from '../support/mailbox';
import { createMember } from '../support/members';
import { statementsOf } from '../support/sql-statements';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * What sign-up and a reset request reveal about an address. A timing test would be flaky, so the
 * sameness is shown structurally: the API (no workers here, so nothing else touches the
 * database) runs the very same SQL statements for an address with an account and one without,
 * and queues one job of the same shape for both.
 */
describe('identity: sign-up and reset requests do not tell who has an account', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ env: { WORKERS: 'off' } })));
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  async function outboxRows(): Promise<Array<{ job_name: string; payload: unknown }>> {
    return t.dataSource.query(
      'SELECT job_name, payload FROM outbox_message WHERE dispatched_at IS NULL ORDER BY created_at',
    );
  }

  /**
   * Every outbox row relayed, and the site settings' start-up reload (after subscribing to change
   * notices) done: sign-up reads the registration mode from their in-process copy, which no
   * request waits on once it is there, so no settings read is left to land in a comparison.
   */
  async function drainOutbox() {
    while ((await t.app.get(OutboxRelay).relayOnce()) > 0);
    await t.app.get(SiteSettingsService).settled();
  }

  it('sign-up: the same answer, the same statements and one queued e-mail for a taken and a new address', async () => {
    await drainOutbox();
    const member = await createMember(t, 'registered', { email: uniqueAddress('taken') });
    const fresh = uniqueAddress('fresh');
    const signUp = (email: string) =>
      t.http().post('/api/iam/authn/signup').send({ email, password: 'a-fine-long-password' });

    const known = await statementsOf(() => signUp(member.email));
    const knownJobs = await outboxRows();
    await drainOutbox();
    const unknown = await statementsOf(() => signUp(fresh));
    const unknownJobs = await outboxRows();

    expect(known.answer.status).toBe(201);
    expect([known.answer.status, known.answer.text]).toEqual([
      unknown.answer.status,
      unknown.answer.text,
    ]);
    expect(known.sql).toEqual(unknown.sql);
    expect(known.sql.filter((text) => /\bsite_setting\b/.test(text))).toEqual([]);
    expect(known.sql.some((text) => /INSERT INTO user_account/i.test(text))).toBe(true);
    // One job each, carrying nothing but the address.
    expect(knownJobs).toEqual([
      { job_name: 'sign-up-attempt-email', payload: { email: member.email } },
    ]);
    expect(unknownJobs).toEqual([{ job_name: 'verification-email', payload: { email: fresh } }]);
    const [{ accounts }] = await t.dataSource.query(
      'SELECT count(*)::int AS accounts FROM user_account WHERE email = ANY($1)',
      [[member.email, fresh]],
    );
    expect(accounts).toBe(2);
  });

  it('reset: the same statements and one queued job for a known and an unknown address, with no account lookup', async () => {
    await drainOutbox();
    const member = await createMember(t, 'registered', { email: uniqueAddress('forgetful') });
    const nobody = uniqueAddress('nobody');
    const requestReset = (email: string) => t.http().post('/api/iam/authn/reset').send({ email });

    const known = await statementsOf(() => requestReset(member.email));
    const unknown = await statementsOf(() => requestReset(nobody));

    expect(known.answer.body).toEqual({ status: 'success', data: { sent: true } });
    expect(unknown.answer.text).toBe(known.answer.text);
    expect(known.sql).toEqual(unknown.sql);
    // The request only queues: no account is looked up and no token minted until the job runs.
    expect(known.sql.some((text) => /INSERT INTO "?outbox_message/i.test(text))).toBe(true);
    expect(known.sql.filter((text) => /user_account|email_token/i.test(text))).toEqual([]);
    expect(await outboxRows()).toEqual([
      { job_name: 'password-reset-email', payload: { email: member.email } },
      { job_name: 'password-reset-email', payload: { email: nobody } },
    ]);
    const [{ tokens }] = await t.dataSource.query(
      'SELECT count(*)::int AS tokens FROM email_token WHERE user_id = $1',
      [member.id],
    );
    expect(tokens).toBe(0);

    await drainOutbox();
    const queued = await t.app.get(JobQueue).queue('email').getJobs(['waiting']);
    const resets = queued.filter((job) => job.name === 'password-reset-email');
    expect(resets.map((job) => job.data).sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [{ email: member.email }, { email: nobody }].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('resending the verification link queues the same job whatever the address', async () => {
    await drainOutbox();
    const unverified = await createMember(t, 'signed-up', { email: uniqueAddress('late') });
    const verified = await createMember(t, 'verified', { email: uniqueAddress('done') });
    const nobody = uniqueAddress('nobody');
    const results = [];
    for (const email of [unverified.email, verified.email, nobody]) {
      results.push(
        await statementsOf(() => t.http().post('/api/iam/authn/verifyemail').send({ email })),
      );
    }
    expect(results[1].sql).toEqual(results[0].sql);
    expect(results[2].sql).toEqual(results[0].sql);
    expect(new Set(results.map((result) => result.answer.text)).size).toBe(1);
    expect((await outboxRows()).map((row) => row.job_name)).toEqual([
      'verification-email',
      'verification-email',
      'verification-email',
    ]);
  });
});

describe('identity: common passwords are refused', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ env: { WORKERS: 'off' } })));
  afterAll(() => t.close());

  // Sign-ups are rate limited per address (10 an hour); the unit test tries many more.
  const WEAK = ['password123', 'qwertyuiop', 'P@ssw0rd1', 'Welcome1'];

  it.each(WEAK)('at sign-up: %s', async (password) => {
    const email = uniqueAddress('weak');
    const response = await t.http().post('/api/iam/authn/signup').send({ email, password });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'WEAK_PASSWORD',
      details: { field: 'password' },
    });
    expect(response.body.error.message).toMatch(/most common/);
    const rows = await t.dataSource.query('SELECT 1 FROM user_account WHERE email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('at sign-up, the address itself as the password', async () => {
    const email = uniqueAddress('selfish');
    const response = await t
      .http()
      .post('/api/iam/authn/signup')
      .send({ email, password: email.split('@')[0] });
    expect(response.body.error?.code).toBe('WEAK_PASSWORD');
  });

  it('at password change, naming new_password, and the old password stays', async () => {
    const member = await createMember(t, 'registered');
    const response = await t
      .http()
      .put('/api/iam/authn/update')
      .set(member.headers)
      .send({ current_password: member.password, new_password: 'password123' })
      .expect(400);
    expect(response.body.error).toMatchObject({
      code: 'WEAK_PASSWORD',
      details: { field: 'new_password' },
    });
    await t
      .http()
      .put('/api/iam/authn/update')
      .set(member.headers)
      .send({ current_password: member.password, new_password: 'a-fine-long-password' })
      .expect(200);
  });

  it('at reset, without spending the link', async () => {
    const member = await createMember(t, 'registered');
    const token = await t.dataSource.transaction((manager) =>
      t.app.get(EmailTokensService).issue(manager, member.id, 'reset-password', 600_000),
    );
    const weak = await t
      .http()
      .put('/api/iam/pwreset/update')
      .send({ token, password: 'qwertyuiop' })
      .expect(400);
    expect(weak.body.error).toMatchObject({
      code: 'WEAK_PASSWORD',
      details: { field: 'password' },
    });
    await t.http().post('/api/iam/pwreset/verify').send({ token }).expect(200);
    await t
      .http()
      .put('/api/iam/pwreset/update')
      .send({ token, password: 'brand-new-password' })
      .expect(200);
  });
});
