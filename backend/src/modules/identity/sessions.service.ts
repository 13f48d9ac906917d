import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull, Repository } from 'typeorm';
import { AuthSession } from './entities/auth-session.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { REFRESH_REUSE_GRACE_SECONDS, SESSION_LIFETIME_DAYS } from './identity.constants';
import { IdentityErrors } from './identity.errors';
import { newToken, sha256 } from './secrets';

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
    @InjectRepository(AuthSession) private readonly sessions: Repository<AuthSession>,
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
      const [spent] = (await em.query(
        `UPDATE refresh_token SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING session_id`,
        [hash],
      )) as [Array<{ session_id: string }>, number];
      const sessionId = spent[0]?.session_id;
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
    await this.dataSource.query(
      `UPDATE auth_session SET revoked_at = now(), revoked_reason = 'refresh token reused'
        WHERE revoked_at IS NULL AND id = (
          SELECT session_id FROM refresh_token
           WHERE token_hash = $1 AND used_at < now() - make_interval(secs => $2))`,
      [hash, REFRESH_REUSE_GRACE_SECONDS],
    );
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
    return (result.affected ?? 0) > 0;
  }

  async revokeAllForUser(
    userId: string,
    reason: string,
    options: { except?: string; manager?: EntityManager } = {},
  ): Promise<void> {
    await (options.manager ?? this.dataSource.manager).query(
      `UPDATE auth_session SET revoked_at = now(), revoked_reason = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [userId, reason, options.except ?? null],
    );
  }

  /** The active sessions of a user, newest first. */
  async listActive(userId: string): Promise<SessionSummary[]> {
    const rows = await this.sessions
      .createQueryBuilder('s')
      .where('s.user_id = :userId AND s.revoked_at IS NULL AND s.expires_at > now()', { userId })
      .orderBy('s.last_used_at', 'DESC', 'NULLS LAST')
      .getMany();
    return rows.map(toSummary);
  }

  /** The session a refresh token (spent or not) belongs to. */
  async sessionOfToken(token: string): Promise<string | undefined> {
    const rows: Array<{ session_id: string }> = await this.dataSource.query(
      'SELECT session_id FROM refresh_token WHERE token_hash = $1',
      [sha256(token)],
    );
    return rows[0]?.session_id;
  }

  /** Removes ended sessions (with their tokens) that are of no further use, even for audit. */
  async purgeEnded(): Promise<number> {
    const result = await this.dataSource.query(
      `DELETE FROM auth_session WHERE expires_at < now() OR revoked_at < now() - interval '30 days'`,
    );
    return (result as [unknown, number])[1] ?? 0;
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
