import { describe, expect, it } from 'vitest';
import {
  canReloadAfterChunkError,
  CHUNK_RELOAD_INTERVAL_MS,
  isChunkLoadError,
  rememberChunkReload,
} from './chunk-reload';

describe('chunk reload throttle', () => {
  it('allows one reload per path per 10 seconds', () => {
    const start = 1_000_000;
    expect(canReloadAfterChunkError('/events', start)).toBe(true);
    rememberChunkReload('/events', start);

    expect(canReloadAfterChunkError('/events', start + 1)).toBe(false);
    expect(canReloadAfterChunkError('/events', start + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(canReloadAfterChunkError('/events', start + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });

  it('counts each path on its own', () => {
    rememberChunkReload('/events', 5_000);
    expect(canReloadAfterChunkError('/admin', 5_001)).toBe(true);
  });

  it('remembers the time in sessionStorage', () => {
    rememberChunkReload('/about', 42_000);
    expect(window.sessionStorage.getItem('plantfolk:chunk-reload:/about')).toBe('42000');
  });

  it('never reloads when there is no storage to count reloads in', () => {
    expect(canReloadAfterChunkError('/events', Date.now(), null)).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });

  it.each([
    named('ChunkLoadError', 'Loading chunk 229 failed.'),
    new Error('Loading chunk 229 failed.\n(error: http://x/229.js)'),
    new Error('Loading CSS chunk 103 failed.'),
    new TypeError('Failed to fetch dynamically imported module: http://x/a.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
  ])('recognises %s', (error) => expect(isChunkLoadError(error)).toBe(true));

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
