import { createMember } from '../support/members';
import { appPerSuite } from '../support/suite-app';
import type { TestApp } from '../support/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /api/metrics (Prometheus)', () => {
  let t: TestApp;
  appPerSuite((app) => (t = app), { env: { METRICS_TOKEN: TOKEN, WORKERS: 'inline' } });

  const metrics = () => t.http().get('/api/metrics');

  it('is closed to guests (401) and to members, trusted or not (403)', async () => {
    const guest = await metrics();
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('UNAUTHENTICATED');
    for (const kind of ['registered', 'trusted', 'suspended'] as const) {
      const member = await createMember(t, kind);
      const response = await metrics().set('authorization', `Bearer ${member.accessToken}`);
      expect(response.status).toBe(403);
    }
    const wrong = await metrics().set('authorization', `Bearer ${TOKEN.slice(0, -1)}x`);
    expect(wrong.status).toBe(401);
  });

  it('opens to the scraper token, an admin and an operator', async () => {
    const byToken = await metrics().set('authorization', `Bearer ${TOKEN}`);
    expect(byToken.status).toBe(200);
    expect(byToken.headers['content-type']).toMatch(/^text\/plain/);
    for (const kind of ['admin', 'ops'] as const) {
      const member = await createMember(t, kind);
      await metrics().set('authorization', `Bearer ${member.accessToken}`).expect(200);
    }
  });

  it('times requests by route template and status, never by raw URL', async () => {
    const id = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    await t.http().get(`/api/user/get-user-by-uuid/${id}`).set('client-platform', 'browser');
    const text = (await metrics().set('authorization', `Bearer ${TOKEN}`)).text;
    expect(text).toContain('# TYPE plantfolk_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /plantfolk_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/user\/get-user-by-uuid\/:uuid",status_code="\d{3}"\} [1-9]/,
    );
    // Every request is counted once, its time summed (prom-client's own exposition).
    expect(text).toMatch(
      /plantfolk_http_request_duration_seconds_count\{method="GET",route="\/api\/user\/get-user-by-uuid\/:uuid",status_code="\d{3}"\} [1-9]/,
    );
    expect(text).toMatch(
      /plantfolk_http_request_duration_seconds_sum\{method="GET",route="\/api\/user\/get-user-by-uuid\/:uuid",status_code="\d{3}"\} \d/,
    );
    expect(text).not.toContain(id);
  });

  it('reports queue depth per queue and state, job durations and failures, and process defaults', async () => {
    const admin = await createMember(t, 'admin');
    const queued = await t
      .http()
      .delete('/api/iam/admin/orphaned-locations')
      .set(admin.headers)
      .expect(202);
    const id = queued.body.data.id as string;
    let text = '';
    const deadline = Date.now() + 20_000;
    // Wait on the condition (the job's duration observed), not on time.
    while (
      !/plantfolk_queue_job_duration_seconds_count\{[^}]*job="remove-orphaned-locations"[^}]*\} [1-9]/.test(
        text,
      )
    ) {
      if (Date.now() > deadline) throw new Error(`job ${id} never reported a duration:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = (await metrics().set('authorization', `Bearer ${TOKEN}`)).text;
    }
    expect(text).toContain('# TYPE plantfolk_queue_job_duration_seconds histogram');
    for (const queue of ['email', 'notifications', 'cleanup', 'images'])
      expect(text).toMatch(
        new RegExp(`plantfolk_queue_jobs\\{queue="${queue}",state="failed"\\} \\d+`),
      );
    expect(text).toContain('# TYPE plantfolk_queue_job_failures_total counter');
    expect(text).toContain('plantfolk_process_cpu_user_seconds_total');
  });
});
