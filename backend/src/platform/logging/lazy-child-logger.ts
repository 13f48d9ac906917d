import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** What Fastify checks a child logger has (validateLogger), and pino's level methods. */
const LOGGER_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', 'child'];

/** The logger to be: what makes it, and it once made. */
class Deferred {
  child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  made(): FastifyBaseLogger {
    return (this.child ??= this.parent.child(this.bindings, this.options));
  }
}

/** How a stand-in method finds its Deferred through the proxy it is called on. */
const DEFERRED = Symbol('lazyChildLogger.deferred');

/** The methods a lazy logger has before its child is made: each makes it, then calls it. */
const STAND_INS: Record<string, (this: { [DEFERRED]: Deferred }, ...args: unknown[]) => unknown> =
  Object.fromEntries(
    LOGGER_METHODS.map((name) => [
      name,
      function standIn(this: { [DEFERRED]: Deferred }, ...args: unknown[]) {
        const logger = this[DEFERRED].made() as unknown as Record<
          string,
          (...args: unknown[]) => unknown
        >;
        return logger[name](...args);
      },
    ]),
  );

/** One handler for every lazy logger (a request allocates only its Deferred and the proxy). */
const HANDLER: ProxyHandler<Deferred> = {
  get(deferred, property) {
    if (property === DEFERRED) return deferred;
    if (
      deferred.child === undefined &&
      typeof property === 'string' &&
      Object.hasOwn(STAND_INS, property)
    )
      return STAND_INS[property];
    const logger = deferred.made();
    const value: unknown = Reflect.get(logger, property, logger);
    return typeof value === 'function' ? value.bind(logger) : value;
  },
  set(deferred, property, value) {
    return Reflect.set(deferred.made(), property, value);
  },
  has(deferred, property) {
    return property in deferred.made();
  },
};

/**
 * Fastify's `childLoggerFactory`: `request.log` (the request's logger, bound to its reqId) made the
 * first time something uses it, not for every request. Fastify makes one per request, and making
 * a child of the app's logger serialises and redacts its bindings and sets its level, on every
 * request of a busy API. Most requests never log through it (their two lines are written by
 * RequestLogController); an error, a warning or anything else that uses it gets the same child,
 * made then, with the same bindings and options.
 *
 * Until then the logger's methods are stand-ins that make it and call it (so Fastify's check that
 * they are functions needs no child); any other property is read from the child, made at once.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new Proxy(
    new Deferred(parent, bindings, options),
    HANDLER,
  ) as unknown as FastifyBaseLogger;
}
