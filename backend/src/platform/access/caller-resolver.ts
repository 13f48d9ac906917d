import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { type Caller } from './access-policy';

/**
 * Works out who is calling. The identity module provides the real resolver (bearer token →
 * session → user); without one every caller is a guest.
 */
export abstract class CallerResolver {
  abstract resolve(request: FastifyRequest): Promise<Caller>;
}

@Injectable()
export class GuestOnlyCallerResolver extends CallerResolver {
  async resolve(): Promise<Caller> {
    return { kind: 'guest' };
  }
}

/**
 * Who may open the operator tools served as plain pages (the queue dashboard), where a browser
 * sends cookies, not bearer tokens. Closed by default; in development a config switch opens it.
 */
export abstract class OpsAccess {
  abstract canOpenDashboard(request: FastifyRequest): Promise<boolean>;
}

@Injectable()
export class DevelopmentSwitchOpsAccess extends OpsAccess {
  constructor(private readonly config: AppConfig) {
    super();
  }

  async canOpenDashboard(): Promise<boolean> {
    return this.config.queueDashboardOpen && this.config.nodeEnv === 'development';
  }
}
