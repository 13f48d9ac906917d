/** How far an upload has got. `fraction` is null while the size is not known. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
  fraction: number | null;
}

/** Sends one request and reports upload progress; answers like fetch does. */
export type UploadTransport = (
  url: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
) => Promise<Response>;

/**
 * fetch cannot report upload progress (streaming request bodies need HTTP/2 and are not in every
 * browser), so uploads that show a progress bar go through XMLHttpRequest. The result is turned
 * back into a Response so the fetch wrapper treats both the same way (envelope, 401, retries).
 */
export const xhrTransport: UploadTransport = (url, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.withCredentials = init.credentials === 'include';

    xhr.upload.addEventListener('progress', (event) => {
      const total = event.lengthComputable ? event.total : null;
      onProgress({ loaded: event.loaded, total, fraction: total ? event.loaded / total : null });
    });
    xhr.addEventListener('load', () => {
      resolve(
        new Response(xhr.status === 204 || xhr.status === 205 ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    });
    // Same errors as fetch, so the wrapper retries network failures and never retries aborts.
    xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
    xhr.addEventListener('timeout', () => reject(new TypeError('Network request timed out')));
    xhr.addEventListener('abort', () =>
      reject(new DOMException('The upload was aborted.', 'AbortError')),
    );

    const signal = init.signal;
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });

function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  return headers;
}
