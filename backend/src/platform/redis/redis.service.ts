import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { AppConfig } from '../config/app-config';

/**
 * Owns every Redis connection of this process, so shutdown closes them all.
 * `client` is for commands (health, rate limits, caches); BullMQ asks for its own connections.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private readonly connections: Redis[] = [];
  readonly client: Redis;

  constructor(private readonly config: AppConfig) {
    this.client = this.connect('commands', { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  }

  /** Keys of this deployment live under one prefix, so tests and environments can share a server. */
  key(...parts: string[]): string {
    return [this.config.redisPrefix, ...parts].join(':');
  }

  /** A connection for BullMQ: workers must block without a retry limit, as BullMQ requires. */
  connectForQueues(role: 'producer' | 'worker'): Redis {
    return this.connect(`queues-${role}`, {
      maxRetriesPerRequest: role === 'worker' ? null : 2,
      enableOfflineQueue: role === 'worker',
    });
  }

  /**
   * The live-delivery connections (socket.io's Redis adapter and emitter): a publish waits for one
   * reconnection at most, then fails (live events are best effort; polling is the fallback), so
   * an outage queues only seconds of them; `subscribe` waits for Redis and re-subscribes after
   * every reconnect.
   */
  connectForRealtime(role: 'publish' | 'subscribe'): Redis {
    return this.connect(`realtime-${role}`, {
      maxRetriesPerRequest: role === 'subscribe' ? null : 1,
    });
  }

  private connect(name: string, options: RedisOptions): Redis {
    const connection = new Redis(this.config.redisUrl, {
      connectionName: `plantfolk-${name}`,
      lazyConnect: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
      ...options,
    });
    let reported = false;
    connection.on('error', (error) => {
      // ioredis reconnects on its own; one log line per outage is enough.
      if (!reported) this.logger.warn(`Redis connection "${name}" failed: ${error.message}`);
      reported = true;
    });
    connection.on('ready', () => (reported = false));
    this.connections.push(connection);
    return connection;
  }

  async onApplicationShutdown() {
    await Promise.all(
      this.connections.map((connection) =>
        // A connection that is not up would queue QUIT until Redis comes back: drop it instead.
        connection.status === 'ready'
          ? connection.quit().catch(() => connection.disconnect())
          : connection.disconnect(),
      ),
    );
  }
}
