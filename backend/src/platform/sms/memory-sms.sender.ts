import { isE164PhoneNumber } from './phone-number';
import { SmsSender } from './sms-sender';

export interface SentSms {
  to: string;
  text: string;
  sentAt: Date;
}

const KEPT_MESSAGES = 50;

/**
 * Test driver: keeps the last messages in this process, sends nothing and logs nothing (a text
 * holds a code, and codes never go into logs). The config refuses this driver in production; in
 * development `npm start` uses the http driver against its local SMS catcher instead.
 */
export class MemorySmsSender extends SmsSender {
  private readonly messages: SentSms[] = [];

  async send(to: string, text: string): Promise<void> {
    if (!isE164PhoneNumber(to)) throw new Error('SMS recipient is not an E.164 phone number');
    this.messages.push({ to, text, sentAt: new Date() });
    if (this.messages.length > KEPT_MESSAGES) this.messages.shift();
  }

  /** The most recent messages, oldest first. */
  sent(): readonly SentSms[] {
    return [...this.messages];
  }

  /** The most recent message to a number, if any. */
  lastTo(to: string): SentSms | undefined {
    return this.messages.findLast((message) => message.to === to);
  }
}
