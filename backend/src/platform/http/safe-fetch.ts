import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching a URL a member wrote, from inside our network, without letting it reach inside our
 * network (SSRF): only http and https on their default ports (others only when configured); the
 * host resolved once, every address it resolves to checked, and the connection pinned to the
 * checked address (a second DNS answer cannot rebind it); loopback, private, link-local, shared,
 * multicast, reserved and unspecified addresses refused, IPv4 and IPv6 alike (an IPv4-mapped IPv6
 * address is judged as the IPv4 it maps); at most `maxRedirects` redirects, each one checked the
 * same way; the body read up to `maxBytes` (the rest is never read); one deadline for the whole
 * fetch, redirects included; only the content types the caller accepts.
 */
export interface SafeFetchPolicy {
  /** Tests only: lets loopback (127.0.0.0/8, ::1) through. Every other refusal still holds. */
  allowLoopback: boolean;
  /** Ports allowed besides 80 (http) and 443 (https). */
  extraPorts: readonly number[];
  maxRedirects: number;
  maxBytes: number;
  timeoutMs: number;
  userAgent: string;
  /** The Accept header sent. */
  accept: string;
  /** Whether a response's media type (lower-case, no parameters) is wanted. */
  acceptsType: (mediaType: string) => boolean;
}

export type SafeFetchFailure =
  | 'bad-url'
  | 'scheme'
  | 'port'
  | 'credentials'
  | 'dns'
  | 'address'
  | 'too-many-redirects'
  | 'status'
  | 'content-type'
  | 'timeout'
  | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchResult {
  /** Where the body came from, after redirects. */
  url: string;
  mediaType: string;
  /** The Content-Type's charset parameter, lower-case, if any. */
  charset: string | null;
  body: Buffer;
  /** The body was longer than maxBytes: `body` is its first maxBytes. */
  truncated: boolean;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');

/**
 * Whether a connection to this address may be made: public unicast only (IPv6: inside 2000::/3,
 * the only block handed out as global unicast), or loopback when the policy allows it.
 */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'loopback') return allowLoopback;
  if (range !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6, 3);
}

/** Fetches `url` under the policy; throws SafeFetchError with the reason it would not. */
export async function safeFetch(url: string, policy: SafeFetchPolicy): Promise<SafeFetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    let current = url;
    for (let redirects = 0; ; redirects += 1) {
      const target = checkUrl(current, policy);
      const address = await resolveHost(target.hostname, policy, controller.signal);
      const response = await request(target, address, policy, controller.signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400) {
        response.destroy();
        if (!location)
          throw new SafeFetchError('status', `${response.statusCode} without Location`);
        if (redirects >= policy.maxRedirects)
          throw new SafeFetchError('too-many-redirects', `more than ${policy.maxRedirects}`);
        current = new URL(location, target).toString();
        continue;
      }
      if (response.statusCode !== 200) {
        response.destroy();
        throw new SafeFetchError('status', String(response.statusCode));
      }
      const { mediaType, charset } = parseContentType(response.headers['content-type']);
      if (!policy.acceptsType(mediaType)) {
        response.destroy();
        throw new SafeFetchError('content-type', mediaType || '(none)');
      }
      const { body, truncated } = await readCapped(response, policy.maxBytes, controller.signal);
      return { url: target.toString(), mediaType, charset, body, truncated };
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (controller.signal.aborted) throw new SafeFetchError('timeout', `${policy.timeoutMs} ms`);
    throw new SafeFetchError('network', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

function checkUrl(raw: string, policy: SafeFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('bad-url', raw.slice(0, 100));
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (!defaultPort) throw new SafeFetchError('scheme', url.protocol);
  if (url.username || url.password) throw new SafeFetchError('credentials', 'in the URL');
  // URL drops a port equal to the scheme's default, so "" is 80 or 443.
  if (url.port && !policy.extraPorts.includes(Number(url.port)))
    throw new SafeFetchError('port', url.port);
  if (!url.hostname) throw new SafeFetchError('bad-url', 'no host');
  return url;
}

/** The one address the connection will use: every address the host has must be allowed. */
async function resolveHost(
  hostname: string,
  policy: SafeFetchPolicy,
  signal: AbortSignal,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(literal) && /^[0-9a-f:.]+$/i.test(literal)) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await dnsLookup(literal, { all: true, verbatim: true });
    } catch (error) {
      throw new SafeFetchError('dns', (error as Error).message);
    }
  }
  if (signal.aborted) throw new SafeFetchError('timeout', 'while resolving');
  if (!addresses.length) throw new SafeFetchError('dns', `no address for ${literal}`);
  const refused = addresses.find((entry) => !isAllowedAddress(entry.address, policy.allowLoopback));
  if (refused) throw new SafeFetchError('address', `${literal} is ${refused.address}`);
  const [first] = addresses;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function request(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  policy: SafeFetchPolicy,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // The socket connects to the checked address whatever the name resolves to now.
  const lookup = ((_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(
        null,
        [pinned],
      );
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port || DEFAULT_PORTS[url.protocol],
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          'user-agent': policy.userAgent,
          accept: policy.accept,
          'accept-encoding': 'identity',
        },
        lookup,
        agent: false,
        signal,
      },
      (response) => {
        const remote = response.socket.remoteAddress;
        if (remote && normalise(remote) !== normalise(pinned.address)) {
          response.destroy();
          reject(new SafeFetchError('address', `connected to ${remote}`));
          return;
        }
        resolve(response);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function normalise(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  return parsed.toNormalizedString();
}

function parseContentType(header: string | undefined): {
  mediaType: string;
  charset: string | null;
} {
  if (!header) return { mediaType: '', charset: null };
  const [type, ...params] = header.split(';');
  const charset = params
    .map((param) => param.trim().split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset')?.[1];
  return {
    mediaType: type.trim().toLowerCase(),
    charset: charset ? charset.trim().replace(/^"|"$/g, '').toLowerCase() : null,
  };
}

/** Reads at most `maxBytes` of the body, then hangs up: the rest is never read. */
function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (truncated: boolean) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      resolve({ body: Buffer.concat(chunks, Math.min(size, maxBytes)), truncated });
    };
    const onAbort = () => {
      if (done) return;
      done = true;
      response.destroy();
      reject(new SafeFetchError('timeout', 'while reading the body'));
    };
    signal.addEventListener('abort', onAbort);
    response.on('data', (chunk: Buffer) => {
      if (done) return;
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (chunk.length >= room && size >= maxBytes) {
        finish(true);
        response.destroy();
      }
    });
    response.on('end', () => finish(false));
    response.on('error', (error) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}
