import { randomUUID } from 'node:crypto';

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

function mailApi(): string {
  const url = process.env.TEST_MAIL_API;
  if (!url) throw new Error('TEST_MAIL_API is not set; run the tests through jest (global setup)');
  return url.replace(/\/$/, '');
}

export function testSmtpUrl(): string {
  const url = process.env.TEST_SMTP_URL;
  if (!url) throw new Error('TEST_SMTP_URL is not set; run the tests through jest (global setup)');
  return url;
}

/** An address no other test uses, so a test reads only its own mail. */
export function uniqueAddress(label = 'member'): string {
  return `${label}-${randomUUID().slice(0, 8)}@plantfolk.test`;
}

/** The messages the test mail catcher received for one address, newest first, in full. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const list = (await (
    await fetch(`${mailApi()}/api/messages?to=${encodeURIComponent(address)}`)
  ).json()) as Array<{
    id: string;
  }>;
  return Promise.all(
    list.map(
      async ({ id }) =>
        (await (await fetch(`${mailApi()}/api/messages/${id}`)).json()) as CaughtMail,
    ),
  );
}
