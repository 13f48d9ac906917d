import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import type { Caller } from '../../platform/access/access-policy';
import {
  CurrentCaller,
  CurrentMember,
  type Member,
} from '../../platform/access/current-caller.decorator';
import { AppConfig } from '../../platform/config/app-config';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { IDENTITY_RATE_LIMITS as LIMITS } from './identity.rate-limits';
import { AccountDeletionService } from './account-deletion.service';
import { AccountsService } from './accounts.service';
import { AuthFlowService } from './auth-flow.service';
import {
  CredentialsWithChallengeDto,
  DeleteAccountDto,
  EmailOnlyDto,
  LoginCodeDto,
  RefreshDto,
  SignUpDto,
  TokenDto,
  VerifyEmailTokenDto,
} from './dto/auth.dto';
import {
  AuthStatusDto,
  ProfileDto,
  RegisterDto,
  SessionGrantDto,
  SessionSummaryDto,
  UpdateAccountDto,
} from './dto/profile.dto';
import {
  ConfirmPhoneDto,
  InitPhoneCheckDto,
  PhoneCheckStartedDto,
  PhoneVerifiedDto,
} from './dto/phone.dto';
import {
  DeletedDto,
  EmailVerifiedDto,
  LoggedOutDto,
  RevokedDto,
  SentDto,
  ValidDto,
} from './dto/results.dto';
import { clearRefreshCookie, clientInfo, readRefreshCookie, setRefreshCookie } from './http-client';
import { IdentityErrors } from './identity.errors';
import { MembersService } from './members.service';
import { PhoneVerificationService } from './phone-verification.service';
import { toProfile } from './profile';
import { SessionsService } from './sessions.service';

@ApiTags('auth')
@Controller('api/iam/authn')
export class AuthnController {
  constructor(
    private readonly config: AppConfig,
    private readonly flow: AuthFlowService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly members: MembersService,
    private readonly deletion: AccountDeletionService,
    private readonly phones: PhoneVerificationService,
  ) {}

  @Post('signup')
  @Access('none')
  @ApiOperation({
    summary:
      'Create an account and e-mail its verification link (which signs in). Answers the same for an address that has an account; that account is told by e-mail instead',
  })
  @ApiSuccess(SentDto, { status: 201 })
  @ApiFailures(400, 403, 429)
  @RateLimit('signup', LIMITS['signup'])
  async signUp(@Body() body: SignUpDto) {
    await this.accounts.signUp(body.email, body.password, body.inviteId);
    return { sent: true };
  }

  @Post('login')
  @HttpCode(200)
  @Access('none')
  @ApiOperation({
    summary: 'Check credentials (PKCE): returns a one-time code to exchange at /refresh',
  })
  @ApiSuccess(LoginCodeDto)
  @ApiFailures(400, 401, 429)
  @RateLimit('login', LIMITS['login'])
  logIn(@Body() body: CredentialsWithChallengeDto) {
    return this.flow.logIn(body.email, body.password, body.code_challenge).then(toCode);
  }

  @Post('refresh')
  @HttpCode(200)
  @Access('none')
  @ApiOperation({
    summary:
      'Start a session (code + verifier) or renew it (refresh-token cookie); sets the rotated cookie',
  })
  @ApiSuccess(SessionGrantDto)
  @ApiFailures(400, 401)
  @RateLimit('refresh', LIMITS['refresh'])
  async refresh(
    @Body() body: RefreshDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    let issued;
    if (body.grant_type === 'authorization_code') {
      if (!body.code || !body.code_verifier) throw IdentityErrors.INVALID_GRANT();
      issued = await this.flow.exchangeCode(body.code, body.code_verifier, clientInfo(request));
    } else {
      const presented = readRefreshCookie(request);
      if (!presented) throw IdentityErrors.INVALID_REFRESH();
      issued = await this.flow.refresh(presented, clientInfo(request)).catch((error: unknown) => {
        clearRefreshCookie(reply, this.config);
        throw error;
      });
    }
    setRefreshCookie(reply, issued.refreshToken, this.config);
    return issued.grant;
  }

  @Post('logout')
  @HttpCode(200)
  // Anyone holding a session may end it: a suspended member, or one whose access token expired
  // (then the refresh cookie names the session). The Lax cookie is not sent by other sites.
  @Access('none')
  @ApiOperation({ summary: 'End the session named by the bearer token or the refresh cookie' })
  @ApiSuccess(LoggedOutDto)
  async logOut(
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.flow.logOut(
      caller.kind === 'user'
        ? { sessionId: caller.sessionId }
        : { refreshToken: readRefreshCookie(request) },
    );
    clearRefreshCookie(reply, this.config);
    return { loggedOut: true };
  }

  @Get('isauthenticated')
  @Access('none')
  @ApiOperation({ summary: 'Whether the bearer token names a live session' })
  @ApiSuccess(AuthStatusDto)
  isAuthenticated(@CurrentCaller() caller: Caller) {
    if (caller.kind === 'guest') return { authenticated: false };
    return { authenticated: true, stage: caller.stage, suspended: caller.suspended };
  }

  @Get('profile')
  @Access('authd-only')
  @ApiSuccess(ProfileDto)
  async profile(@CurrentMember() member: Member) {
    return toProfile(await this.accounts.findById(member.userId), member.csrfToken);
  }

  @Post('register')
  @HttpCode(200)
  @Access('logged-in-only')
  @ApiOperation({ summary: 'Choose the username and location (verified → registered)' })
  @ApiSuccess(ProfileDto)
  @ApiFailures(400, 409)
  async register(@CurrentMember() member: Member, @Body() body: RegisterDto) {
    const { username, ...location } = body;
    return toProfile(
      await this.accounts.register(member.userId, username, location),
      member.csrfToken,
    );
  }

  @Put('update')
  @Access('authd-only')
  @ApiOperation({ summary: 'Change the username, location and/or password' })
  @ApiSuccess(ProfileDto)
  @ApiFailures(400, 403, 409)
  @RateLimit('password-check', LIMITS['password-check'])
  async update(@CurrentMember() member: Member, @Body() body: UpdateAccountDto) {
    const { current_password, new_password, end_other_sessions, ...changes } = body;
    if (new_password !== undefined || current_password !== undefined) {
      if (!new_password || !current_password) throw IdentityErrors.WRONG_PASSWORD();
      await this.accounts.changePassword(member.userId, member.sessionId, {
        currentPassword: current_password,
        newPassword: new_password,
        endOtherSessions: end_other_sessions ?? false,
      });
    }
    return toProfile(await this.accounts.updateProfile(member.userId, changes), member.csrfToken);
  }

  @Delete('delete')
  @Access('authd-only')
  @ApiOperation({
    summary: "Delete the caller's account (conversations first, then the account, lists and files)",
  })
  @ApiSuccess(DeletedDto)
  @ApiFailures(400, 403, 409)
  @RateLimit('password-check', LIMITS['password-check'])
  async deleteAccount(
    @CurrentMember() member: Member,
    @Body() body: DeleteAccountDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (body.uuid !== member.userId) throw IdentityErrors.NOT_YOUR_ACCOUNT();
    await this.accounts.confirmPassword(member.userId, body.password);
    await this.deletion.deleteAccount(member.userId);
    clearRefreshCookie(reply, this.config);
    return { deleted: true };
  }

  @Post('verifyemail')
  @HttpCode(200)
  @Access('none')
  @ApiOperation({
    summary: 'Send the verification link again (same answer whether or not the address exists)',
  })
  @ApiSuccess(SentDto)
  @RateLimit('send-verification', LIMITS['send-verification'])
  async resendVerification(@Body() body: EmailOnlyDto) {
    await this.accounts.resendVerification(body.email);
    return { sent: true };
  }

  @Post('verifyemailtoken')
  @HttpCode(200)
  @Access('none')
  @ApiOperation({
    summary:
      'Spend an e-mailed verification link; with a PKCE code_challenge, also returns a one-time code to exchange at /refresh',
  })
  @ApiSuccess(EmailVerifiedDto)
  @ApiFailures(400)
  @RateLimit('verify-email', LIMITS['verify-email'])
  verifyEmail(@Body() body: VerifyEmailTokenDto) {
    return this.flow.verifyEmail(body.token, body.code_challenge);
  }

  @Post('reset')
  @HttpCode(200)
  @Access('none')
  @ApiOperation({
    summary: 'E-mail a password-reset link (same answer whether or not the address exists)',
  })
  @ApiSuccess(SentDto)
  @RateLimit('send-reset', LIMITS['send-reset'])
  async requestReset(@Body() body: EmailOnlyDto) {
    await this.accounts.requestPasswordReset(body.email);
    return { sent: true };
  }

  @Post('verifyreset')
  @HttpCode(200)
  @Access('none')
  @ApiOperation({ summary: 'Whether a password-reset link is still valid (does not spend it)' })
  @ApiSuccess(ValidDto)
  @ApiFailures(400)
  @RateLimit('reset-token', LIMITS['reset-token'])
  verifyReset(@Body() body: TokenDto) {
    return checkResetToken(this.accounts, body.token);
  }

  @Post('init-phone-and-check')
  @HttpCode(200)
  @Access('authd-only')
  @RateLimit('phone-code-send', LIMITS['phone-code-send'])
  @ApiOperation({
    summary:
      'Text a 6-digit code to the number (unverifiable with an empty recordId when it cannot)',
  })
  @ApiSuccess(PhoneCheckStartedDto)
  @ApiFailures(400, 403)
  startPhoneCheck(@CurrentMember() member: Member, @Body() body: InitPhoneCheckDto) {
    if (body.userId !== member.userId) throw IdentityErrors.NOT_YOUR_ACCOUNT();
    return this.phones.start(member.userId, body.phoneNo);
  }

  @Put('confirm-phone-and-record')
  @Access('authd-only')
  @RateLimit('phone-code-check', LIMITS['phone-code-check'])
  @ApiOperation({ summary: 'Check the texted code and record the number as verified' })
  @ApiSuccess(PhoneVerifiedDto)
  @ApiFailures(400, 403)
  async confirmPhone(@CurrentMember() member: Member, @Body() body: ConfirmPhoneDto) {
    if (body.userId !== member.userId) throw IdentityErrors.NOT_YOUR_ACCOUNT();
    await this.phones.confirm(member.userId, body.phoneNo, body.recordId, body.code);
    return { verified: true, phone_verified: true };
  }

  @Get('sessions')
  @Access('authd-only')
  @ApiOperation({ summary: "The caller's active sessions (devices)" })
  @ApiSuccess([SessionSummaryDto])
  async listSessions(@CurrentMember() member: Member) {
    const sessions = await this.sessions.listActive(member.userId);
    return sessions.map((session) => ({ ...session, current: session.id === member.sessionId }));
  }

  @Delete('sessions/:id')
  @Access('authd-only')
  @ApiOperation({ summary: "End one of the caller's sessions" })
  @ApiSuccess(RevokedDto)
  @ApiFailures(404)
  async revokeSession(
    @CurrentMember() member: Member,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ) {
    await this.members.revokeOwnSession(member.userId, id);
    return { revoked: true };
  }
}

function toCode({ code, expiresIn }: { code: string; expiresIn: number }) {
  return { code, expires_in: expiresIn };
}

export async function checkResetToken(accounts: AccountsService, token: string) {
  if (!(await accounts.isResetTokenValid(token))) throw IdentityErrors.INVALID_TOKEN();
  return { valid: true };
}
