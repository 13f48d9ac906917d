import { Injectable, type OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_POLICIES, type AccessPolicy } from './access-policy';
import { ACCESS_POLICY } from './access.decorator';

export interface RouteWithPolicy {
  controller: string;
  handler: string;
  policy: AccessPolicy;
  /** e.g. 'GET' */
  method: string;
  /** e.g. '/api/iam/users/:uuid/permission/:name' */
  path: string;
}

function joinPath(...parts: string[]): string {
  return `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
}

/**
 * Refuses to start the app unless every route handler declares exactly one known policy
 * (on the method or on its controller, not both).
 */
@Injectable()
export class AccessPolicyAudit implements OnApplicationBootstrap {
  private routes: RouteWithPolicy[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap() {
    const problems: string[] = [];
    const routes: RouteWithPolicy[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance);
      const classPolicy = this.reflector.get<AccessPolicy | undefined>(ACCESS_POLICY, metatype);
      const controllerPath = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const isRoute =
          Reflect.getMetadata(PATH_METADATA, handler) !== undefined &&
          Reflect.getMetadata(METHOD_METADATA, handler) !== undefined;
        if (!isRoute) continue;
        const methodPolicy = this.reflector.get<AccessPolicy | undefined>(ACCESS_POLICY, handler);
        const where = `${metatype.name}.${name}`;
        if (methodPolicy && classPolicy) {
          problems.push(`${where} declares a policy on both the method and its controller`);
          continue;
        }
        const policy = methodPolicy ?? classPolicy;
        if (!policy) problems.push(`${where} declares no access policy`);
        else if (!ACCESS_POLICIES.includes(policy))
          problems.push(`${where} declares unknown policy "${policy}"`);
        else {
          const method =
            RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
          const paths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler));
          for (const path of paths) {
            routes.push({
              controller: metatype.name,
              handler: name,
              policy,
              method,
              path: joinPath(controllerPath, path),
            });
          }
        }
      }
    }
    if (problems.length) {
      throw new Error(
        `Refusing to start: every route needs exactly one access policy.\n  - ${problems.join('\n  - ')}`,
      );
    }
    this.routes = routes;
  }

  /** The audited routes, for tests that check every route against every kind of caller. */
  listRoutes(): readonly RouteWithPolicy[] {
    return this.routes;
  }
}
