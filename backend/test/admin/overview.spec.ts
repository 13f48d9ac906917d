import { tableSizes } from '../../src/platform/database/table-sizes';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import type { TestApp } from '../support/test-app';
import { adminAppPerSuite } from '../support/suite-app';
import { statementsOf } from '../support/sql-statements';

describe('admin: the overview (GET /api/iam/admin/overview)', () => {
  let t: TestApp;
  let admin: TestMember;
  adminAppPerSuite((suite) => ({ t, admin } = suite));

  const overview = (caller: TestMember | null = admin) => {
    const call = t.http().get('/api/iam/admin/overview');
    return caller ? call.set(caller.headers) : call;
  };

  it('counts accounts, posts, pages and events exactly while the tables are small', async () => {
    const before = (await overview().expect(200)).body.data;
    const count = (name: string) =>
      before.counts.find((entry: { name: string }) => entry.name === name);
    expect(count('accounts')).toEqual({ name: 'accounts', value: 1, approximate: false });
    expect(count('pages')).toEqual({ name: 'pages', value: 0, approximate: false });
    expect(count('events')).toEqual({ name: 'events', value: 0, approximate: false });

    const member = await createMember(t, 'registered');
    await createPost(t, member);
    await createPost(t, member, { privacy: 'private' });
    const after = (await overview().expect(200)).body.data;
    expect(after.counts).toEqual([
      { name: 'accounts', value: 2, approximate: false },
      { name: 'posts', value: count('posts').value + 2, approximate: false },
      { name: 'pages', value: 0, approximate: false },
      { name: 'events', value: 0, approximate: false },
    ]);
  });

  it('gives a large table as the planner’s estimate, labelled approximate, never counting it', async () => {
    await t.dataSource.query('CREATE TABLE big_probe (id int)');
    await t.dataSource.query('INSERT INTO big_probe SELECT generate_series(1, 12000)');
    await t.dataSource.query('ANALYZE big_probe');
    const { answer, sql } = await statementsOf(() => tableSizes(t.dataSource, ['big_probe']));
    expect(answer).toEqual([{ table: 'big_probe', rows: 12000, approximate: true }]);
    expect(sql.some((text) => /count\(\*\)/i.test(text))).toBe(false);
  });

  it('shows each queue’s depth and failures', async () => {
    await t.app.get(JobQueue).queue('cleanup').pause();
    // Paused: the probe job stays waiting, whatever runs the workers.
    await t.app.get(JobQueue).queue('cleanup').add('overview-probe', {});
    const { queues, queues_error } = (await overview().expect(200)).body.data;
    expect(queues_error).toBeNull();
    expect(queues.map((queue: { name: string }) => queue.name).sort()).toEqual(
      ['cleanup', 'email', 'images', 'notifications'].sort(),
    );
    expect(queues.find((queue: { name: string }) => queue.name === 'cleanup')).toMatchObject({
      paused: true,
      waiting: 1,
      failed: 0,
    });
    await t.app.get(JobQueue).queue('cleanup').drain();
    await t.app.get(JobQueue).queue('cleanup').resume();
  });

  it('lists the latest admin actions with who did them', async () => {
    const [{ id }] = await t.dataSource.query(
      "INSERT INTO tag (name, description) VALUES ('audited-tag', 'x') RETURNING id",
    );
    await t
      .http()
      .put('/api/iam/tags/update')
      .set(admin.headers)
      .send({ tagDetails: { id, name: 'audited-tag-renamed' } })
      .expect(200);
    const { recent_audit } = (await overview().expect(200)).body.data;
    expect(recent_audit[0]).toMatchObject({
      actor: expect.stringMatching(/^m_/),
      action: 'tag.update',
      target: `tag ${id}`,
    });
  });

  it('is for admins only', async () => {
    await overview(null).expect(401);
    await overview(await createMember(t, 'trusted')).expect(403);
    await overview(await createMember(t, 'ops')).expect(403);
  });
});
