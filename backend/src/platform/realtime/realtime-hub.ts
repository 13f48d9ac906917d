import { Injectable, Logger } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { AppConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';
import { RealtimeGateway } from './realtime-gateway';
import { type RealtimeEvent, RealtimePublisher } from './realtime-publisher';
import {
  ADMINS_ROOM,
  memberRoom,
  realtimeChannelKey,
  sessionRoom,
  validIds,
} from './realtime-rooms';
import { RealtimeSessions } from './realtime-sessions';
import { withoutRejections } from './safe-redis';

/**
 * What modules reach live delivery through. In the API process it goes through the socket.io
 * server (its own sockets directly, the other instances' through the Redis adapter); in the worker,
 * which holds no sockets, through a Redis emitter that the API instances' adapters listen to.
 * Best effort throughout: it never throws and never waits (polling and the reconnect catch-up
 * cover what is lost while Redis is down).
 */
@Injectable()
export class RealtimeHub implements RealtimePublisher, RealtimeSessions {
  private readonly logger = new Logger('Realtime');
  private emitter: Emitter | undefined;

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  toMembers(userIds: readonly string[], event: RealtimeEvent, payload: unknown): void {
    this.safely(() => {
      const ids = validIds(userIds);
      if (!ids.length) return;
      if (this.gateway.running) this.gateway.emit(ids, event, payload);
      else this.viaRedis().to(ids.map(memberRoom)).emit(event, payload);
    });
  }

  toAllMembers(event: RealtimeEvent, payload: unknown): void {
    this.safely(() => {
      if (this.gateway.running) this.gateway.emitToAll(event, payload);
      else this.viaRedis().emit(event, payload);
    });
  }

  toAdmins(event: RealtimeEvent, payload: unknown): void {
    this.safely(() => {
      if (this.gateway.running) this.gateway.emitToRoom(ADMINS_ROOM, event, payload);
      else this.viaRedis().to(ADMINS_ROOM).emit(event, payload);
    });
  }

  adminChanged(userId: string, admin: boolean): void {
    this.safely(() => {
      const [id] = validIds([userId]);
      if (!id) return;
      if (this.gateway.running) this.gateway.moveSockets(memberRoom(id), ADMINS_ROOM, admin);
      else if (admin) this.viaRedis().in(memberRoom(id)).socketsJoin(ADMINS_ROOM);
      else this.viaRedis().in(memberRoom(id)).socketsLeave(ADMINS_ROOM);
    });
  }

  endSession(sessionId: string): void {
    this.safely(() => {
      const [id] = validIds([sessionId]);
      if (id) this.disconnect(sessionRoom(id));
    });
  }

  endFor(userId: string, options: { keepSession?: string } = {}): void {
    this.safely(() => {
      const [id] = validIds([userId]);
      const [keep] = validIds([options.keepSession]);
      if (id) this.disconnect(memberRoom(id), keep && sessionRoom(keep));
    });
  }

  private disconnect(room: string, except?: string): void {
    if (this.gateway.running) {
      this.gateway.disconnect(room, except);
      return;
    }
    const target = this.viaRedis().in(room);
    (except ? target.except(except) : target).disconnectSockets(true);
  }

  private viaRedis(): Emitter {
    this.emitter ??= new Emitter(withoutRejections(this.redis.connectForRealtime('publish')), {
      key: realtimeChannelKey(this.config.redisPrefix),
    });
    return this.emitter;
  }

  private safely(send: () => void): void {
    try {
      send();
    } catch (error) {
      this.logger.warn(
        `A live event could not be sent: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}
