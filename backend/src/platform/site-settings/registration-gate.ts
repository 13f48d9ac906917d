import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * How sign-up asks whether an invite lets someone register while the site is invite-only
 * (`registration_mode`). Identity injects REGISTRATION_INVITE_CHECK and calls it inside the
 * registration's transaction; `consume` answers true once per usable invite and marks it used in
 * `manager`'s transaction, so a refused registration leaves the invite unused.
 *
 * The invites module sits above identity, so identity cannot import it: the global
 * SiteSettingsModule provides the token as a RegistrationInviteGate that refuses every invite
 * until the invites module hands it the real check at start-up:
 *
 *   constructor(@Inject(REGISTRATION_INVITE_CHECK) gate: RegistrationInviteGate, invites: InvitesService) {
 *     gate.useCheck({ consume: (id, manager) => invites.consumeForSignUp(id, manager) });
 *   }
 */
export interface RegistrationInviteCheck {
  consume(inviteId: string, manager: EntityManager): Promise<boolean>;
}

export const REGISTRATION_INVITE_CHECK = Symbol('REGISTRATION_INVITE_CHECK');

/** Until a module provides invites, no invite lets anyone in. */
export const refuseEveryInvite: RegistrationInviteCheck = {
  consume: () => Promise.resolve(false),
};

@Injectable()
export class RegistrationInviteGate implements RegistrationInviteCheck {
  private check: RegistrationInviteCheck = refuseEveryInvite;

  /** Called once at start-up by the module that owns invites. */
  useCheck(check: RegistrationInviteCheck): void {
    this.check = check;
  }

  consume(inviteId: string, manager: EntityManager): Promise<boolean> {
    return this.check.consume(inviteId, manager);
  }
}
