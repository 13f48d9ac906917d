import { afterEach, describe, expect, it, vi } from 'vitest';
import { ControlledUpload } from './testing/controlled-upload';
import { xhrTransport } from './upload-transport';

describe('xhrTransport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends method, headers and body, reports progress and answers with a Response', async () => {
    vi.stubGlobal('XMLHttpRequest', ControlledUpload);
    const progress = vi.fn();
    const form = new FormData();

    const pending = xhrTransport(
      '/api/iam/users/avatar',
      { method: 'POST', headers: { 'x-csrf-token': 'c' }, body: form },
      progress,
    );
    const xhr = ControlledUpload.latest;
    xhr.progress(25, 100);
    xhr.responseHeaders = 'content-type: application/json\r\nretry-after: 3\r\n';
    xhr.respond(200, '{"status":"success","data":{}}');
    const response = await pending;

    expect(xhr.method).toBe('POST');
    expect(xhr.headers['x-csrf-token']).toBe('c');
    expect(xhr.body).toBe(form);
    expect(progress).toHaveBeenCalledWith({ loaded: 25, total: 100, fraction: 0.25 });
    expect(response.status).toBe(200);
    expect(response.headers.get('retry-after')).toBe('3');
    await expect(response.json()).resolves.toEqual({ status: 'success', data: {} });
  });

  it('fails like fetch: a TypeError for the network, an AbortError when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', ControlledUpload);
    const offline = xhrTransport('/x', { method: 'POST' }, () => {});
    ControlledUpload.latest.failNetwork();
    await expect(offline).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const cancelled = xhrTransport('/x', { method: 'POST', signal: controller.signal }, () => {});
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(ControlledUpload.latest.aborted).toBe(true);
  });
});
