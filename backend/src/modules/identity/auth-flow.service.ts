import { Injectable } from '@nestjs/common';
import { AccessTokens } from './access-tokens.service';
import { AccountsService } from './accounts.service';
import type { AuthSession } from './entities/auth-session.entity';
import { LoginCodes } from './login-codes.service';
import { type Profile, toProfile } from './profile';
import { type ClientInfo, SessionsService } from './sessions.service';

/** What the browser receives when a session starts or refreshes (the refresh token goes in a cookie). */
export interface SessionGrant {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: Profile;
}

export interface IssuedSession {
  grant: SessionGrant;
  refreshToken: string;
}

/**
 * Login with PKCE: credentials + challenge → one-time code; code + verifier → session.
 * The e-mailed verification link ends in the same code (sign-up itself does not sign in: its
 * answer must not differ for an address that already has an account).
 */
@Injectable()
export class AuthFlowService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly codes: LoginCodes,
    private readonly sessions: SessionsService,
    private readonly tokens: AccessTokens,
  ) {}

  async logIn(email: string, password: string, challenge: string) {
    const user = await this.accounts.checkCredentials(email, password);
    return this.codes.issue(user.id, challenge);
  }

  /**
   * Spends a verification link. With a PKCE challenge it also signs its member in: the link came
   * to their inbox, which proves as much as a password does (a reset link proves no more).
   */
  async verifyEmail(
    token: string,
    challenge?: string,
  ): Promise<{ verified: true; code?: string; expires_in?: number }> {
    const userId = await this.accounts.verifyEmail(token);
    if (!challenge) return { verified: true };
    const { code, expiresIn } = await this.codes.issue(userId, challenge);
    return { verified: true, code, expires_in: expiresIn };
  }

  async exchangeCode(code: string, verifier: string, client: ClientInfo): Promise<IssuedSession> {
    const userId = await this.codes.exchange(code, verifier);
    const { session, refreshToken } = await this.sessions.start(userId, client);
    return this.grant(session, refreshToken);
  }

  async refresh(refreshToken: string, client: ClientInfo): Promise<IssuedSession> {
    const rotated = await this.sessions.rotate(refreshToken, client);
    return this.grant(rotated.session, rotated.refreshToken);
  }

  async logOut(by: { sessionId: string } | { refreshToken?: string }): Promise<void> {
    const sessionId =
      'sessionId' in by
        ? by.sessionId
        : by.refreshToken && (await this.sessions.sessionOfToken(by.refreshToken));
    if (sessionId) await this.sessions.revoke(sessionId, 'logged out');
  }

  /** A one-hour pass for the ops dashboard, bound to the admin's current session. */
  opsPass(userId: string, sessionId: string) {
    return this.tokens.issue({ userId, sessionId }, 'plantfolk-ops', 3600);
  }

  private async grant(session: AuthSession, refreshToken: string): Promise<IssuedSession> {
    const user = await this.accounts.findById(session.userId);
    const access = await this.tokens.issue({ userId: user.id, sessionId: session.id });
    return {
      grant: {
        access_token: access.token,
        token_type: 'Bearer',
        expires_in: access.expiresIn,
        user: toProfile(user, session.csrfToken),
      },
      refreshToken,
    };
  }
}
