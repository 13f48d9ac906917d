import { afterEach, describe, expect, it, vi } from 'vitest';
import { xhrTransport } from './upload-transport';

/** Just enough of XMLHttpRequest to drive the transport from a test. */
class FakeXhr {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nretry-after: 3\r\n';
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
  respond(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.events.dispatchEvent(new Event('load'));
  }
  failNetwork() {
    this.events.dispatchEvent(new Event('error'));
  }
}

describe('xhrTransport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends method, headers and body, reports progress and answers with a Response', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress = vi.fn();
    const form = new FormData();

    const pending = xhrTransport(
      '/api/iam/users/avatar',
      { method: 'POST', headers: { 'x-csrf-token': 'c' }, body: form },
      progress,
    );
    const xhr = FakeXhr.last!;
    xhr.progress(25, 100);
    xhr.respond(200, '{"status":"success","data":{}}');
    const response = await pending;

    expect(xhr.method).toBe('POST');
    expect(xhr.headers['x-csrf-token']).toBe('c');
    expect(xhr.sent).toBe(form);
    expect(progress).toHaveBeenCalledWith({ loaded: 25, total: 100, fraction: 0.25 });
    expect(response.status).toBe(200);
    expect(response.headers.get('retry-after')).toBe('3');
    await expect(response.json()).resolves.toEqual({ status: 'success', data: {} });
  });

  it('fails like fetch: a TypeError for the network, an AbortError when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const offline = xhrTransport('/x', { method: 'POST' }, () => {});
    FakeXhr.last!.failNetwork();
    await expect(offline).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const cancelled = xhrTransport('/x', { method: 'POST', signal: controller.signal }, () => {});
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
