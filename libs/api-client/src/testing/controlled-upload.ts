import { onTestFinished, vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, which uploads use to report their progress (fetch cannot): each
 * request is kept in `ControlledUpload.all`, and the test moves it on by hand — progress, an
 * answer, a network failure — to look at the screen in between.
 */
export class ControlledUpload {
  static all: ControlledUpload[] = [];
  /** The newest request. */
  static get latest(): ControlledUpload {
    const latest = ControlledUpload.all.at(-1);
    if (!latest) throw new Error('No upload has been sent');
    return latest;
  }
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  /** Sent back by getAllResponseHeaders(), as the raw CRLF-separated block. */
  responseHeaders = 'content-type: application/json';
  withCredentials = false;
  aborted = false;

  constructor() {
    ControlledUpload.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }

  /** The file sent in a multipart field. */
  file(field: string): File {
    return (this.body as FormData).get(field) as File;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }),
    );
  }
  /** Answers with the success envelope around `data`. */
  finish(data: unknown) {
    this.respond(200, JSON.stringify({ status: 'success', data }));
  }
  /** Answers with the error envelope. */
  fail(status: number, code: string, message = code) {
    this.respond(status, JSON.stringify({ status: 'error', error: { code, message } }));
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

/**
 * Routes this test's uploads to `ControlledUpload`s (until it finishes) and gives chosen files
 * predictable preview URLs (`blob:preview-1`, `-2`, ...). Returns the list of requests.
 */
export function controlUploads(): ControlledUpload[] {
  ControlledUpload.all = [];
  vi.stubGlobal('XMLHttpRequest', ControlledUpload);
  let previews = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++previews}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return ControlledUpload.all;
}
