import type { Redis } from 'ioredis';

/** The commands socket.io's adapter and emitter send without handling a refusal. */
const FIRE_AND_FORGET = new Set<PropertyKey>([
  'publish',
  'subscribe',
  'psubscribe',
  'unsubscribe',
  'punsubscribe',
]);

/**
 * The connection as socket.io's Redis adapter and emitter see it: the commands they send and never
 * await resolve to undefined instead of rejecting. With Redis down, a refused publish would
 * otherwise be an unhandled rejection, which ends a Node process.
 */
export function withoutRejections(connection: Redis): Redis {
  return new Proxy(connection, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!FIRE_AND_FORGET.has(property)) return value.bind(target);
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(target, args);
          return result instanceof Promise ? result.catch(() => undefined) : result;
        } catch {
          return undefined;
        }
      };
    },
  });
}
