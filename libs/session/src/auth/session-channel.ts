/** What one tab tells the others about the session. */
export type SessionMessage =
  /** This tab logged out: the others drop their session too. */
  | { type: 'logged-out' }
  /** This tab logged in: the others pick the new session up from the shared cookie. */
  | { type: 'logged-in' }
  /** The account changed (e-mail verified, registered): the others renew to see it. */
  | { type: 'profile-changed' };

export interface SessionChannel {
  post(message: SessionMessage): void;
  /** Returns a function that stops listening. */
  listen(listener: (message: SessionMessage) => void): () => void;
  close(): void;
}

export const SESSION_CHANNEL_NAME = 'plantfolk-session';

const messageTypes = new Set(['logged-out', 'logged-in', 'profile-changed']);

function isSessionMessage(value: unknown): value is SessionMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    messageTypes.has((value as { type?: unknown }).type as string)
  );
}

/**
 * A BroadcastChannel between the tabs of the site, or null where the browser has none. Only
 * events travel on it, never tokens: each tab renews its own session from the shared cookie.
 */
export function createSessionChannel(name = SESSION_CHANNEL_NAME): SessionChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent) => {
        if (isSessionMessage(event.data)) listener(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}
