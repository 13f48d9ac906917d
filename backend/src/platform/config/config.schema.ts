import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const urlWithProtocol = (protocols: string[], example: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL like ${example}`);

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * Trust proxy: "false", a hop count ("1") or a comma list of addresses/CIDRs.
 * It decides which X-Forwarded-For entries are believed, so a client cannot spoof its address.
 */
const trustProxy = z.string().transform((value): boolean | number | string[] => {
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((item) => item.trim());
});

/** Every environment variable the backend reads. Nothing else in the code reads process.env. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: urlWithProtocol(['http:', 'https:'], 'https://plantfolk.example').default(
      'http://localhost:3000',
    ),
    DATABASE_URL: urlWithProtocol(
      ['postgres:', 'postgresql:'],
      'postgres://user:pass@host:5432/db',
    ),
    REDIS_URL: urlWithProtocol(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -')
      .default('plantfolk'),
    SMTP_URL: urlWithProtocol(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example:587'),
    MAIL_FROM: z.string().min(3).default('Plantfolk <no-reply@plantfolk.local>'),
    /**
     * `http` posts texts to a provider (in development, `npm start` points it at the local
     * catcher); `memory` keeps them in the process for tests and sends nothing.
     */
    SMS_DRIVER: z.enum(['memory', 'http']).optional(),
    SMS_HTTP_URL: urlWithProtocol(
      ['http:', 'https:'],
      'https://sms.example/v1/messages',
    ).optional(),
    SMS_HTTP_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    /** An E.164 number or an alphanumeric sender id of at most 11 characters. */
    SMS_FROM: z
      .string()
      .regex(
        /^(\+[1-9]\d{7,14}|[A-Za-z0-9][A-Za-z0-9 ]{0,10})$/,
        'must be an E.164 number like +61400000000 or a sender name of at most 11 letters and digits',
      )
      .optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    STORAGE_DIR: z.string().min(1).default('.data/storage'),
    S3_ENDPOINT: urlWithProtocol(['http:', 'https:'], 'https://s3.example.com').optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).default('images'),
    S3_ACCESS_KEY: z.string().min(1).optional(),
    S3_SECRET_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(true),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** The bearer token a Prometheus scraper sends to GET /api/metrics (unset: sessions only). */
    METRICS_TOKEN: z
      .string()
      .min(24, 'must be at least 24 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    WORKERS: z.enum(['inline', 'off']).optional(),
    CORS_ORIGINS: commaList.optional(),
    TRUST_PROXY: trustProxy.default(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    /** Accounts with these e-mail addresses are admins (how a deployment gets its first admin). */
    ADMIN_EMAILS: commaList.default([]),
    /**
     * `off` admits every request whatever its @RateLimit says: for load tests (`npm run bench`),
     * which would otherwise measure the 429s. On by default, in every environment.
     */
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /**
     * A Nominatim-compatible geocoding API for street addresses (`/search` is added to its path;
     * keep an API key in its query). Unset: places come from the offline gazetteer alone.
     */
    GEOCODER_URL: urlWithProtocol(['http:', 'https:'], 'https://nominatim.example').optional(),
    /** Who asks, as the provider's usage policy wants it; default names the app and PUBLIC_URL. */
    GEOCODER_USER_AGENT: z
      .string()
      .regex(/^[\x20-\x7e]{3,200}$/, 'must be 3 to 200 printable ASCII characters')
      .optional(),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    /**
     * Link previews (content's `images/link-preview` job) fetch members' URLs from the server.
     * LINK_PREVIEW_ALLOW_LOOPBACK lets them reach 127.0.0.0/8 and ::1, for tests against a local
     * server only (refused in production); LINK_PREVIEW_PORTS allows ports besides 80 and 443.
     */
    LINK_PREVIEW_ALLOW_LOOPBACK: booleanFlag.default(false),
    LINK_PREVIEW_PORTS: commaList
      .transform((ports) => ports.map(Number))
      .refine(
        (ports) => ports.every((port) => Number.isInteger(port) && port >= 1 && port <= 65535),
        'must be a comma list of port numbers',
      )
      .default([]),
    LINK_PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5000),
    /**
     * Where a map centres, and the "near you" of a visitor whose address says nothing of where they
     * are (loopback, a private network, not in the IP database): "latitude,longitude" in decimal
     * degrees. Default: Melbourne's centre.
     */
    DEFAULT_MAP_POINT: z
      .string()
      .regex(
        /^\s*[+-]?\d{1,2}(\.\d+)?\s*,\s*[+-]?\d{1,3}(\.\d+)?\s*$/,
        'must be "latitude,longitude" in decimal degrees, like -37.8136,144.9631',
      )
      .transform((value) => {
        const [latitude, longitude] = value.split(',').map(Number);
        return { latitude, longitude };
      })
      .refine(
        (point) => Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180,
        'latitude must be within ±90 and longitude within ±180',
      )
      .default({ latitude: -37.8136, longitude: 144.9631 }),
  })
  .superRefine((env, ctx) => {
    // The memory driver delivers nothing, so production refuses it.
    const smsDriver = env.SMS_DRIVER ?? (env.NODE_ENV === 'production' ? 'http' : 'memory');
    if (env.SMS_DRIVER === 'memory' && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_DRIVER'],
        message: 'may not be memory when NODE_ENV=production (it sends nothing); use http',
      });
    }
    if (smsDriver === 'http') {
      for (const key of ['SMS_HTTP_URL', 'SMS_HTTP_TOKEN', 'SMS_FROM'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              env.SMS_DRIVER === 'http'
                ? 'is required when SMS_DRIVER=http'
                : 'is required in production (SMS_DRIVER defaults to http there)',
          });
      }
    }
    if (env.LINK_PREVIEW_ALLOW_LOOPBACK && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['LINK_PREVIEW_ALLOW_LOOPBACK'],
        message: 'may not be set in production (it lets members make the server fetch itself)',
      });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when STORAGE_DRIVER=s3',
          });
      }
    }
    for (const origin of env.CORS_ORIGINS ?? []) {
      if (!/^https?:\/\/[^/]+$/.test(origin)) {
        ctx.addIssue({
          code: 'custom',
          path: ['CORS_ORIGINS'],
          message: `"${origin}" is not an origin like https://app.example`,
        });
      }
    }
  });

export type RawEnv = Record<string, string | undefined>;
