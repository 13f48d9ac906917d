import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessTokens } from './access-tokens.service';
import { AdminEmailsController } from './admin-emails.controller';
import { AdminEmailsService } from './admin-emails.service';
import { AccountEmailsService } from './account-emails.service';
import { AccountDeletionService } from './account-deletion.service';
import { AccountsService } from './accounts.service';
import { AuthFlowService } from './auth-flow.service';
import { AuthnController } from './authn.controller';
import { AvatarController } from './avatar.controller';
import { AvatarService } from './avatar.service';
import { EmailTokensService } from './email-tokens.service';
import { AuthSession } from './entities/auth-session.entity';
import { EmailToken } from './entities/email-token.entity';
import { Handle } from './entities/handle.entity';
import { PhoneVerification } from './entities/phone-verification.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { UserAccount } from './entities/user-account.entity';
import { UserSettings } from './entities/user-settings.entity';
import { HandlesService } from './handles.service';
import { IdentityCallerResolver } from './identity-caller.resolver';
import { IdentityOpsAccess } from './identity-ops-access';
import { IDENTITY_JOBS } from './jobs/identity.jobs';
import { PasswordResetEmailJob } from './jobs/password-reset-email.job';
import { PurgeExpiredAuthJob } from './jobs/purge-expired-auth.job';
import { SignUpAttemptEmailJob } from './jobs/sign-up-attempt-email.job';
import { VerificationEmailJob } from './jobs/verification-email.job';
import { LoginCodes } from './login-codes.service';
import { MembersAdminController } from './members-admin.controller';
import { MemberPlaces } from './member-places';
import { MembersService } from './members.service';
import { MemberDirectoryService } from './directory.service';
import { PasswordResetController } from './password-reset.controller';
import { PhoneVerificationService } from './phone-verification.service';
import { PublicUsersController } from './public-users.controller';
import { SessionsService } from './sessions.service';
import { UserSettingsService } from './user-settings.service';
import { UsersController } from './users.controller';
import { PeopleSearch } from './people-search';

/**
 * Accounts, sessions and who-is-calling. Other modules use the exported services: handles (pages
 * share the namespace), member summaries, account deletion steps.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      UserAccount,
      Handle,
      AuthSession,
      RefreshToken,
      EmailToken,
      PhoneVerification,
      UserSettings,
    ]),
  ],
  controllers: [
    AuthnController,
    PasswordResetController,
    UsersController,
    AvatarController,
    MembersAdminController,
    AdminEmailsController,
    PublicUsersController,
  ],
  providers: [
    IDENTITY_JOBS.provider,
    PeopleSearch,
    AccessTokens,
    AccountDeletionService,
    AccountEmailsService,
    AccountsService,
    AdminEmailsService,
    AuthFlowService,
    AvatarService,
    EmailTokensService,
    HandlesService,
    IdentityCallerResolver,
    IdentityOpsAccess,
    LoginCodes,
    MemberPlaces,
    MemberDirectoryService,
    MembersService,
    PhoneVerificationService,
    PasswordResetEmailJob,
    PurgeExpiredAuthJob,
    SessionsService,
    SignUpAttemptEmailJob,
    UserSettingsService,
    VerificationEmailJob,
  ],
  exports: [
    IdentityCallerResolver,
    IdentityOpsAccess,
    HandlesService,
    MembersService,
    MemberPlaces,
    MemberDirectoryService,
    UserSettingsService,
    AccountDeletionService,
  ],
})
export class IdentityModule {}
