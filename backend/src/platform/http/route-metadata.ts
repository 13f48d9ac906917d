import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * A route's metadata under one key, as `Reflector.getAllAndOverride(key, [handler, class])` finds
 * it, kept per handler. A route's decorators have all run before it serves a request, so the
 * answer never changes; the lookup (reflect-metadata walks the handler's and the class's
 * prototype chains, a map per level, and finds nothing for most keys) ran in every global guard
 * on every request.
 */
export class RouteMetadata<T> {
  private readonly byHandler = new WeakMap<object, { owner: object; value: T | undefined }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  of(context: ExecutionContext): T | undefined {
    const handler = context.getHandler();
    const owner = context.getClass();
    const known = this.byHandler.get(handler);
    if (known !== undefined && known.owner === owner) return known.value;
    const value = this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, owner]);
    this.byHandler.set(handler, { owner, value });
    return value;
  }
}
