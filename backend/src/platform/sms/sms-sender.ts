/**
 * Sends a text message. The identity module depends on this seam only; which provider is behind
 * it is decided by SMS_DRIVER (see sms.module.ts). A failed send throws.
 */
export abstract class SmsSender {
  /** `to` is an E.164 number (see isE164PhoneNumber). */
  abstract send(to: string, text: string): Promise<void>;
}
