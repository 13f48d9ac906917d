import { createMember, queueDashboardPass, type TestMember } from './support/members';
import { appPerSuite } from './support/suite-app';
import type { TestApp } from './support/test-app';

describe('queue dashboard at /admin/queues', () => {
  describe('by default', () => {
    let t: TestApp;
    appPerSuite((app) => (t = app));

    it.each(['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/js/main.js'])(
      'is closed to everyone: %s',
      async (path) => {
        const response = await t.http().get(path).expect(403);
        expect(response.body).toEqual({
          status: 'error',
          error: {
            code: 'QUEUE_DASHBOARD_CLOSED',
            message: 'The queue dashboard is open to admins and operators only',
          },
        });
      },
    );
  });

  describe('in development, with the switch that used to open it', () => {
    let t: TestApp;
    appPerSuite((app) => (t = app), {
      env: { NODE_ENV: 'development', QUEUE_DASHBOARD_OPEN: 'true' },
    });

    /** The ops pass cookie of `member`, who must be given one. */
    const passCookie = async (member: TestMember) => {
      const pass = await queueDashboardPass(t, member);
      expect(pass.status).toBe(200);
      return pass.cookie as string;
    };

    it.each(['/admin/queues', '/admin/queues/api/queues'])(
      'stays closed without an admin pass: %s',
      async (path) => {
        const response = await t.http().get(path).expect(403);
        expect(response.body.error.code).toBe('QUEUE_DASHBOARD_CLOSED');
      },
    );

    it('shows every queue to an admin with the ops pass', async () => {
      const admin = await createMember(t, 'admin');
      const cookie = await passCookie(admin);
      await t.http().get('/admin/queues').set('cookie', cookie).expect(200);
      const response = await t.http().get('/admin/queues/api/queues').set('cookie', cookie);
      expect(response.status).toBe(200);
      const names = (response.body.queues as Array<{ name: string }>)
        .map((queue) => queue.name)
        .sort();
      expect(names).toEqual(['cleanup', 'email', 'images', 'notifications']);
    });

    it('lets an operator look but not act, and a member not even look', async () => {
      const ops = await createMember(t, 'ops');
      const cookie = await passCookie(ops);
      const queues = await t.http().get('/admin/queues/api/queues').set('cookie', cookie);
      expect(queues.status).toBe(200);
      const retry = await t
        .http()
        .put('/admin/queues/api/queues/cleanup/retry/failed')
        .set('cookie', cookie);
      expect(retry.status).toBe(403);
      expect(retry.body.error.code).toBe('QUEUE_DASHBOARD_READ_ONLY');

      const member = await createMember(t, 'registered');
      await t.http().post('/api/iam/admin/queue-dashboard-session').set(member.headers).expect(403);
    });

    it('lets an admin act', async () => {
      const admin = await createMember(t, 'admin');
      const cookie = await passCookie(admin);
      const retry = await t
        .http()
        .put('/admin/queues/api/queues/cleanup/retry/failed')
        .set('cookie', cookie);
      expect(retry.status).not.toBe(403);
    });
  });
});
