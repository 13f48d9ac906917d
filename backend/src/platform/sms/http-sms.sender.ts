import { isE164PhoneNumber } from './phone-number';
import { SmsSender } from './sms-sender';

export interface HttpSmsSettings {
  url: string;
  token: string;
  from: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Posts `{to, from, text}` as JSON with a bearer token to the provider's URL (or a relay in
 * front of it). Any 2xx means sent; anything else throws. Error messages name the status or the
 * failure only, never the URL, the token or the text (which holds a code).
 */
export class HttpSmsSender extends SmsSender {
  private readonly timeoutMs: number;

  constructor(private readonly settings: HttpSmsSettings) {
    super();
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async send(to: string, text: string): Promise<void> {
    if (!isE164PhoneNumber(to)) throw new Error('SMS recipient is not an E.164 phone number');
    let response: Response;
    try {
      response = await fetch(this.settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.settings.token}`,
        },
        body: JSON.stringify({ to, from: this.settings.from, text }),
        // A redirect would resend the token elsewhere; treat it as a failure instead.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // Checked by name: the abort error is a DOMException, which may come from another realm.
      if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
        throw new Error(`SMS provider did not answer within ${this.timeoutMs} ms`);
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(`SMS provider could not be reached${cause ? ` (${cause})` : ''}`);
    }
    // Read the body either way, so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status > 299) {
      throw new Error(`SMS provider refused the message: HTTP ${response.status}`);
    }
  }
}
