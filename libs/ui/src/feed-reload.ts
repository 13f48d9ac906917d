/**
 * Clicking the logo while already on the home page asks the feed to reload. The shell and the
 * social remote are built apart, so they talk through a DOM event rather than shared state.
 */
const FEED_RELOAD_EVENT = 'plantfolk:feed-reload';

export function requestFeedReload(): void {
  window.dispatchEvent(new Event(FEED_RELOAD_EVENT));
}

/** Subscribes to reload requests; returns the unsubscribe function. */
export function onFeedReloadRequest(listener: () => void): () => void {
  window.addEventListener(FEED_RELOAD_EVENT, listener);
  return () => window.removeEventListener(FEED_RELOAD_EVENT, listener);
}
