import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events';
import { IdentityModule } from '../identity';
import { PagesModule } from '../pages';
import { InviteAcceptance } from './entities/invite-acceptance.entity';
import { Invite } from './entities/invite.entity';
import { InvitesController } from './invites.controller';
import { InvitesService } from './invites.service';
import { INVITES_JOBS } from './jobs/invites.jobs';
import { PurgeExpiredInvitesJob } from './jobs/purge-expired-invites.job';
import { RegistrationInviteCheckProvider } from './registration-invite-check';

/**
 * Invites to the site, a page or an event. Sits above pages and events (whose owners and
 * creators it checks); provides sign-up's invite check on an invite-only site.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Invite, InviteAcceptance]),
    IdentityModule,
    PagesModule,
    EventsModule,
  ],
  controllers: [InvitesController],
  providers: [
    INVITES_JOBS.provider,
    InvitesService,
    PurgeExpiredInvitesJob,
    RegistrationInviteCheckProvider,
  ],
  exports: [InvitesService],
})
export class InvitesModule {}
