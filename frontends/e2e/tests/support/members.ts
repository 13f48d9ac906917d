import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { E2E_ADMIN_EMAIL, E2E_MAIL_PORT } from '../../ports.mjs';

const MAIL_API = `http://127.0.0.1:${E2E_MAIL_PORT}/api/messages`;
export const PASSWORD = 'a-long-test-password';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
}

/** The newest e-mail to an address with a matching subject, from the stack's mail catcher. */
export async function newestMailTo(address: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (
          await fetch(`${MAIL_API}?to=${encodeURIComponent(address)}`)
        ).json()) as CaughtMail[];
        const match = list.find((mail) => subject.test(mail.subject));
        if (match) found = (await (await fetch(`${MAIL_API}/${match.id}`)).json()) as CaughtMail;
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as CaughtMail;
}

export function linkIn(mail: CaughtMail, path: string): string {
  const match = new RegExp(
    `https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+`,
  ).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in the e-mail:\n${mail.text}`);
  return match[0];
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface Grant {
  access_token: string;
  user: { csrf_token: string; uuid: string };
}

/** A PKCE pair and the challenge fields a login or a verification link sends. */
function challengeFields() {
  const { verifier, challenge } = pkce();
  return { verifier, fields: { code_challenge: challenge, code_challenge_method: 'S256' } };
}

/**
 * Trades a one-time login code for a session with the browser's own request context, so the
 * refresh-token cookie lands in the browser: the next page load starts logged in, exactly as
 * after a UI login.
 */
async function exchange(
  request: APIRequestContext,
  code: string,
  verifier: string,
): Promise<Grant> {
  const exchanged = await request.post('/api/iam/authn/refresh', {
    data: { grant_type: 'authorization_code', code, code_verifier: verifier },
  });
  expect(exchanged.ok(), await exchanged.text()).toBe(true);
  return (await exchanged.json()).data as Grant;
}

export async function logInThroughApi(request: APIRequestContext, email: string): Promise<Grant> {
  const { verifier, fields } = challengeFields();
  const started = await request.post('/api/iam/authn/login', {
    data: { email, password: PASSWORD, ...fields },
  });
  expect(started.ok(), await started.text()).toBe(true);
  return exchange(request, (await started.json()).data.code, verifier);
}

/**
 * A registered member, made through the real sign-up, e-mail link (which logs in) and
 * registration; logged in in `page`. `beforeRegistering` runs while the account is verified but
 * not registered yet (a journey that looks at the registration page).
 */
export async function registeredMember(
  page: Page,
  email = `member-${randomUUID().slice(0, 8)}@plantfolk.test`,
  { beforeRegistering }: { beforeRegistering?: () => Promise<void> } = {},
) {
  const signedUp = await page.request.post('/api/iam/authn/signup', {
    data: { email, password: PASSWORD },
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const token = new URL(
    linkIn(await newestMailTo(email, /Confirm your e-mail/), '/auth/verifyemail'),
  ).searchParams.get('token');
  const { verifier, fields } = challengeFields();
  const verified = await page.request.post('/api/iam/authn/verifyemailtoken', {
    data: { token, ...fields },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  let grant = await exchange(page.request, (await verified.json()).data.code, verifier);
  if (beforeRegistering) {
    await beforeRegistering();
    // A page load renews the session (the refresh token turns over): a new login to register.
    grant = await logInThroughApi(page.request, email);
  }
  const username = `m_${randomUUID().slice(0, 8)}`;
  const registered = await page.request.post('/api/iam/authn/register', {
    headers: {
      authorization: `Bearer ${grant.access_token}`,
      'x-csrf-token': grant.user.csrf_token,
    },
    data: {
      username,
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.8,
      longitude: 144.98,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return { email, username, uuid: grant.user.uuid };
}

/**
 * Logs `page` in as the stack's admin (ADMIN_EMAILS), creating the account on first use. Whether
 * it exists is asked of the stack, not remembered here: a new worker process (Playwright starts
 * one after a failed test) meets the account an earlier one made.
 */
export async function logInAsAdmin(page: Page): Promise<void> {
  const { fields } = challengeFields();
  const existing = await page.request.post('/api/iam/authn/login', {
    data: { email: E2E_ADMIN_EMAIL, password: PASSWORD, ...fields },
  });
  if (!existing.ok()) await registeredMember(page, E2E_ADMIN_EMAIL);
  // Logging in after verification applies the admin role from ADMIN_EMAILS.
  await logInThroughApi(page.request, E2E_ADMIN_EMAIL);
}
