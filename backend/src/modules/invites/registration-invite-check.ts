import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  REGISTRATION_INVITE_CHECK,
  type RegistrationInviteGate,
} from '../../platform/site-settings/registration-gate';
import { InvitesService } from './invites.service';

/**
 * Hands sign-up's gate (platform/site-settings, injected into identity, which sits below
 * invites) the real check of a site invite on an invite-only site: InvitesService's conditional
 * use of it, inside the sign-up's transaction.
 */
@Injectable()
export class RegistrationInviteCheckProvider implements OnModuleInit {
  constructor(
    @Inject(REGISTRATION_INVITE_CHECK) private readonly gate: RegistrationInviteGate,
    private readonly invites: InvitesService,
  ) {}

  onModuleInit() {
    this.gate.useCheck({
      consume: (inviteId, manager) => this.invites.consumeForSignUp(inviteId, manager),
    });
  }
}
