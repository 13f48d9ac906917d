import { sessionStore, type SessionStore } from '@plantfolk/session';

/** What the API pushes to a member's sockets (backend/src/platform/realtime). */
export const LIVE_EVENTS = [
  'message',
  'messages-tally',
  'notification',
  'notifications-tally',
  /** An admin's cleanup job moved on (admins' sockets only): the run as GET cleanup-jobs/{id} answers. */
  'cleanup-run',
] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/** Told when the live connection is (re)established: refetch what may have been missed. */
export interface LiveReconnect {
  /** When the socket joined (epoch ms): anything fetched before may lack what came meanwhile. */
  connectedAt: number;
}

type Handler = (payload: unknown) => void;
type ReconnectHandler = (info: LiveReconnect) => void;
type StatusHandler = (connected: boolean) => void;

/** The few calls of a socket.io client socket the live client makes. */
export interface LiveSocket {
  readonly connected: boolean;
  /** False after a refused handshake or a server-side close: socket.io will not reconnect. */
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type LiveSocketFactory = (options: {
  token: () => string | null;
  baseUrl: string;
}) => LiveSocket;

export interface LiveHubOptions {
  session?: Pick<SessionStore, 'getState' | 'subscribe' | 'refreshAccessToken'>;
  /** Loads the socket.io client (a dynamic import: its own chunk). */
  load?: () => Promise<LiveSocketFactory>;
  /** Runs the load after the page has rendered. */
  defer?: (run: () => void) => void;
  now?: () => number;
  baseUrl?: string;
  /** Waits before trying again after the server could not check the token. */
  retryDelayMs?: number;
}

export interface LiveHub {
  subscribe(event: LiveEvent, handler: Handler): () => void;
  onReconnect(handler: ReconnectHandler): () => void;
  /**
   * Told whether the socket is connected, at once and on each change: a screen polls only while it
   * is not. Listening to it alone opens no connection.
   */
  onStatus(handler: StatusHandler): () => void;
  /** Whether a socket is connected now (for tests and diagnostics). */
  readonly connected: boolean;
}

/** The longest wait between renewals when the server keeps refusing the tokens. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;

const defaultDefer = (run: () => void) => {
  // After the first paint: the live client is never part of what a page needs to show.
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window)
    window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 0);
};

/**
 * One live connection for the page, shared by everything that subscribes: opened only while a
 * member is signed in and something listens, with the socket.io client loaded on first need.
 * It sends each renewed access token on the open socket; when the server closes the socket (the
 * token ran out, the session ended) or refuses the handshake, it renews the token once and
 * connects again, and stops if that is refused too. Handlers must tolerate repeats: after every
 * (re)connection, `onReconnect` handlers refetch over REST, and items are told apart by id.
 */
export function createLiveHub(options: LiveHubOptions = {}): LiveHub {
  const session = options.session ?? sessionStore;
  const load = options.load ?? (() => import('./live-socket').then((m) => m.createLiveSocket));
  const defer = options.defer ?? defaultDefer;
  const now = options.now ?? Date.now;
  const retryDelayMs = options.retryDelayMs ?? 5_000;
  const handlers = new Map<LiveEvent, Set<Handler>>();
  const reconnectHandlers = new Set<ReconnectHandler>();
  const statusHandlers = new Set<StatusHandler>();
  let reportedStatus = false;
  let socket: LiveSocket | null = null;
  let loading = false;
  /** The token the open socket was admitted or re-authenticated with. */
  let sentToken: string | null = null;
  /** The server refused this token (or closed the socket holding it): wait for another one. */
  let refusedToken: string | null = null;
  /** Refusals since the last successful connection: each waits longer before renewing again. */
  let refusals = 0;
  let unsubscribeSession: (() => void) | null = null;

  const listening = () =>
    reconnectHandlers.size > 0 || [...handlers.values()].some((set) => set.size > 0);
  const signedInToken = () => {
    const state = session.getState();
    return state.loggedIn === true && state.accessToken ? state.accessToken : null;
  };

  const dispatch = (event: LiveEvent, payload: unknown) => {
    for (const handler of [...(handlers.get(event) ?? [])]) {
      try {
        handler(payload);
      } catch (error) {
        console.error(`A live "${event}" handler failed`, error);
      }
    }
  };

  const report = (connected: boolean) => {
    if (connected === reportedStatus) return;
    reportedStatus = connected;
    for (const handler of [...statusHandlers]) {
      try {
        handler(connected);
      } catch (error) {
        console.error('A live status handler failed', error);
      }
    }
  };

  const close = () => {
    socket?.disconnect();
    socket = null;
    sentToken = null;
    report(false);
  };

  /** The server would not keep this token: renew it once; a new token reconnects (sync). */
  const renewAfterRefusal = (token: string | null) => {
    if (token && refusedToken === token) return;
    refusedToken = token;
    const wait = refusals === 0 ? 0 : Math.min(retryDelayMs * 2 ** refusals, MAX_RETRY_DELAY_MS);
    refusals++;
    setTimeout(() => void session.refreshAccessToken(), wait);
  };

  const open = (factory: LiveSocketFactory) => {
    if (socket || !listening() || !signedInToken()) return;
    const live = factory({ token: () => signedInToken(), baseUrl: options.baseUrl ?? '' });
    socket = live;
    live.on('connect', () => {
      sentToken = signedInToken();
      refusedToken = null;
      refusals = 0;
      report(true);
      const info = { connectedAt: now() };
      for (const handler of [...reconnectHandlers]) {
        try {
          handler(info);
        } catch (error) {
          console.error('A live reconnect handler failed', error);
        }
      }
    });
    live.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      if (socket === live) report(false);
      if (live.active) return; // a network failure: socket.io tries again by itself
      const code = error.data?.code;
      if (code === 'ACCOUNT_SUSPENDED') return; // nothing to do until the session changes
      if (code === 'INVALID_TOKEN') return renewAfterRefusal(signedInToken());
      // The server could not check the token right now: try again later.
      setTimeout(() => {
        if (socket === live && !live.connected && signedInToken()) live.connect();
      }, retryDelayMs);
    });
    live.on('disconnect', (reason: string) => {
      if (socket === live) report(false);
      // Closed by the server: the token ran out or the session ended. Renewing tells which.
      if (reason === 'io server disconnect') renewAfterRefusal(sentToken);
    });
    for (const event of LIVE_EVENTS) live.on(event, (payload: unknown) => dispatch(event, payload));
  };

  const ensure = () => {
    if (!listening()) return;
    const token = signedInToken();
    if (!token) return close();
    if (socket) {
      if (socket.connected && token !== sentToken) {
        // The renewed token keeps the socket; the server answers whether it does.
        sentToken = token;
        socket.emit('auth', token);
      } else if (!socket.connected && !socket.active && token !== refusedToken) {
        socket.connect();
      }
      return;
    }
    if (loading) return;
    loading = true;
    defer(() => {
      load().then(
        (factory) => {
          loading = false;
          open(factory);
        },
        (error: unknown) => {
          loading = false;
          console.warn('The live client could not be loaded; polling goes on', error);
        },
      );
    });
  };

  const watchSession = () => {
    unsubscribeSession ??= session.subscribe(ensure);
    ensure();
  };

  const unwatchIfIdle = () => {
    if (listening()) return;
    unsubscribeSession?.();
    unsubscribeSession = null;
    close();
  };

  return {
    subscribe(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      const wrapped: Handler = (payload) => handler(payload);
      set.add(wrapped);
      watchSession();
      return () => {
        set.delete(wrapped);
        unwatchIfIdle();
      };
    },
    onReconnect(handler) {
      const wrapped: ReconnectHandler = (info) => handler(info);
      reconnectHandlers.add(wrapped);
      watchSession();
      return () => {
        reconnectHandlers.delete(wrapped);
        unwatchIfIdle();
      };
    },
    onStatus(handler) {
      const wrapped: StatusHandler = (connected) => handler(connected);
      statusHandlers.add(wrapped);
      wrapped(reportedStatus);
      return () => {
        statusHandlers.delete(wrapped);
      };
    },
    get connected() {
      return Boolean(socket?.connected);
    },
  };
}

/**
 * Under this key the page keeps its one hub: every app bundles this library, they share it. The
 * version changes with the hub's interface or its events (v2: `onStatus`, `cleanup-run`), so an
 * app never uses an older build's hub that lacks them (apps deployed apart may differ for a while).
 */
const HUB_KEY = Symbol.for('plantfolk.live-hub.v2');

function pageHub(): LiveHub {
  const page = globalThis as typeof globalThis & { [HUB_KEY]?: LiveHub };
  page[HUB_KEY] ??= createLiveHub();
  return page[HUB_KEY];
}

/**
 * Calls `handler` with each `event` the API pushes to the signed-in member; returns the function
 * that stops it. The first subscription of a signed-in page opens the page's one connection
 * (loading the socket.io client after the first render); guests never connect.
 */
export function subscribeLive(event: LiveEvent, handler: (payload: unknown) => void): () => void {
  return pageHub().subscribe(event, handler);
}

/**
 * Calls `handler` each time the live connection is (re)established, so a screen refetches over
 * REST what it may have missed while disconnected; returns the function that stops it.
 */
export function onLiveReconnect(handler: (info: LiveReconnect) => void): () => void {
  return pageHub().onReconnect(handler);
}

/**
 * Calls `handler` with whether the page's live connection is up, at once and on each change;
 * returns the function that stops it. It opens no connection itself.
 */
export function onLiveStatus(handler: (connected: boolean) => void): () => void {
  return pageHub().onStatus(handler);
}
