import { Histogram, Registry } from 'prom-client';
import { HttpHistogram } from '../metrics.service';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The same observations through HttpHistogram.record and through prom-client's own observe(). */
function both() {
  const config = {
    name: 'http_seconds',
    help: 'latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS,
  };
  const fastRegistry = new Registry();
  const plainRegistry = new Registry();
  const fast = new HttpHistogram({ ...config, registers: [fastRegistry] });
  const plain = new Histogram({ ...config, registers: [plainRegistry] });
  const record = (method: string, route: string, status: number, seconds: number) => {
    fast.record(method, route, status, seconds);
    plain.observe({ method, route, status_code: String(status) }, seconds);
  };
  return { fast, plain, record, fastRegistry, plainRegistry };
}

describe('HttpHistogram', () => {
  it('exposes exactly what prom-client exposes for the same observations', async () => {
    const { record, fastRegistry, plainRegistry } = both();
    const values = [0.001, 0.005, 0.0051, 0.3, 2.5, 7, 11, 120, 0];
    for (const seconds of values) {
      record('GET', '/api/iam/messages/unread-tally', 200, seconds);
      record('GET', '/api/iam/messages/unread-tally', 401, seconds * 2);
      record('POST', '/api/iam/posts/new', 201, seconds / 3);
      record('GET', 'unmatched', 404, seconds);
    }
    const text = await fastRegistry.metrics();
    expect(text).toBe(await plainRegistry.metrics());
    // Every observation counted once (the first of each label set through observe(), the rest not).
    expect(text).toContain(
      'http_seconds_count{method="GET",route="/api/iam/messages/unread-tally",status_code="200"} 9',
    );
    expect(text).toContain(
      'http_seconds_bucket{le="0.005",method="GET",route="/api/iam/messages/unread-tally",status_code="200"} 3',
    );
  });

  it('keeps counting after the histogram is reset, removed from or zeroed', async () => {
    const { fast, plain, record, fastRegistry, plainRegistry } = both();
    record('GET', '/a', 200, 0.02);
    record('GET', '/a', 200, 0.02);
    fast.reset();
    plain.reset();
    record('GET', '/a', 200, 0.2);
    record('GET', '/a', 200, 0.3);
    fast.remove({ method: 'GET', route: '/a', status_code: '200' });
    plain.remove({ method: 'GET', route: '/a', status_code: '200' });
    record('GET', '/a', 200, 0.4);
    record('GET', '/a', 200, 0.5);
    fast.zero({ method: 'GET', route: '/a', status_code: '200' });
    plain.zero({ method: 'GET', route: '/a', status_code: '200' });
    record('GET', '/a', 200, 1);
    record('GET', '/a', 200, 2);
    const text = await fastRegistry.metrics();
    expect(text).toBe(await plainRegistry.metrics());
    expect(text).toContain('http_seconds_count{method="GET",route="/a",status_code="200"} 2');
    expect(text).toContain('http_seconds_sum{method="GET",route="/a",status_code="200"} 3');
  });

  it('refuses a value that is not a number, as observe() does', () => {
    const { fast } = both();
    fast.record('GET', '/a', 200, 0.1);
    expect(() => fast.record('GET', '/a', 200, Number.NaN)).toThrow(TypeError);
  });
});
