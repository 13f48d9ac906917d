import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteMetadata } from '../route-metadata';

function contextOf(handler: object, owner: object): ExecutionContext {
  return { getHandler: () => handler, getClass: () => owner } as unknown as ExecutionContext;
}

describe('RouteMetadata', () => {
  it("answers as Reflector.getAllAndOverride: the handler's value, else its class's, else none", () => {
    class Marked {}
    class Unmarked {}
    Reflect.defineMetadata('key', 'class-wide', Marked);
    const own = () => undefined;
    Reflect.defineMetadata('key', 'own', own);
    const bare = () => undefined;
    const reflector = new Reflector();
    const metadata = new RouteMetadata<string>(reflector, 'key');
    for (const [handler, owner, expected] of [
      [own, Marked, 'own'],
      [bare, Marked, 'class-wide'],
      [bare, Unmarked, undefined],
      [own, Unmarked, 'own'],
    ] as const) {
      const context = contextOf(handler, owner);
      // Twice: the second answer is the one kept.
      expect([metadata.of(context), metadata.of(context)]).toEqual([expected, expected]);
      expect(reflector.getAllAndOverride('key', [handler, owner])).toBe(expected);
    }
  });

  it('looks a route up once', () => {
    const reflector = new Reflector();
    const lookup = jest.spyOn(reflector, 'getAllAndOverride');
    const metadata = new RouteMetadata<string>(reflector, 'key');
    const context = contextOf(() => undefined, class {});
    for (let i = 0; i < 5; i++) metadata.of(context);
    expect(lookup).toHaveBeenCalledTimes(1);
  });
});
