import { Logger } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../../config/app-config';
import { HttpSmsSender } from '../http-sms.sender';
import { MemorySmsSender } from '../memory-sms.sender';
import { createSmsSender } from '../sms.module';

interface ReceivedRequest {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server standing in for the SMS provider (the real one lies outside this machine). */
async function startProvider(
  answer: (request: ReceivedRequest) => { status: number; delayMs?: number },
): Promise<{ url: string; received: ReceivedRequest[]; stop: () => Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method, url: req.url, headers: req.headers, body };
      received.push(request);
      const { status, delayMs = 0 } = answer(request);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'msg-1' }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages?account=plantfolk`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('MemorySmsSender', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the message for tests and writes nothing to any log', async () => {
    const logged = [
      jest.spyOn(Logger.prototype, 'log'),
      jest.spyOn(Logger.prototype, 'warn'),
      jest.spyOn(Logger.prototype, 'debug'),
      jest.spyOn(Logger.prototype, 'verbose'),
      jest.spyOn(console, 'log'),
      jest.spyOn(process.stdout, 'write'),
    ];
    const sender = new MemorySmsSender();
    await sender.send('+61412345678', 'Your Plantfolk code is 482913');

    for (const spy of logged) {
      expect(spy.mock.calls.flat().map(String).join(' ')).not.toContain('482913');
    }
    expect(sender.sent()).toEqual([
      { to: '+61412345678', text: 'Your Plantfolk code is 482913', sentAt: expect.any(Date) },
    ]);
    expect(sender.lastTo('+61412345678')?.text).toBe('Your Plantfolk code is 482913');
  });

  it('keeps only the most recent 50 messages', async () => {
    const sender = new MemorySmsSender();
    for (let index = 0; index < 60; index += 1) await sender.send('+61412345678', `code ${index}`);
    const sent = sender.sent();
    expect(sent).toHaveLength(50);
    expect(sent[0].text).toBe('code 10');
    expect(sent[49].text).toBe('code 59');
  });

  it('refuses a number that is not E.164', async () => {
    const sender = new MemorySmsSender();
    await expect(sender.send('0412 345 678', 'hi')).rejects.toThrow(/E\.164/);
    expect(sender.sent()).toEqual([]);
  });
});

describe('HttpSmsSender', () => {
  const token = 'sk_live_provider-secret-token';

  it('posts the message as JSON with the bearer token', async () => {
    const provider = await startProvider(() => ({ status: 202 }));
    try {
      const sender = new HttpSmsSender({ url: provider.url, token, from: 'Plantfolk' });
      await sender.send('+61412345678', 'Your Plantfolk code is 482913');

      expect(provider.received).toHaveLength(1);
      const [request] = provider.received;
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/v1/messages?account=plantfolk');
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toEqual({
        to: '+61412345678',
        from: 'Plantfolk',
        text: 'Your Plantfolk code is 482913',
      });
    } finally {
      await provider.stop();
    }
  });

  it.each([400, 401, 429, 500, 503, 302])(
    'throws with the status when the provider answers %i, without secrets',
    async (status) => {
      const provider = await startProvider(() => ({ status }));
      try {
        const sender = new HttpSmsSender({ url: provider.url, token, from: 'Plantfolk' });
        const failure = await sender.send('+61412345678', 'code 482913').catch((error) => error);
        expect(failure).toBeInstanceOf(Error);
        expect(failure.message).toContain(`HTTP ${status}`);
        expect(failure.message).not.toMatch(/provider-secret|482913|127\.0\.0\.1|account=/);
      } finally {
        await provider.stop();
      }
    },
  );

  it('throws when the provider does not answer in time', async () => {
    const provider = await startProvider(() => ({ status: 200, delayMs: 2_000 }));
    try {
      const sender = new HttpSmsSender({
        url: provider.url,
        token,
        from: 'Plantfolk',
        timeoutMs: 200,
      });
      const started = Date.now();
      await expect(sender.send('+61412345678', 'code 482913')).rejects.toThrow(
        'SMS provider did not answer within 200 ms',
      );
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await provider.stop();
    }
  });

  it('throws when the provider cannot be reached', async () => {
    const provider = await startProvider(() => ({ status: 200 }));
    await provider.stop();
    const sender = new HttpSmsSender({ url: provider.url, token, from: 'Plantfolk' });
    const failure = await sender.send('+61412345678', 'code 482913').catch((error) => error);
    expect(failure.message).toMatch(/^SMS provider could not be reached/);
    expect(failure.message).not.toMatch(/provider-secret|127\.0\.0\.1/);
  });

  it('refuses a number that is not E.164 without calling the provider', async () => {
    const provider = await startProvider(() => ({ status: 200 }));
    try {
      const sender = new HttpSmsSender({ url: provider.url, token, from: 'Plantfolk' });
      await expect(sender.send('+0412345678', 'hi')).rejects.toThrow(/E\.164/);
      expect(provider.received).toHaveLength(0);
    } finally {
      await provider.stop();
    }
  });
});

describe('createSmsSender', () => {
  const base = {
    DATABASE_URL: 'postgres://u:p@db:5432/plantfolk',
    REDIS_URL: 'redis://cache:6379',
    SMTP_URL: 'smtp://mail:1025',
    JWT_SECRET: 'x'.repeat(32),
  };

  it('picks the driver SMS_DRIVER names', () => {
    expect(createSmsSender(AppConfig.fromEnv(base))).toBeInstanceOf(MemorySmsSender);
    const http = AppConfig.fromEnv({
      ...base,
      SMS_DRIVER: 'http',
      SMS_HTTP_URL: 'https://sms.example/v1/messages',
      SMS_HTTP_TOKEN: 'token',
      SMS_FROM: 'Plantfolk',
    });
    expect(createSmsSender(http)).toBeInstanceOf(HttpSmsSender);
  });
});
