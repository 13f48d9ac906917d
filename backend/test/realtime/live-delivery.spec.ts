import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { AppModule } from '../../src/app.module';
import { NotificationsService } from '../../src/modules/notifications/notifications.service';
import { RealtimePublisher } from '../../src/platform/realtime/realtime-publisher';
import { REALTIME_PATH } from '../../src/platform/realtime/realtime-rooms';
import { createPost } from '../support/content';
import { cookieFrom, createMember, signIn, type TestMember } from '../support/members';
import { TcpProxy, viaProxy } from '../support/tcp-proxy';
import { eventually, startTestApp, testRedisUrl, type TestApp } from '../support/test-app';

/** Listens on a free loopback port; the base URL. */
async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

interface Live {
  socket: Socket;
  /** Resolves with the payload of the next `event` (fails after 5 s). */
  next(event: string): Promise<unknown>;
  /** Resolves when the server closes the socket. */
  closed: Promise<string>;
}

const sockets: Socket[] = [];

/** A socket.io client as the browser's live client opens it (websocket only, no reconnection). */
function connect(url: string, token?: unknown): Socket {
  const socket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token === undefined ? {} : { token },
  });
  sockets.push(socket);
  return socket;
}

async function connected(url: string, member: TestMember): Promise<Live> {
  const socket = connect(url, member.accessToken);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return {
    socket,
    closed,
    next: (event) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${event}" within 5 s`)), 5_000);
        socket.once(event, (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        });
      }),
  };
}

/** The refusal of a handshake: the error's `data.code`. */
function refusalOf(socket: Socket): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the handshake was accepted')));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      resolve(error.data?.code),
    );
  });
}

/** Nothing arrives for `ms` (for what must not be delivered). */
function silence(socket: Socket, event: string, ms = 500): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = () => reject(new Error(`"${event}" arrived`));
    socket.once(event, fail);
    setTimeout(() => {
      socket.off(event, fail);
      resolve();
    }, ms);
  });
}

const within = <T>(promise: Promise<T>, ms = 5_000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);

describe('live delivery: socket.io across API instances', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    a = await startTestApp({ env: { WORKERS: 'inline' } });
    // The second instance: the same database and the same Redis prefix, as a deployment runs.
    b = await startTestApp({
      databaseUrl: a.databaseUrl,
      env: { REDIS_PREFIX: a.config.redisPrefix },
    });
    [urlA, urlB] = await Promise.all([listen(a), listen(b)]);
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses a handshake without a token, with a bad one, and for a suspended member', async () => {
    expect(await refusalOf(connect(urlA))).toBe('INVALID_TOKEN');
    expect(await refusalOf(connect(urlA, 'not-a-token'))).toBe('INVALID_TOKEN');
    expect(await refusalOf(connect(urlA, { nested: true }))).toBe('INVALID_TOKEN');
    expect(await refusalOf(connect(urlA, 'x'.repeat(5_000)))).toBe('INVALID_TOKEN');
    const member = await createMember(a, 'registered');
    // Signed with another secret: the signature does not verify.
    const [header, payload] = member.accessToken.split('.');
    expect(await refusalOf(connect(urlA, `${header}.${payload}.forged`))).toBe('INVALID_TOKEN');
    const suspended = await createMember(a, 'suspended');
    expect(await refusalOf(connect(urlB, suspended.accessToken))).toBe('ACCOUNT_SUSPENDED');
    // A socket.io polling request (not offered: websocket only) is refused, not served.
    const polling = await fetch(`${urlA}${REALTIME_PATH}/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
  });

  it('delivers what instance A publishes to a socket held by instance B, to that member only', async () => {
    const [ana, ben] = await Promise.all([
      createMember(a, 'registered'),
      createMember(a, 'registered'),
    ]);
    const anaLive = await connected(urlB, ana);
    const benLive = await connected(urlB, ben);
    const arrival = anaLive.next('message');
    a.app.get(RealtimePublisher).toMembers([ana.id], 'message', { id: 'm1', text: 'hello' });
    expect(await arrival).toEqual({ id: 'm1', text: 'hello' });
    await silence(benLive.socket, 'message');

    // Bad input to the publisher is dropped, never thrown.
    expect(() =>
      a.app
        .get(RealtimePublisher)
        .toMembers(['not-a-uuid', null as unknown as string], 'message', {}),
    ).not.toThrow();
  });

  it('pushes a notification written on A, with the tally, to the recipient on B', async () => {
    const [author, fan] = await Promise.all([
      createMember(a, 'registered'),
      createMember(a, 'registered'),
    ]);
    const post = await createPost(a, author);
    const live = await connected(urlB, author);
    const notification = live.next('notification');
    const tally = live.next('notifications-tally');
    await a.app.get(NotificationsService).add({
      type: 'reaction',
      recipientId: author.id,
      actorId: fan.id,
      postId: post.id,
      commentId: null,
      dedupeKey: `test:${randomUUID()}`,
    });
    const pushed = (await notification) as { id: string; type: string };
    expect(pushed.type).toBe('reaction');
    const [row] = await a.dataSource.query('SELECT id FROM notification WHERE user_id = $1', [
      author.id,
    ]);
    expect(pushed.id).toBe(row.id);
    expect(await tally).toEqual({ count: 1, capped: false });

    // Marking it seen on A tells the member's other sockets the new tally.
    const cleared = live.next('notifications-tally');
    await a
      .http()
      .put('/api/iam/notifications/mark-as-seen')
      .set(author.headers)
      .send({ notifIds: [] })
      .expect(200);
    expect(await cleared).toEqual({ count: 0, capped: false });
  });

  it('delivers what the worker process publishes (it holds no sockets) to an API instance', async () => {
    const member = await createMember(a, 'registered');
    const live = await connected(urlA, member);
    const worker = await NestFactory.createApplicationContext(
      AppModule.forRoot(b.config, 'worker'),
      { logger: false },
    );
    try {
      const arrival = live.next('messages-tally');
      worker.get(RealtimePublisher).toMembers([member.id], 'messages-tally', { count: 3 });
      expect(await arrival).toEqual({ count: 3 });
      // And news for everyone (an announcement's fan-out): one broadcast, no room named.
      const everyone = live.next('notification');
      worker.get(RealtimePublisher).toAllMembers('notification', { id: null, type: 'immutable' });
      expect(await everyone).toEqual({ id: null, type: 'immutable' });
    } finally {
      await worker.close();
    }
  });

  it('closes the socket of a logged-out session, on the other instance, and keeps the others', async () => {
    const member = await createMember(a, 'registered');
    const live = await connected(urlB, member);
    // A second session of the same member (another device), through the login flow.
    const grant = await signIn(a, member);
    const otherDevice = await connected(urlA, {
      ...member,
      accessToken: grant.body.data.access_token,
    });
    await a.http().post('/api/iam/authn/logout').set(member.headers).expect(200);
    expect(await within(live.closed)).toBe('io server disconnect');
    // The other session's socket stays and still gets what is sent to the member.
    const arrival = otherDevice.next('message');
    a.app.get(RealtimePublisher).toMembers([member.id], 'message', { id: 'after-logout' });
    expect(await arrival).toEqual({ id: 'after-logout' });
    expect(otherDevice.socket.connected).toBe(true);
    // The ended session's token no longer opens a socket.
    expect(await refusalOf(connect(urlA, member.accessToken))).toBe('INVALID_TOKEN');
  });

  it('closes a member’s sockets when an admin suspends them or deletes their account', async () => {
    const admin = await createMember(a, 'admin');
    const [suspended, deleted] = await Promise.all([
      createMember(a, 'registered'),
      createMember(a, 'registered'),
    ]);
    const onA = await connected(urlA, suspended);
    const onB = await connected(urlB, suspended);
    await a
      .http()
      .put(`/api/iam/users/${suspended.id}`)
      .set(admin.headers)
      .send({ suspended: true })
      .expect(200);
    expect(await within(onA.closed)).toBe('io server disconnect');
    expect(await within(onB.closed)).toBe('io server disconnect');

    const gone = await connected(urlB, deleted);
    await a.http().delete(`/api/iam/users/${deleted.id}`).set(admin.headers).expect(200);
    expect(await within(gone.closed)).toBe('io server disconnect');
  });

  it('pushes a cleanup job’s progress to the admins’ sockets only, following role changes', async () => {
    const [admin, other, member] = await Promise.all([
      createMember(a, 'admin'),
      createMember(a, 'admin'),
      createMember(a, 'registered'),
    ]);
    const adminLive = await connected(urlB, admin);
    const memberLive = await connected(urlB, member);
    const otherLive = await connected(urlA, other);
    // Each push of the run, in order, until the queue records it completed.
    const pushes: Array<{ id: string; state: string; progress: { finished: boolean } | null }> = [];
    const completed = new Promise<void>((resolve) =>
      adminLive.socket.on('cleanup-run', (run: (typeof pushes)[number]) => {
        pushes.push(run);
        if (run.state === 'completed') resolve();
      }),
    );
    const memberHeard = silence(memberLive.socket, 'cleanup-run', 3_000);
    // An admin who is demoted meanwhile (on the other instance) hears nothing more.
    await a
      .http()
      .put(`/api/iam/users/${other.id}`)
      .set(admin.headers)
      .send({ admin: false })
      .expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const demotedHeard = silence(otherLive.socket, 'cleanup-run', 3_000);
    const started = await a
      .http()
      .delete('/api/iam/admin/orphaned-locations')
      .set(admin.headers)
      .expect(202);
    const id: string = started.body.data.id;
    await within(completed, 20_000);
    expect(pushes.every((run) => run.id === id)).toBe(true);
    expect(pushes.some((run) => run.state === 'active' && run.progress)).toBe(true);
    expect(pushes.at(-1)).toMatchObject({ state: 'completed', progress: { finished: true } });
    // The pushed view is the one the REST call answers.
    const view = await a
      .http()
      .get(`/api/iam/admin/cleanup-jobs/${id}`)
      .set(admin.headers)
      .expect(200);
    expect(pushes.at(-1)).toEqual(view.body.data);
    await memberHeard;
    await demotedHeard;

    // Promoted again: the open socket joins the admins at once.
    await a
      .http()
      .put(`/api/iam/users/${other.id}`)
      .set(admin.headers)
      .send({ admin: true })
      .expect(200);
    await eventually(async () => {
      const arrival = otherLive.next('cleanup-run');
      a.app.get(RealtimePublisher).toAdmins('cleanup-run', { id: 'probe' });
      expect(await arrival).toEqual({ id: 'probe' });
    }, 10_000);
  }, 60_000);

  it('keeps a socket that sends its renewed token, and closes one that sends a bad or foreign one', async () => {
    const member = await createMember(a, 'registered');
    const live = await connected(urlB, member);
    // A token issued in the same second as the first would be the same token.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const renewal = await a
      .http()
      .post('/api/iam/authn/refresh')
      .set('cookie', `pf_refresh=${member.refreshToken}`)
      .send({ grant_type: 'refresh_token' })
      .expect(200);
    expect(cookieFrom(renewal, 'pf_refresh')).toBeTruthy();
    const renewed: string = renewal.body.data.access_token;
    expect(renewed).not.toBe(member.accessToken);
    expect(await live.socket.timeout(5_000).emitWithAck('auth', renewed)).toEqual({ ok: true });
    expect(live.socket.connected).toBe(true);
    const arrival = live.next('notifications-tally');
    a.app.get(RealtimePublisher).toMembers([member.id], 'notifications-tally', { count: 2 });
    expect(await arrival).toEqual({ count: 2 });

    const stranger = await createMember(a, 'registered');
    expect(await live.socket.timeout(5_000).emitWithAck('auth', stranger.accessToken)).toEqual({
      ok: false,
      code: 'INVALID_TOKEN',
    });
    expect(await within(live.closed)).toBe('io server disconnect');

    const garbled = await connected(urlA, stranger);
    garbled.socket.emit('auth', 12345);
    expect(await within(garbled.closed)).toBe('io server disconnect');
  });

  it('starts and serves with Redis down, delivers to its own sockets, and rejoins when Redis is back', async () => {
    const redisUrl = new URL(testRedisUrl());
    const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    await proxy.start();
    await proxy.cut();
    let c: TestApp | undefined;
    try {
      c = await startTestApp({
        databaseUrl: a.databaseUrl,
        env: {
          REDIS_PREFIX: a.config.redisPrefix,
          REDIS_URL: viaProxy(testRedisUrl(), proxy.port),
        },
      });
      const urlC = await listen(c);
      const member = await createMember(a, 'registered');
      const profile = await fetch(`${urlC}/api/iam/authn/profile`, {
        headers: { authorization: `Bearer ${member.accessToken}` },
      });
      expect(profile.status).toBe(200);
      const live = await connected(urlC, member);
      const local = live.next('notification');
      c.app.get(RealtimePublisher).toMembers([member.id], 'notification', { id: null });
      expect(await local).toEqual({ id: null });

      // Redis is back: what another instance publishes reaches this one's sockets again.
      await proxy.restore();
      await eventually(async () => {
        const arrival = live.next('messages-tally');
        a.app.get(RealtimePublisher).toMembers([member.id], 'messages-tally', { count: 1 });
        expect(await arrival).toEqual({ count: 1 });
      }, 20_000);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await c?.app.close();
      await proxy.stop();
    }
  }, 60_000);
});
