import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { OutboxRelay } from '../../src/platform/queues/outbox-relay.service';
import { createMember, type TestMember } from './members';
import { eventually, startTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * The app a describe block's tests share: started before them (beforeAll) and closed after them
 * (afterAll). `use` hands it to the block's own `let`, which its tests and helpers read.
 */
export function appPerSuite(use: (t: TestApp) => unknown, options: TestAppOptions = {}): void {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(options);
    await use(started);
  });
  afterAll(() => started?.close());
}

/** `appPerSuite` with an admin member made in the app at start, as most admin suites act as one. */
export function adminAppPerSuite(
  use: (suite: { t: TestApp; admin: TestMember }) => unknown,
  options: TestAppOptions = {},
): void {
  appPerSuite(async (t) => use({ t, admin: await createMember(t, 'admin') }), options);
}

/** Waits until every outbox row has been relayed and every notifications job has run. */
export async function notificationsSettled(t: TestApp, jobsTimeoutMs = 10_000): Promise<void> {
  await eventually(async () => {
    const [{ pending }] = await t.dataSource.query(
      'SELECT count(*)::int AS pending FROM outbox_message WHERE dispatched_at IS NULL',
    );
    expect(pending).toBe(0);
  });
  await t.app.get(OutboxRelay).relayOnce();
  await eventually(async () => {
    const counts = await t.app.get(JobQueue).queue('notifications').getJobCounts();
    expect((counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0)).toBe(0);
  }, jobsTimeoutMs);
}
