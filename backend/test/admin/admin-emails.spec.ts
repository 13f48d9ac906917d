import { mailTo, testSmtpUrl } from '../support/mailbox';
import { createMember, type TestMember } from '../support/members';
import { adminAppPerSuite } from '../support/suite-app';
import { eventually, type TestApp } from '../support/test-app';

describe('admin e-mails (POST emails/admin/new-verified-user, emails/account-deletion)', () => {
  let t: TestApp;
  let admin: TestMember;
  adminAppPerSuite((suite) => ({ t, admin } = suite), {
    env: { WORKERS: 'inline', SMTP_URL: testSmtpUrl() },
  });

  const post = (path: string, body: unknown, who: TestMember = admin) =>
    t
      .http()
      .post(`/api/iam/emails/${path}`)
      .set(who.headers)
      .send(body as object);

  it('tells every active admin about a newly verified member, in HTML and text', async () => {
    const other = await createMember(t, 'admin');
    const suspended = await createMember(t, 'admin', { suspendedAt: new Date() });
    const member = await createMember(t, 'verified', { displayName: 'Ivy Hedera' });
    const response = await post('admin/new-verified-user', { userId: member.id }).expect(201);
    expect(response.body.data.queued).toBeGreaterThanOrEqual(2);

    for (const recipient of [admin, other]) {
      const [mail] = await eventually(async () => {
        const messages = await mailTo(recipient.email);
        expect(messages).toHaveLength(1);
        return messages;
      });
      expect(mail.subject).toBe('A new member verified their e-mail');
      expect(mail.text).toContain(`${member.email} has confirmed their e-mail address`);
      expect(mail.html).toContain(member.email);
      expect(mail.text).toContain('http://localhost:3000/admin/users/incomplete');
    }
    expect(await mailTo(suspended.email)).toEqual([]);
    expect(await mailTo(member.email)).toEqual([]);

    const [entry] = await t.dataSource.query(
      `SELECT actor_id, action, target_id FROM audit_log WHERE target_id = $1`,
      [member.id],
    );
    expect(entry).toEqual({
      actor_id: admin.id,
      action: 'email.new-verified-user',
      target_id: member.id,
    });
  });

  it('refuses a member who has not verified their address, and an unknown one', async () => {
    const unverified = await createMember(t, 'signed-up');
    const refused = await post('admin/new-verified-user', { userId: unverified.id }).expect(409);
    expect(refused.body.error.code).toBe('MEMBER_NOT_VERIFIED');
    await post('admin/new-verified-user', {
      userId: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    }).expect(404);
  });

  it('tells a member their account is being deleted, and leaves the account as it is', async () => {
    const member = await createMember(t, 'registered', { displayName: 'Fern Gully' });
    await post('account-deletion', { userId: member.id }).expect(201);
    const [mail] = await eventually(async () => {
      const messages = await mailTo(member.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(mail.subject).toBe('Your Plantfolk account is being deleted');
    expect(mail.text).toContain('Hello Fern Gully');
    expect(mail.html).toContain('Your account is being deleted');
    // The account is untouched: deleting it is DELETE users/{uuid}.
    await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
  });

  it.each([
    ['no userId', {}],
    ['a null userId', { userId: null }],
    ['a userId that is no uuid', { userId: 'not-a-uuid' }],
    ['a huge userId', { userId: 'a'.repeat(10_000) }],
    ['a NUL byte', { userId: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5\u0000' }],
    ['an array', { userId: ['3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'] }],
  ])('answers %s with 400', async (_label, body) => {
    await post('account-deletion', body).expect(400);
    await post('admin/new-verified-user', body).expect(400);
  });

  it('is for admins only', async () => {
    const member = await createMember(t, 'verified');
    for (const kind of ['registered', 'trusted', 'ops'] as const) {
      const caller = await createMember(t, kind);
      await post('admin/new-verified-user', { userId: member.id }, caller).expect(403);
      await post('account-deletion', { userId: member.id }, caller).expect(403);
    }
    expect(await mailTo(member.email)).toEqual([]);
  });
});
