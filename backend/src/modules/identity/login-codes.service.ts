import { Injectable } from '@nestjs/common';
import { RedisService } from '../../platform/redis/redis.service';
import { LOGIN_CODE_TTL_SECONDS } from './identity.constants';
import { IdentityErrors } from './identity.errors';
import { newToken, pkceChallengeOf, sameSecret, sha256 } from './secrets';

interface PendingLogin {
  userId: string;
  challenge: string;
}

/**
 * The PKCE (S256) step between checking a password and issuing a session: a one-time code bound
 * to the client's challenge. Redis GETDEL makes each code usable once, even under races.
 */
@Injectable()
export class LoginCodes {
  constructor(private readonly redis: RedisService) {}

  async issue(userId: string, challenge: string): Promise<{ code: string; expiresIn: number }> {
    const code = newToken();
    const pending: PendingLogin = { userId, challenge };
    await this.redis.client.set(
      this.key(code),
      JSON.stringify(pending),
      'EX',
      LOGIN_CODE_TTL_SECONDS,
    );
    return { code, expiresIn: LOGIN_CODE_TTL_SECONDS };
  }

  /** The user the code was issued to, if the verifier matches; the code is spent either way. */
  async exchange(code: string, verifier: string): Promise<string> {
    const stored = await this.redis.client.getdel(this.key(code));
    if (!stored) throw IdentityErrors.INVALID_GRANT();
    const pending = JSON.parse(stored) as PendingLogin;
    if (!sameSecret(pkceChallengeOf(verifier), pending.challenge))
      throw IdentityErrors.INVALID_GRANT();
    return pending.userId;
  }

  private key(code: string): string {
    return this.redis.key('login-code', sha256(code));
  }
}
