import { Logger } from '@nestjs/common';
import { isE164PhoneNumber, maskPhoneNumber } from './phone-number';
import { SmsSender } from './sms-sender';

export interface LoggedSms {
  to: string;
  text: string;
  sentAt: Date;
}

const KEPT_MESSAGES = 50;

/**
 * Development driver: writes each text to the log (the number masked, the text whole, so a
 * developer can read the code) and keeps the last messages in memory for tests.
 * The config refuses this driver in production.
 */
export class LogSmsSender extends SmsSender {
  private readonly logger = new Logger('SMS');
  private readonly messages: LoggedSms[] = [];

  async send(to: string, text: string): Promise<void> {
    if (!isE164PhoneNumber(to)) throw new Error('SMS recipient is not an E.164 phone number');
    this.messages.push({ to, text, sentAt: new Date() });
    if (this.messages.length > KEPT_MESSAGES) this.messages.shift();
    this.logger.log(`SMS to ${maskPhoneNumber(to)}: ${text}`);
  }

  /** The most recent messages, oldest first. */
  sent(): readonly LoggedSms[] {
    return [...this.messages];
  }

  /** The most recent message to a number, if any. */
  lastTo(to: string): LoggedSms | undefined {
    return this.messages.findLast((message) => message.to === to);
  }
}
