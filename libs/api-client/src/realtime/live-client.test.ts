import { createSessionStore, type SessionState } from '@plantfolk/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub, type LiveSocket, type LiveSocketFactory } from './live-client';

/** A socket.io client socket as the hub drives it, with the server's side played by the test. */
class FakeSocket implements LiveSocket {
  connected = false;
  active = true;
  connects = 0;
  readonly emitted: unknown[][] = [];
  private readonly listeners = new Map<string, Array<(...args: never[]) => void>>();

  constructor(readonly token: () => string | null) {}

  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  connect() {
    this.connects++;
    this.active = true;
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
  /** The server's side. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args);
  }
  serverCloses() {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io server disconnect');
  }
  refuses(code: string) {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(code), { data: { code } }));
  }
}

const signedIn = (token: string): Partial<SessionState> => ({
  loggedIn: true,
  accessToken: token,
  accessTokenExpiresAt: Date.now() + 900_000,
});

describe('the live client', () => {
  let session: ReturnType<typeof createSessionStore>;
  let sockets: FakeSocket[];
  let load: ReturnType<typeof vi.fn<() => Promise<LiveSocketFactory>>>;
  let refresh: ReturnType<typeof vi.fn<() => Promise<string | null>>>;

  const hub = () =>
    createLiveHub({
      session: { ...session, refreshAccessToken: refresh },
      load,
      defer: (run) => run(),
      retryDelayMs: 10,
    });
  const flush = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    session = createSessionStore();
    sockets = [];
    const factory: LiveSocketFactory = ({ token }) => {
      const socket = new FakeSocket(token);
      sockets.push(socket);
      return socket;
    };
    load = vi.fn(async () => factory);
    refresh = vi.fn(async () => null);
  });
  afterEach(() => vi.useRealTimers());

  it('never loads the socket client for a guest, and connects once a member signs in', async () => {
    const live = hub();
    const stop = live.subscribe('notification', () => undefined);
    session.setSession({ loggedIn: false });
    await flush();
    expect(load).not.toHaveBeenCalled();

    session.setSession(signedIn('t1'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].token()).toBe('t1');
    stop();
    expect(sockets[0].connected).toBe(false);
  });

  it('shares one connection among subscribers and hands each event to its handlers', async () => {
    session.setSession(signedIn('t1'));
    const live = hub();
    const tallies: unknown[] = [];
    const notices: unknown[] = [];
    live.subscribe('notifications-tally', (payload) => tallies.push(payload));
    live.subscribe('notification', (payload) => notices.push(payload));
    const failing = live.subscribe('notification', () => {
      throw new Error('a broken screen');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await flush();
    expect(sockets).toHaveLength(1);
    const [socket] = sockets;
    socket.fire('connect');
    socket.fire('notifications-tally', { count: 2, capped: false });
    socket.fire('notification', { id: 'n1', type: 'reaction' });
    expect(tallies).toEqual([{ count: 2, capped: false }]);
    expect(notices).toEqual([{ id: 'n1', type: 'reaction' }]);
    failing();
    expect(live.connected).toBe(true);
  });

  it('tells status handlers when the socket comes up and goes down, and passes on cleanup runs', async () => {
    session.setSession(signedIn('t1'));
    const live = hub();
    const statuses: boolean[] = [];
    live.onStatus((connected) => statuses.push(connected));
    // Listening to the status alone opens nothing.
    await flush();
    expect(load).not.toHaveBeenCalled();
    const runs: unknown[] = [];
    live.subscribe('cleanup-run', (payload) => runs.push(payload));
    await flush();
    sockets[0].fire('connect');
    sockets[0].fire('cleanup-run', { id: '7', state: 'active' });
    sockets[0].connected = false;
    sockets[0].fire('disconnect', 'transport close');
    sockets[0].fire('connect');
    expect(runs).toEqual([{ id: '7', state: 'active' }]);
    expect(statuses).toEqual([false, true, false, true]);
  });

  it('tells reconnect handlers each time the socket (re)connects, so screens catch up', async () => {
    session.setSession(signedIn('t1'));
    const live = hub();
    const caughtUp = vi.fn();
    live.onReconnect(caughtUp);
    await flush();
    sockets[0].fire('connect');
    sockets[0].connected = false;
    sockets[0].fire('disconnect', 'transport close');
    sockets[0].fire('connect');
    expect(caughtUp).toHaveBeenCalledTimes(2);
    expect(caughtUp.mock.calls[0][0]).toEqual({ connectedAt: expect.any(Number) });
    // socket.io reconnects by itself after a network failure: no token renewal for that.
    expect(refresh).not.toHaveBeenCalled();
  });

  it('sends a renewed token on the open socket', async () => {
    session.setSession(signedIn('t1'));
    const live = hub();
    live.subscribe('message', () => undefined);
    await flush();
    sockets[0].fire('connect');
    session.setSession(signedIn('t2'));
    expect(sockets[0].emitted).toEqual([['auth', 't2']]);
    expect(sockets).toHaveLength(1);
  });

  it('renews the token once when the server closes the socket, then connects with the new one', async () => {
    session.setSession(signedIn('t1'));
    const live = hub();
    live.subscribe('message', () => undefined);
    await flush();
    const [socket] = sockets;
    socket.fire('connect');
    socket.serverCloses();
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    session.setSession(signedIn('t2'));
    expect(socket.connects).toBe(1);
    expect(socket.token()).toBe('t2');
  });

  it('stops after a suspended member is refused, and backs off when tokens keep being refused', async () => {
    session.setSession(signedIn('t1'));
    const live = hub();
    live.subscribe('message', () => undefined);
    await flush();
    const [socket] = sockets;
    socket.refuses('ACCOUNT_SUSPENDED');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(socket.connects).toBe(0);

    session.setSession(signedIn('t2'));
    expect(socket.connects).toBe(1);
    socket.refuses('INVALID_TOKEN');
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    session.setSession(signedIn('t3'));
    expect(socket.connects).toBe(2);
    socket.refuses('INVALID_TOKEN');
    await flush();
    // The second refusal in a row waits before renewing again.
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('closes the connection when the member logs out', async () => {
    session.setSession(signedIn('t1'));
    const live = hub();
    live.subscribe('message', () => undefined);
    await flush();
    sockets[0].fire('connect');
    session.setSession({ loggedIn: false, accessToken: null, accessTokenExpiresAt: null });
    expect(sockets[0].connected).toBe(false);
    expect(live.connected).toBe(false);
  });

  it('keeps polling when the socket client cannot be loaded', async () => {
    load.mockRejectedValueOnce(new Error('chunk failed'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    session.setSession(signedIn('t1'));
    const live = hub();
    live.subscribe('message', () => undefined);
    await flush();
    expect(warn).toHaveBeenCalled();
    expect(live.connected).toBe(false);
  });
});
