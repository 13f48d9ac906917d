import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server as HttpServer } from 'node:http';
import { decodeJwt } from 'jose';
import { Server, type Socket } from 'socket.io';
import { CallerResolver } from '../access/caller-resolver';
import { AppConfig } from '../config/app-config';
import { PROCESS_ROLE, type ProcessRole } from '../queues/process-role';
import { RedisService } from '../redis/redis.service';
import type { RealtimeEvent } from './realtime-publisher';
import {
  ADMINS_ROOM,
  memberRoom,
  REALTIME_PATH,
  realtimeChannelKey,
  sessionRoom,
} from './realtime-rooms';
import { withoutRejections } from './safe-redis';

/** Why a handshake or a re-authentication was refused (the client reads `error.data.code`). */
export type RealtimeRefusal = 'INVALID_TOKEN' | 'ACCOUNT_SUSPENDED' | 'UNAVAILABLE';

/** A socket whose access token ran out is closed this long after, unless it sent a renewed one. */
export const TOKEN_GRACE_MS = 60_000;
/** Re-authentications a socket may send per minute; a socket that sends more is closed. */
export const MAX_AUTH_PER_MINUTE = 10;
/** Longest token accepted (a real one is a few hundred characters). */
const MAX_TOKEN_LENGTH = 4096;
/** Tokens without an expiry (none are issued so) are held to the access token's lifetime. */
const DEFAULT_TOKEN_LIFETIME_MS = 15 * 60_000;

interface ServerEvents {
  [event: string]: (payload: unknown) => void;
}
interface ClientEvents {
  auth: (token: unknown, ack?: (answer: AuthAnswer) => void) => void;
}
type AuthAnswer = { ok: true } | { ok: false; code: RealtimeRefusal };

interface SocketData {
  userId: string;
  sessionId: string;
  admin: boolean;
  expiresAtMs: number;
  expiry?: NodeJS.Timeout;
  auths: { windowStart: number; count: number; busy: boolean };
}

type LiveServer = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type LiveSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

type Admission =
  | { ok: true; userId: string; sessionId: string; admin: boolean; expiresAtMs: number }
  | { ok: false; code: RealtimeRefusal };

/**
 * The socket.io server of the API process, on the API's own HTTP server at `REALTIME_PATH`
 * (websocket transport only, so several instances need no sticky sessions). Instances share
 * rooms through the Redis adapter: what one emits reaches the sockets every other one holds.
 *
 * A socket is admitted by the access token it sends at the handshake (`auth: { token }`), checked
 * exactly as a request's bearer token (session alive, member not suspended), and joins its member's
 * and its session's rooms, and the admins' room when the member is one (left and joined again as
 * identity changes the role, and as each renewed token says). The client sends each renewed token (`auth` event); a socket whose
 * token ran out without one is closed. Identity closes sockets when a session or member ends
 * (RealtimeSessions). With Redis down the server still runs: its own sockets get what it emits.
 */
@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private io: LiveServer | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly callers: CallerResolver,
    private readonly redis: RedisService,
    private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {}

  /** Whether this process holds sockets (the API does; the worker only emits through Redis). */
  get running(): boolean {
    return this.io !== undefined;
  }

  onApplicationBootstrap(): void {
    if (this.role !== 'api') return;
    const httpServer = this.adapterHost.httpAdapter?.getHttpServer() as HttpServer | undefined;
    if (!httpServer) return;
    const io: LiveServer = new Server(httpServer, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      // Clients send only tokens; anything larger is not one of ours.
      maxHttpBufferSize: 16 * 1024,
      connectTimeout: 10_000,
    });
    io.adapter(
      createAdapter(
        withoutRejections(this.redis.connectForRealtime('publish')),
        withoutRejections(this.redis.connectForRealtime('subscribe')),
        { key: realtimeChannelKey(this.config.redisPrefix) },
      ),
    );
    io.use((socket, next) => {
      const auth: unknown = socket.handshake.auth;
      const token = auth && typeof auth === 'object' ? (auth as { token?: unknown }).token : null;
      void this.admit(token).then((admission) => {
        if (!admission.ok) return next(refusal(admission.code));
        socket.data.userId = admission.userId;
        socket.data.sessionId = admission.sessionId;
        socket.data.admin = admission.admin;
        socket.data.expiresAtMs = admission.expiresAtMs;
        socket.data.auths = { windowStart: Date.now(), count: 0, busy: false };
        next();
      });
    });
    io.on('connection', (socket) => this.connected(socket));
    this.io = io;
  }

  /** Sends to every socket of these members, on any instance. */
  emit(userIds: readonly string[], event: RealtimeEvent, payload: unknown): void {
    this.io?.to(userIds.map(memberRoom)).emit(event, payload);
  }

  /** Sends to every socket (each is a signed-in member's: see the handshake), on any instance. */
  emitToAll(event: RealtimeEvent, payload: unknown): void {
    this.io?.emit(event, payload);
  }

  /** Sends to every socket in `room`, on any instance. */
  emitToRoom(room: string, event: RealtimeEvent, payload: unknown): void {
    this.io?.to(room).emit(event, payload);
  }

  /** Makes the sockets in `room`, on every instance, join or leave `target`. */
  moveSockets(room: string, target: string, join: boolean): void {
    const sockets = this.io?.in(room);
    if (join) sockets?.socketsJoin(target);
    else sockets?.socketsLeave(target);
  }

  /** Closes the sockets in `room` on every instance, but those in `except`. */
  disconnect(room: string, except?: string): void {
    const target = this.io?.in(room);
    (except ? target?.except(except) : target)?.disconnectSockets(true);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const io = this.io;
    if (!io) return;
    this.io = undefined;
    // Not io.close(): it would also close the HTTP server, which the app closes itself.
    io.local.disconnectSockets(true);
    await io.of('/').adapter.close();
    io.engine.close();
  }

  private connected(socket: LiveSocket): void {
    void socket.join([
      memberRoom(socket.data.userId),
      sessionRoom(socket.data.sessionId),
      ...(socket.data.admin ? [ADMINS_ROOM] : []),
    ]);
    this.scheduleExpiry(socket);
    socket.on('auth', (token, ack) => void this.reauthenticate(socket, token, ack));
    socket.on('disconnect', () => clearTimeout(socket.data.expiry));
  }

  /** A renewed access token: the socket stays if it names the same member, with a live session. */
  private async reauthenticate(socket: LiveSocket, token: unknown, ack: unknown): Promise<void> {
    const answer = (value: AuthAnswer) => {
      if (typeof ack === 'function') (ack as (value: AuthAnswer) => void)(value);
    };
    const auths = socket.data.auths;
    const now = Date.now();
    if (now - auths.windowStart > 60_000) Object.assign(auths, { windowStart: now, count: 0 });
    if (++auths.count > MAX_AUTH_PER_MINUTE || auths.busy) {
      socket.disconnect(true);
      return;
    }
    auths.busy = true;
    const admission = await this.admit(token);
    auths.busy = false;
    if (!socket.connected) return;
    if (admission.ok && admission.userId === socket.data.userId) {
      if (admission.sessionId !== socket.data.sessionId) {
        void socket.leave(sessionRoom(socket.data.sessionId));
        void socket.join(sessionRoom(admission.sessionId));
        socket.data.sessionId = admission.sessionId;
      }
      if (admission.admin !== socket.data.admin) {
        // The role changed since the socket came: what reaches admins follows it.
        void (admission.admin ? socket.join(ADMINS_ROOM) : socket.leave(ADMINS_ROOM));
        socket.data.admin = admission.admin;
      }
      socket.data.expiresAtMs = admission.expiresAtMs;
      this.scheduleExpiry(socket);
      answer({ ok: true });
      return;
    }
    // Another member's token, or none that is valid: this socket's member is gone from it.
    if (admission.ok || admission.code !== 'UNAVAILABLE') {
      answer({ ok: false, code: admission.ok ? 'INVALID_TOKEN' : admission.code });
      socket.disconnect(true);
    } else {
      answer(admission);
    }
  }

  private scheduleExpiry(socket: LiveSocket): void {
    clearTimeout(socket.data.expiry);
    const delay = Math.max(0, socket.data.expiresAtMs - Date.now()) + TOKEN_GRACE_MS;
    socket.data.expiry = setTimeout(() => socket.disconnect(true), Math.min(delay, 2 ** 31 - 1));
    socket.data.expiry.unref();
  }

  private async admit(token: unknown): Promise<Admission> {
    if (typeof token !== 'string' || !token || token.length > MAX_TOKEN_LENGTH)
      return { ok: false, code: 'INVALID_TOKEN' };
    try {
      const caller = await this.callers.resolveToken(token);
      if (caller.kind !== 'user') return { ok: false, code: 'INVALID_TOKEN' };
      if (caller.suspended) return { ok: false, code: 'ACCOUNT_SUSPENDED' };
      return {
        ok: true,
        userId: caller.userId,
        sessionId: caller.sessionId,
        admin: caller.admin,
        expiresAtMs: expiryOf(token),
      };
    } catch (error) {
      this.logger.warn(
        `A socket could not be authenticated: ${error instanceof Error ? error.message : error}`,
      );
      return { ok: false, code: 'UNAVAILABLE' };
    }
  }
}

function refusal(code: RealtimeRefusal): Error {
  return Object.assign(new Error(code), { data: { code } });
}

function expiryOf(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Verified already; a token without a readable expiry gets the default lifetime.
  }
  return Date.now() + DEFAULT_TOKEN_LIFETIME_MS;
}
