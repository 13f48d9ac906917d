import { Global, Module } from '@nestjs/common';
import { REGISTRATION_INVITE_CHECK, RegistrationInviteGate } from './registration-gate';
import { SiteSettingsService } from './site-settings.service';

/**
 * Site settings for every module (global: settings are read across the app, like the config),
 * and the registration gate identity's sign-up asks on an invite-only site.
 */
@Global()
@Module({
  providers: [
    SiteSettingsService,
    RegistrationInviteGate,
    { provide: REGISTRATION_INVITE_CHECK, useExisting: RegistrationInviteGate },
  ],
  exports: [SiteSettingsService, RegistrationInviteGate, REGISTRATION_INVITE_CHECK],
})
export class SiteSettingsModule {}
