import { createMember, queueDashboardPass, type TestMember } from '../support/members';
import type { TestApp } from '../support/test-app';
import { adminAppPerSuite } from '../support/suite-app';

describe('admin: granting and withdrawing the ops permission (PUT /api/iam/users/{uuid} {ops})', () => {
  let t: TestApp;
  let admin: TestMember;
  adminAppPerSuite((suite) => ({ t, admin } = suite));

  const setOps = (member: TestMember, ops: unknown, caller: TestMember = admin) =>
    t.http().put(`/api/iam/users/${member.id}`).set(caller.headers).send({ ops });

  const isOps = async (member: TestMember) => {
    const [row] = (await t.dataSource.query('SELECT is_ops FROM user_account WHERE id = $1', [
      member.id,
    ])) as Array<{ is_ops: boolean }>;
    return row.is_ops;
  };

  const dashboardPass = (member: TestMember) => queueDashboardPass(t, member);

  it('opens the queue dashboard read-only to a member granted ops, and no admin call', async () => {
    const member = await createMember(t, 'registered');
    expect((await dashboardPass(member)).status).toBe(403);

    const granted = await setOps(member, true).expect(200);
    expect(granted.body.data).toMatchObject({ uuid: member.id, ops: true, admin: false });
    expect(await isOps(member)).toBe(true);

    const pass = await dashboardPass(member);
    expect(pass.status).toBe(200);
    const cookie = pass.cookie as string;
    await t.http().get('/admin/queues/api/queues').set('cookie', cookie).expect(200);
    const retry = await t
      .http()
      .put('/admin/queues/api/queues/cleanup/retry/failed')
      .set('cookie', cookie);
    expect(retry.status).toBe(403);
    expect(retry.body.error.code).toBe('QUEUE_DASHBOARD_READ_ONLY');

    // Ops is no admin: every admin call stays closed, and members' data with them.
    const other = await createMember(t, 'registered');
    await t.http().get('/api/iam/admin/overview').set(member.headers).expect(403);
    await t.http().get('/api/iam/users/all/registered').set(member.headers).expect(403);
    await t.http().get('/api/iam/site-settings/get-site').set(member.headers).expect(403);
    await t.http().get('/api/iam/admin/audit-log').set(member.headers).expect(403);
    await setOps(other, true, member).expect(403);
    expect(await isOps(other)).toBe(false);
  });

  it('closes the dashboard again when withdrawn, even to a pass already given', async () => {
    const member = await createMember(t, 'ops');
    const pass = await dashboardPass(member);
    expect(pass.status).toBe(200);
    const cookie = pass.cookie as string;
    await t.http().get('/admin/queues/api/queues').set('cookie', cookie).expect(200);

    const withdrawn = await setOps(member, false).expect(200);
    expect(withdrawn.body.data).toMatchObject({ uuid: member.id, ops: false });
    expect(await isOps(member)).toBe(false);
    await t.http().get('/admin/queues/api/queues').set('cookie', cookie).expect(403);
    expect((await dashboardPass(member)).status).toBe(403);
  });

  it('records each change in the audit log, before and after', async () => {
    const member = await createMember(t, 'registered');
    await setOps(member, true).expect(200);
    await setOps(member, false).expect(200);
    const entries = (await t.dataSource.query(
      `SELECT actor_id, before, after FROM audit_log
        WHERE action = 'user.update' AND target_id = $1
        ORDER BY created_at, id`,
      [member.id],
    )) as Array<{ actor_id: string; before: { ops: boolean }; after: { ops: boolean } }>;
    expect(entries.map((entry) => [entry.actor_id, entry.before.ops, entry.after.ops])).toEqual([
      [admin.id, false, true],
      [admin.id, true, false],
    ]);
  });

  it('lists the permission with each member for admins', async () => {
    const member = await createMember(t, 'ops');
    const response = await t
      .http()
      .get('/api/iam/users/all/registered')
      .query({ q: member.username as string })
      .set(admin.headers)
      .expect(200);
    expect(response.body.data.items).toEqual([
      expect.objectContaining({ uuid: member.id, ops: true, admin: false }),
    ]);
  });

  it.each([['yes'], [1], [null], [{}], ['\u0000']])(
    'refuses ops: %p with a 400, changing nothing',
    async (value) => {
      const member = await createMember(t, 'registered');
      const response = await setOps(member, value);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(await isOps(member)).toBe(false);
    },
  );
});
