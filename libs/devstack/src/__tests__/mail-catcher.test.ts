import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CaughtMail,
  type MailCatcher,
  type MailSummary,
  startMailCatcher,
} from '../mail-catcher.js';

const catchers: MailCatcher[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  await Promise.all(catchers.splice(0).map((catcher) => catcher.stop()));
  await Promise.all(tempDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function catcher(options: Parameters<typeof startMailCatcher>[0] = {}): Promise<MailCatcher> {
  const started = await startMailCatcher({ smtpPort: 0, httpPort: 0, ...options });
  catchers.push(started);
  return started;
}

/** Sends over real SMTP with nodemailer, the client the backend uses. */
async function send(smtpUrl: string, message: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

async function json<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

describe('mail catcher', () => {
  it('receives a real SMTP message and serves it over the JSON API', async () => {
    const mail = await catcher();
    expect(mail.smtpUrl).toBe(`smtp://127.0.0.1:${mail.smtpPort}`);
    expect(mail.inboxUrl).toBe(`http://127.0.0.1:${mail.httpPort}`);

    await send(mail.smtpUrl, {
      from: 'Plantfolk <no-reply@plantfolk.local>',
      to: 'Ada <ada@example.org>',
      cc: 'bob@example.org',
      bcc: 'hidden@example.org',
      subject: 'Verify your e-mail ✓',
      text: 'Your code is 123456.',
      html: '<p>Your code is <b>123456</b>.</p>',
    });

    const list = await json<MailSummary[]>(`${mail.inboxUrl}/api/messages`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const [summary] = list.body;
    expect(summary).toMatchObject({
      from: '"Plantfolk" <no-reply@plantfolk.local>',
      to: ['ada@example.org'],
      subject: 'Verify your e-mail ✓',
    });
    expect(Object.keys(summary!).sort()).toEqual(['date', 'from', 'id', 'subject', 'to']);
    expect(Number.isNaN(Date.parse(summary!.date))).toBe(false);

    // A base URL joined with a trailing slash still works.
    expect((await json<MailSummary[]>(`${mail.inboxUrl}//api/messages`)).body).toHaveLength(1);

    const full = await json<CaughtMail>(`${mail.inboxUrl}/api/messages/${summary!.id}`);
    expect(full.status).toBe(200);
    expect(full.body.text.trim()).toBe('Your code is 123456.');
    expect(full.body.html).toBe('<p>Your code is <b>123456</b>.</p>');
    expect(full.body.cc).toEqual(['bob@example.org']);
    expect(full.body.envelope.to.sort()).toEqual([
      'ada@example.org',
      'bob@example.org',
      'hidden@example.org',
    ]);
    expect(full.body.raw).toContain('Subject: =?UTF-8?');
    expect(full.body.raw).toContain('123456');
  });

  it('lists newest first, filters by recipient, and deletes', async () => {
    const mail = await catcher();
    await send(mail.smtpUrl, {
      from: 'a@x.test',
      to: 'first@example.org',
      subject: 'one',
      text: '1',
    });
    await send(mail.smtpUrl, {
      from: 'a@x.test',
      to: 'second@example.org',
      subject: 'two',
      text: '2',
    });

    const list = await json<MailSummary[]>(`${mail.inboxUrl}/api/messages`);
    expect(list.body.map((m) => m.subject)).toEqual(['two', 'one']);

    const filtered = await json<MailSummary[]>(
      `${mail.inboxUrl}/api/messages?to=FIRST@example.org`,
    );
    expect(filtered.body.map((m) => m.subject)).toEqual(['one']);

    const missing = await json<unknown>(`${mail.inboxUrl}/api/messages/nope`);
    expect(missing.status).toBe(404);

    const cleared = await fetch(`${mail.inboxUrl}/api/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect((await json<MailSummary[]>(`${mail.inboxUrl}/api/messages`)).body).toEqual([]);
  });

  it('keeps messages on disk so a restart still has them', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-mail-'));
    tempDirs.push(dataDir);
    const first = await catcher({ dataDir });
    await send(first.smtpUrl, {
      from: 'a@x.test',
      to: 'keep@example.org',
      subject: 'kept',
      text: 'still here',
    });
    await first.stop();

    const second = await catcher({ dataDir });
    const list = await json<MailSummary[]>(`${second.inboxUrl}/api/messages`);
    expect(list.body.map((m) => m.subject)).toEqual(['kept']);
    const full = await json<CaughtMail>(`${second.inboxUrl}/api/messages/${list.body[0]!.id}`);
    expect(full.body.text.trim()).toBe('still here');

    await fetch(`${second.inboxUrl}/api/messages`, { method: 'DELETE' });
    expect((await fs.readdir(dataDir)).filter((name) => name.endsWith('.json'))).toEqual([]);
  });

  it('shows the inbox as HTML, escaping what senders control and sandboxing mail HTML', async () => {
    const mail = await catcher();
    await send(mail.smtpUrl, {
      from: 'a@x.test',
      to: 'ada@example.org',
      subject: '<script>alert(1)</script>',
      text: 'plain body',
      html: '<p onclick="x()">html body</p><script>alert(2)</script>',
    });
    const inbox = await fetch(mail.inboxUrl);
    expect(inbox.headers.get('content-type')).toContain('text/html');
    const page = await inbox.text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const [summary] = (await json<MailSummary[]>(`${mail.inboxUrl}/api/messages`)).body;
    const view = await fetch(`${mail.inboxUrl}/messages/${summary!.id}`);
    expect(view.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await view.text();
    expect(html).toMatch(
      /<iframe sandbox [^>]*srcdoc="&lt;p onclick=&quot;x\(\)&quot;&gt;html body/,
    );
    expect(html).not.toContain('<script>alert(2)</script>');
    expect(html).toContain('plain body');
  });

  describe('SMS endpoint', () => {
    const text = { to: '+61412345678', from: 'Plantfolk', text: 'Your Plantfolk code is 482913' };
    const post = (url: string, token: string | null, body: unknown = text) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });

    it('takes a text the way an HTTP SMS provider does and shows it in the inbox', async () => {
      const mail = await catcher({ smsToken: 'sms-token-for-tests' });
      expect(mail.smsUrl).toBe(`http://127.0.0.1:${mail.httpPort}/api/sms`);
      expect(mail.smsToken).toBe('sms-token-for-tests');

      const sent = await post(mail.smsUrl, 'sms-token-for-tests');
      expect(sent.status).toBe(201);
      expect(await sent.json()).toEqual({ id: expect.any(String) });

      const list = await json<Array<Record<string, string>>>(`${mail.smsUrl}?to=%2B61412345678`);
      expect(list.body).toEqual([
        { id: expect.any(String), receivedAt: expect.any(String), ...text },
      ]);
      expect(mail.texts()).toHaveLength(1);
      const page = await (await fetch(mail.inboxUrl)).text();
      expect(page).toContain('Text messages');
      expect(page).toContain('Your Plantfolk code is 482913');

      await fetch(mail.smsUrl, { method: 'DELETE' });
      expect(mail.texts()).toEqual([]);
    });

    it('refuses a text without the bearer token, or with another one', async () => {
      const mail = await catcher();
      expect(mail.smsToken.length).toBeGreaterThanOrEqual(32);
      expect((await post(mail.smsUrl, null)).status).toBe(401);
      expect((await post(mail.smsUrl, 'not-the-token')).status).toBe(401);
      expect(mail.texts()).toEqual([]);
    });

    it('refuses a body that is not {to, from, text}', async () => {
      const mail = await catcher();
      expect((await post(mail.smsUrl, mail.smsToken, { to: '+61412345678' })).status).toBe(400);
      expect((await post(mail.smsUrl, mail.smsToken, { ...text, text: 42 })).status).toBe(400);
      expect(mail.texts()).toEqual([]);
    });

    it('escapes texts on the inbox page', async () => {
      const mail = await catcher();
      await post(mail.smsUrl, mail.smsToken, { ...text, text: '<script>alert(1)</script>' });
      const page = await (await fetch(mail.inboxUrl)).text();
      expect(page).not.toContain('<script>alert(1)</script>');
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });
  });
});
