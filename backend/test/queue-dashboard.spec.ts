import { startTestApp, type TestApp } from './support/test-app';

describe('queue dashboard at /admin/queues', () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp()));
    afterAll(() => t.close());

    it.each(['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/js/main.js'])(
      'is closed to everyone: %s',
      async (path) => {
        const response = await t.http().get(path).expect(403);
        expect(response.body).toEqual({
          status: 'error',
          error: {
            code: 'QUEUE_DASHBOARD_CLOSED',
            message: 'The queue dashboard is open to admins only',
          },
        });
      },
    );
  });

  describe('opened by the development switch', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await startTestApp({
          env: { NODE_ENV: 'development', QUEUE_DASHBOARD_OPEN: 'true' },
        })),
    );
    afterAll(() => t.close());

    it('shows every queue', async () => {
      await t.http().get('/admin/queues').expect(200).expect('content-type', /html/);
      const response = await t.http().get('/admin/queues/api/queues').expect(200);
      const names = (response.body.queues as Array<{ name: string }>)
        .map((queue) => queue.name)
        .sort();
      expect(names).toEqual(['cleanup', 'email', 'images', 'notifications']);
    });
  });
});
