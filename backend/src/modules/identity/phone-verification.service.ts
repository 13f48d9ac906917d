import { Injectable, Logger } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { isE164PhoneNumber, maskPhoneNumber } from '../../platform/sms/phone-number';
import { SmsSender } from '../../platform/sms/sms-sender';
import { PhoneVerification } from './entities/phone-verification.entity';
import { UserAccount } from './entities/user-account.entity';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MINUTES } from './identity.constants';
import { IdentityErrors } from './identity.errors';
import { spendCodeAttempt } from './phone-verification.queries';
import { sameSecret, sha256 } from './secrets';

export interface PhoneCheckStarted {
  unverifiable: boolean;
  recordId: string;
}

function hashCode(recordId: string, code: string): string {
  return sha256(`${recordId}:${code}`);
}

/** Proves a phone number with a 6-digit code by SMS: hashed, few attempts, short-lived. */
@Injectable()
export class PhoneVerificationService {
  private readonly logger = new Logger('PhoneVerification');

  constructor(
    private readonly dataSource: DataSource,
    private readonly sms: SmsSender,
  ) {}

  /** Sends a code. An invalid number or a failed send answers `unverifiable` (spec), storing nothing. */
  async start(userId: string, phoneNo: string): Promise<PhoneCheckStarted> {
    if (!isE164PhoneNumber(phoneNo)) return { unverifiable: true, recordId: '' };
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const record = await this.dataSource.transaction(async (manager) => {
      const row = await manager.save(
        manager.create(PhoneVerification, {
          userId,
          phoneNo,
          codeHash: 'pending',
          expiresAt: new Date(Date.now() + PHONE_CODE_TTL_MINUTES * 60_000),
        }),
      );
      await manager.update(PhoneVerification, { id: row.id }, { codeHash: hashCode(row.id, code) });
      return row;
    });
    try {
      await this.sms.send(
        phoneNo,
        `Your Plantfolk code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
      );
    } catch (error) {
      this.logger.warn(
        `Could not send a code to ${maskPhoneNumber(phoneNo)}: ${(error as Error).message}`,
      );
      await this.dataSource.manager.delete(PhoneVerification, { id: record.id });
      return { unverifiable: true, recordId: '' };
    }
    return { unverifiable: false, recordId: record.id };
  }

  /** Checks a code; each check spends an attempt, so guessing stops after a few. */
  async confirm(userId: string, phoneNo: string, recordId: string, code: string): Promise<void> {
    const attempt = await spendCodeAttempt(
      this.dataSource,
      recordId,
      userId,
      PHONE_CODE_MAX_ATTEMPTS,
    );
    if (!attempt || attempt.expired) throw IdentityErrors.CODE_EXPIRED();
    if (attempt.phone_no !== phoneNo) throw IdentityErrors.PHONE_MISMATCH();
    if (!sameSecret(hashCode(recordId, code), attempt.code_hash)) {
      const attemptsLeft = PHONE_CODE_MAX_ATTEMPTS - attempt.attempts;
      if (attemptsLeft <= 0) throw IdentityErrors.CODE_EXPIRED();
      throw IdentityErrors.WRONG_CODE({ attemptsLeft });
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.update(PhoneVerification, { id: recordId }, { verifiedAt: new Date() });
      await manager.update(UserAccount, { id: userId }, { phoneNo, phoneVerifiedAt: new Date() });
    });
  }
}
