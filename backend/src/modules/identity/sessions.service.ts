import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { RealtimeSessions } from '../../platform/realtime/realtime-sessions';
import { AuthSession } from './entities/auth-session.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { REFRESH_REUSE_GRACE_SECONDS, SESSION_LIFETIME_DAYS } from './identity.constants';
import { IdentityErrors } from './identity.errors';
import { newToken, sha256 } from './secrets';
import * as sessions from './sessions.queries';

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

export interface SessionSummary {
  id: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
}

/**
 * Logins and their refresh chains. Each refresh spends the presented token and issues the next;
 * presenting a spent token again (outside a short race window) is treated as theft and ends the
 * whole session.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly live: RealtimeSessions,
  ) {}

  async start(
    userId: string,
    client: ClientInfo,
    manager?: EntityManager,
  ): Promise<{ session: AuthSession; refreshToken: string }> {
    const run = async (em: EntityManager) => {
      // One instant for both ends, so a session lasts exactly its lifetime.
      const now = new Date();
      const session = await em.save(
        em.create(AuthSession, {
          userId,
          csrfToken: newToken(),
          createdAt: now,
          expiresAt: new Date(now.getTime() + SESSION_LIFETIME_DAYS * 24 * 3600 * 1000),
          lastUsedAt: now,
          userAgent: client.userAgent?.slice(0, 300) ?? null,
          ip: client.ip ?? null,
        }),
      );
      const refreshToken = await this.addToken(em, session.id);
      return { session, refreshToken };
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /** Spends a refresh token; returns its session and the next token. */
  async rotate(
    presented: string,
    client: ClientInfo,
  ): Promise<{ session: AuthSession; refreshToken: string }> {
    const hash = sha256(presented);
    const outcome = await this.dataSource.transaction(async (em) => {
      // One UPDATE decides the winner among parallel refreshes with the same token.
      const sessionId = await sessions.spendRefreshToken(em, hash);
      if (!sessionId) return { kind: 'spent' as const };
      const session = await em.findOne(AuthSession, { where: { id: sessionId } });
      if (!session || session.revokedAt || session.expiresAt <= new Date())
        return { kind: 'ended' as const };
      await em.update(
        AuthSession,
        { id: session.id },
        {
          lastUsedAt: new Date(),
          userAgent: client.userAgent?.slice(0, 300) ?? session.userAgent,
          ip: client.ip ?? session.ip,
        },
      );
      return {
        kind: 'rotated' as const,
        session,
        refreshToken: await this.addToken(em, session.id),
      };
    });
    if (outcome.kind === 'rotated')
      return { session: outcome.session, refreshToken: outcome.refreshToken };
    if (outcome.kind === 'spent') await this.handleSpentToken(hash);
    throw IdentityErrors.INVALID_REFRESH();
  }

  /** A spent token came back: a race if just now, otherwise someone replayed it, so end the session. */
  private async handleSpentToken(hash: string): Promise<void> {
    const ended = await sessions.revokeSessionOfReplayedToken(
      this.dataSource,
      hash,
      REFRESH_REUSE_GRACE_SECONDS,
    );
    if (ended) this.live.endSession(ended);
  }

  async revoke(
    sessionId: string,
    reason: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const result = await manager.update(
      AuthSession,
      { id: sessionId, revokedAt: IsNull() },
      { revokedAt: new Date(), revokedReason: reason },
    );
    const revoked = (result.affected ?? 0) > 0;
    // Its open sockets close too (inside a caller's transaction, the caller should wait for commit).
    if (revoked && manager === this.dataSource.manager) this.live.endSession(sessionId);
    return revoked;
  }

  async revokeAllForUser(
    userId: string,
    reason: string,
    options: { except?: string; manager?: EntityManager } = {},
  ): Promise<void> {
    await sessions.revokeSessionsOf(
      options.manager ?? this.dataSource.manager,
      userId,
      reason,
      options.except ?? null,
    );
  }

  /**
   * Closes the member's open sockets, but those of `keepSession`: call it once a change that ended
   * their sessions or their standing (suspension, deletion) has committed.
   */
  closeSocketsOf(userId: string, keepSession?: string): void {
    this.live.endFor(userId, { keepSession });
  }

  /** The member's open sockets follow a change of their admin role (once it has committed). */
  adminRoleChanged(userId: string, admin: boolean): void {
    this.live.adminChanged(userId, admin);
  }

  /** The active sessions of a user, newest first. */
  async listActive(userId: string): Promise<SessionSummary[]> {
    return (await sessions.activeSessionsOf(this.dataSource.manager, userId)).map(toSummary);
  }

  /** The session a refresh token (spent or not) belongs to. */
  async sessionOfToken(token: string): Promise<string | undefined> {
    return sessions.sessionOfTokenHash(this.dataSource, sha256(token));
  }

  /** Removes ended sessions (with their tokens) that are of no further use, even for audit. */
  async purgeEnded(): Promise<number> {
    return sessions.deleteEndedSessions(this.dataSource);
  }

  private async addToken(em: EntityManager, sessionId: string): Promise<string> {
    const token = newToken();
    await em.insert(RefreshToken, { sessionId, tokenHash: sha256(token) });
    return token;
  }
}

export function toSummary(session: AuthSession): SessionSummary {
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_used_at: session.lastUsedAt?.toISOString() ?? null,
    expires_at: session.expiresAt.toISOString(),
    user_agent: session.userAgent,
    ip: session.ip,
  };
}
