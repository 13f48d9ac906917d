import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Caller } from './access-policy';

/**
 * Works out who is calling. The identity module provides the real resolver (bearer token →
 * session → user); without one every caller is a guest.
 */
export abstract class CallerResolver {
  /**
   * The request's caller. A caller known without a lookup (no credential: a guest) may be answered
   * as it is, not as a promise: the access guard then decides in the same turn, sparing every
   * guest request the promise turns of an async guard.
   */
  abstract resolve(request: FastifyRequest): Caller | Promise<Caller>;
  /** The same for a bare access token (a socket's handshake carries one, not a request). */
  abstract resolveToken(token: string): Promise<Caller>;
}

@Injectable()
export class GuestOnlyCallerResolver extends CallerResolver {
  resolve(): Caller {
    return { kind: 'guest' };
  }

  async resolveToken(): Promise<Caller> {
    return { kind: 'guest', rejectedToken: true };
  }
}

/** How far a caller may use the queue dashboard: everything, look only, or not at all. */
export type DashboardMode = 'full' | 'read-only' | null;

/**
 * Who may open the operator tools served as plain pages (the queue dashboard), where a browser
 * sends cookies, not bearer tokens. The identity module provides the real check (an admin's or an
 * operator's ops pass; operators only look); without it nobody may. There is no switch that opens
 * it, in development either: job data names members, and an open dashboard on a shared dev
 * machine is still open.
 */
export abstract class OpsAccess {
  abstract dashboardMode(request: FastifyRequest): Promise<DashboardMode>;
}

@Injectable()
export class ClosedOpsAccess extends OpsAccess {
  async dashboardMode(): Promise<DashboardMode> {
    return null;
  }
}
