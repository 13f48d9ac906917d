import { AuditLogService } from '../../src/platform/audit/audit-log.service';
import { createMember, type TestMember } from '../support/members';
import type { TestApp } from '../support/test-app';
import { adminAppPerSuite } from '../support/suite-app';

const AUDIT = '/api/iam/admin/audit-log';

interface Entry {
  id: string;
  actorId: string | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

describe('admin: the audit log', () => {
  let t: TestApp;
  let admin: TestMember;
  adminAppPerSuite((suite) => ({ t, admin } = suite));

  const list = (query: Record<string, string> = {}, caller: TestMember = admin) =>
    t.http().get(AUDIT).query(query).set(caller.headers);
  const newest = async (action: string) =>
    ((await list({ action }).expect(200)).body.data.items as Entry[])[0];

  it('answers 403 to members who are not admins and 401 to guests', async () => {
    for (const kind of ['registered', 'trusted', 'ops', 'suspended'] as const) {
      const caller = await createMember(t, kind);
      await list({}, caller).expect(403);
    }
    await t.http().get(AUDIT).expect(401);
  });

  it('records a site setting change with who, before and after, and lists it with the username', async () => {
    await t
      .http()
      .put('/api/iam/admin/update/site-setting')
      .set(admin.headers)
      .send({ name: 'registration_mode', value: 'invite-only', dataType: 'string' })
      .expect(200);
    expect(await newest('site-setting.update')).toEqual({
      id: expect.any(String),
      actorId: admin.id,
      actorUsername: admin.username,
      action: 'site-setting.update',
      targetType: 'site-setting',
      targetId: 'registration_mode',
      before: { value: 'open' },
      after: { value: 'invite-only' },
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('records a member’s update by an admin in the same transaction as the change', async () => {
    const member = await createMember(t, 'registered');
    await t
      .http()
      .put(`/api/iam/users/${member.id}`)
      .set(admin.headers)
      .send({ trusted: true })
      .expect(200);
    expect(await newest('user.update')).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      targetId: member.id,
      before: { trusted: false, suspended: false, admin: false, ops: false },
      after: { trusted: true, suspended: false, admin: false, ops: false },
    });

    // A refused change (an admin may not suspend themself) records nothing.
    const before = (await list({ action: 'user.update' }).expect(200)).body.data.items.length;
    await t
      .http()
      .put(`/api/iam/users/${admin.id}`)
      .set(admin.headers)
      .send({ suspended: true })
      .expect(400);
    expect((await list({ action: 'user.update' }).expect(200)).body.data.items).toHaveLength(
      before,
    );
  });

  it('records a member’s deletion and an ended session', async () => {
    const member = await createMember(t, 'registered');
    await t
      .http()
      .delete(`/api/iam/refresh-tokens/${member.sessionId}`)
      .set(admin.headers)
      .expect(200);
    expect(await newest('session.revoke')).toMatchObject({
      actorId: admin.id,
      targetId: member.sessionId,
    });
    await t.http().delete(`/api/iam/users/${member.id}`).set(admin.headers).expect(200);
    expect(await newest('user.delete')).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      targetId: member.id,
      before: { username: member.username },
      after: null,
    });
  });

  it('keeps an entry whose actor is gone, with no username', async () => {
    const other = await createMember(t, 'admin');
    await t.app.get(AuditLogService).record({
      actorId: other.id,
      action: 'test.gone-actor',
      targetType: 'test',
    });
    await t.http().delete(`/api/iam/users/${other.id}`).set(admin.headers).expect(200);
    expect(await newest('test.gone-actor')).toMatchObject({
      actorId: other.id,
      actorUsername: null,
    });
  });

  it('pages newest first by cursor without losing or repeating an entry', async () => {
    const audit = t.app.get(AuditLogService);
    for (let index = 0; index < 7; index += 1)
      await audit.record({
        actorId: admin.id,
        action: 'test.paging',
        targetType: 'test',
        targetId: String(index),
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { action: 'test.paging', take: '3' };
      if (cursor) query.cursorId = cursor;
      const response = await list(query).expect(200);
      seen.push(...(response.body.data.items as Entry[]).map((entry) => entry.targetId as string));
      cursor = response.body.data.next_cursor as string | null;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(['6', '5', '4', '3', '2', '1', '0']);
    expect(pages).toBe(3);
  });

  it('refuses a forged cursor or action with a 400', async () => {
    await list({ cursorId: 'not-a-cursor!' }).expect(400);
    await list({ action: 'DROP TABLE' }).expect(400);
    await list({ take: 'lots' }).expect(400);
  });
});
