import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { renderInbox, renderMessage } from './mail-inbox-page.js';

/** Where the SMS endpoint is, under the inbox's HTTP server. */
export const SMS_PATH = '/api/sms';

export interface StartMailCatcherOptions {
  /** SMTP port (default 1025; 0 = any free port). */
  smtpPort?: number;
  /** Web inbox port (default 1080; 0 = any free port). */
  httpPort?: number;
  /** When set, every message is also kept here as JSON, so a restart keeps them. */
  dataDir?: string;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Messages kept; the oldest beyond this are dropped (default 1000). */
  maxMessages?: number;
  /** The bearer token the SMS endpoint wants (default: a random one, see `smsToken`). */
  smsToken?: string;
}

/** A text message received on the SMS endpoint. */
export interface CaughtText {
  id: string;
  to: string;
  from: string;
  text: string;
  receivedAt: string;
}

export interface MailSummary {
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** The Date header (ISO 8601), else the time it arrived. */
  date: string;
}

export interface CaughtMail extends MailSummary {
  cc: string[];
  /** SMTP envelope: who the sending server said it was from / to (includes Bcc recipients). */
  envelope: { from: string; to: string[] };
  receivedAt: string;
  text: string;
  html: string | null;
  /** The message as received (RFC 5322). */
  raw: string;
}

export interface MailCatcher {
  /** `smtp://host:port`, ready for the backend's SMTP_URL. */
  smtpUrl: string;
  /** The web inbox, e.g. `http://127.0.0.1:1080` (no trailing slash; the JSON API is under /api). */
  inboxUrl: string;
  smtpPort: number;
  httpPort: number;
  /**
   * The SMS endpoint, speaking the HTTP provider protocol of the backend's SMS_DRIVER=http
   * (POST JSON `{to, from, text}` with `Authorization: Bearer <smsToken>`).
   */
  smsUrl: string;
  smsToken: string;
  /** Messages, newest first. */
  messages(): CaughtMail[];
  /** Text messages, newest first. */
  texts(): CaughtText[];
  stop(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/**
 * A real SMTP server (no auth, any sender and recipient) that keeps what it receives, and an SMS
 * endpoint that takes texts the way an HTTP SMS provider does, with a web inbox showing both and
 * a JSON API for tests:
 *   GET /api/messages            list (id, from, to, subject, date), newest first; `?to=` filters
 *   GET /api/messages/:id        one message with text, html and raw
 *   DELETE /api/messages         delete all;  DELETE /api/messages/:id  delete one
 *   POST /api/sms                a text: JSON {to, from, text}, `Authorization: Bearer <smsToken>`
 *   GET /api/sms                 texts, newest first; `?to=` filters;  DELETE /api/sms  delete all
 * Texts are kept in memory only: the codes in them expire within minutes anyway.
 */
export async function startMailCatcher(
  options: StartMailCatcherOptions = {},
): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const maxMessages = options.maxMessages ?? 1000;
  const store = new MailStore(options.dataDir, maxMessages);
  await store.load();
  const smsToken = options.smsToken ?? crypto.randomBytes(24).toString('base64url');
  let texts: CaughtText[] = [];

  const smtp = new SMTPServer({
    logger: false,
    // Plain SMTP on localhost: advertising STARTTLS would make clients try TLS with a self-signed
    // certificate. AUTH stays optional and accepts anything, so a client configured with a user works.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          const error = new Error('Message exceeds the 25 MB limit') as Error & {
            responseCode: number;
          };
          error.responseCode = 552;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        parseMail(raw, envelope)
          .then((mail) => store.add(mail))
          .then(() => callback(), callback);
      });
    },
  });
  smtp.on('error', () => undefined);

  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.smtpPort ?? 1025, host, () => {
      smtp.server.off('error', reject);
      const address = smtp.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  const http = Fastify({ logger: false, routerOptions: { ignoreDuplicateSlashes: true } });
  http.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  http.get<{ Querystring: { to?: string } }>('/api/messages', async (request) => {
    const to = request.query.to?.toLowerCase();
    return store
      .list()
      .filter(
        (mail) =>
          !to ||
          [...mail.to, ...mail.cc, ...mail.envelope.to].some((a) => a.toLowerCase().includes(to)),
      )
      .map(summarise);
  });
  http.get<{ Params: { id: string } }>('/api/messages/:id', async (request, reply) => {
    const mail = store.get(request.params.id);
    if (!mail) return reply.code(404).send({ error: 'No message with this id' });
    return mail;
  });
  http.delete('/api/messages', async (_request, reply) => {
    await store.clear();
    return reply.code(204).send();
  });
  http.delete<{ Params: { id: string } }>('/api/messages/:id', async (request, reply) => {
    const removed = await store.remove(request.params.id);
    return reply.code(removed ? 204 : 404).send();
  });

  const htmlPage = (reply: {
    header: (name: string, value: string) => unknown;
    type: (t: string) => unknown;
  }) => {
    reply.type('text/html; charset=utf-8');
    // Mail HTML is shown in a sandboxed srcdoc iframe, which inherits this policy: no scripts at all.
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; frame-src 'self'; form-action 'self'",
    );
  };
  http.post<{ Body: unknown }>(SMS_PATH, async (request, reply) => {
    if (!hasBearer(request.headers.authorization, smsToken)) {
      return reply.code(401).send({ error: 'A bearer token is required' });
    }
    const body = request.body as Partial<Record<'to' | 'from' | 'text', unknown>> | null;
    const fields = [body?.to, body?.from, body?.text];
    if (!fields.every((field) => typeof field === 'string' && field.length <= 2000)) {
      return reply.code(400).send({ error: 'Send JSON {to, from, text}, all strings' });
    }
    const [to, from, text] = fields as string[];
    const receivedAt = new Date();
    const id = `${receivedAt.getTime().toString(36)}-${crypto.randomBytes(4).toString('hex')}`;
    texts = [{ id, to, from, text, receivedAt: receivedAt.toISOString() }, ...texts].slice(
      0,
      maxMessages,
    );
    return reply.code(201).send({ id });
  });
  http.get<{ Querystring: { to?: string } }>(SMS_PATH, async (request) => {
    const to = request.query.to;
    return texts.filter((sms) => !to || sms.to === to);
  });
  http.delete(SMS_PATH, async (_request, reply) => {
    texts = [];
    return reply.code(204).send();
  });

  http.get('/', async (_request, reply) => {
    htmlPage(reply);
    return renderInbox(store.list().map(summarise), smtpPort, texts);
  });
  http.get<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const mail = store.get(request.params.id);
    htmlPage(reply);
    if (!mail) return reply.code(404).send(renderMessage(undefined));
    return renderMessage(mail);
  });
  http.get<{ Params: { id: string } }>('/messages/:id/raw', async (request, reply) => {
    const mail = store.get(request.params.id);
    if (!mail) return reply.code(404).type('text/plain').send('No message with this id');
    return reply.type('text/plain; charset=utf-8').send(mail.raw);
  });
  http.post('/messages/delete-all', async (_request, reply) => {
    await store.clear();
    texts = [];
    return reply.redirect('/', 303);
  });

  let httpPort: number;
  try {
    await http.listen({ port: options.httpPort ?? 1080, host });
    const address = http.server.address();
    httpPort = typeof address === 'object' && address ? address.port : 0;
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  const urlHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let stopped = false;
  return {
    smtpUrl: `smtp://${urlHost}:${smtpPort}`,
    inboxUrl: `http://${urlHost}:${httpPort}`,
    smtpPort,
    httpPort,
    smsUrl: `http://${urlHost}:${httpPort}${SMS_PATH}`,
    smsToken,
    messages: () => store.list(),
    texts: () => [...texts],
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all([
        http.close(),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

function hasBearer(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return presented.length === expected.length && crypto.timingSafeEqual(presented, expected);
}

function summarise(mail: CaughtMail): MailSummary {
  return { id: mail.id, from: mail.from, to: mail.to, subject: mail.subject, date: mail.date };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => [
      ...(entry.address ? [entry.address] : []),
      ...(entry.group ?? []).map((member) => member.address ?? '').filter(Boolean),
    ]),
  );
}

async function parseMail(raw: Buffer, envelope: CaughtMail['envelope']): Promise<CaughtMail> {
  const parsed = await simpleParser(raw);
  const receivedAt = new Date();
  const to = addresses(parsed.to);
  return {
    // Sortable by arrival: time first, then randomness for messages in the same millisecond.
    id: `${receivedAt.getTime().toString(36).padStart(9, '0')}-${crypto.randomBytes(4).toString('hex')}`,
    from: parsed.from?.text ?? envelope.from,
    to: to.length > 0 ? to : envelope.to,
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? '',
    date: (parsed.date ?? receivedAt).toISOString(),
    envelope,
    receivedAt: receivedAt.toISOString(),
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    raw: raw.toString('utf8'),
  };
}

/** Messages in memory, newest first, mirrored to `<dataDir>/<id>.json` when a dir is given. */
class MailStore {
  private mails: CaughtMail[] = [];

  constructor(
    private readonly dataDir: string | undefined,
    private readonly maxMessages: number,
  ) {}

  async load(): Promise<void> {
    if (!this.dataDir) return;
    await fsp.mkdir(this.dataDir, { recursive: true });
    const files = (await fsp.readdir(this.dataDir)).filter((name) => name.endsWith('.json'));
    const loaded = await Promise.all(
      files.map(async (name) => {
        try {
          return JSON.parse(
            await fsp.readFile(path.join(this.dataDir!, name), 'utf8'),
          ) as CaughtMail;
        } catch {
          return undefined; // a damaged file is skipped, not fatal
        }
      }),
    );
    this.mails = loaded
      .filter((mail): mail is CaughtMail => mail !== undefined && typeof mail.id === 'string')
      .sort((a, b) => (a.id < b.id ? 1 : -1));
    await this.trim();
  }

  list(): CaughtMail[] {
    return [...this.mails];
  }

  get(id: string): CaughtMail | undefined {
    return this.mails.find((mail) => mail.id === id);
  }

  async add(mail: CaughtMail): Promise<void> {
    if (this.dataDir) {
      await fsp.writeFile(this.file(mail.id), JSON.stringify(mail));
    }
    this.mails.unshift(mail);
    await this.trim();
  }

  async remove(id: string): Promise<boolean> {
    const index = this.mails.findIndex((mail) => mail.id === id);
    if (index < 0) return false;
    this.mails.splice(index, 1);
    if (this.dataDir) await fsp.rm(this.file(id), { force: true });
    return true;
  }

  async clear(): Promise<void> {
    const ids = this.mails.map((mail) => mail.id);
    this.mails = [];
    if (this.dataDir) await Promise.all(ids.map((id) => fsp.rm(this.file(id), { force: true })));
  }

  private async trim(): Promise<void> {
    const dropped = this.mails.splice(this.maxMessages);
    if (this.dataDir)
      await Promise.all(dropped.map((mail) => fsp.rm(this.file(mail.id), { force: true })));
  }

  private file(id: string): string {
    // Ids come from us (base36 + hex), but a route parameter reaches here too: never a path.
    return path.join(this.dataDir!, `${path.basename(id)}.json`);
  }
}
