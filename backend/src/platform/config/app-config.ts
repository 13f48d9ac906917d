import { configSchema, type RawEnv } from './config.schema';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type ParsedEnv = ReturnType<typeof configSchema.parse>;

/** The validated configuration, read once at boot. Inject it anywhere as `AppConfig`. */
export class AppConfig {
  readonly nodeEnv: ParsedEnv['NODE_ENV'];
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly redisPrefix: string;
  readonly smtpUrl: string;
  readonly mailFrom: string;
  /**
   * Where SMS go: an HTTP provider (in development the local catcher), or kept in memory (tests).
   * The schema guarantees the http settings.
   */
  readonly sms: { driver: 'memory' } | { driver: 'http'; url: string; token: string; from: string };
  readonly storage: {
    driver: 'local' | 's3';
    dir: string;
    s3: {
      endpoint?: string;
      region: string;
      bucket: string;
      accessKey?: string;
      secretKey?: string;
      forcePathStyle: boolean;
    };
  };
  readonly jwtSecret: string;
  /** What a metrics scraper sends as its bearer token (GET /api/metrics); null: none may. */
  readonly metricsToken: string | null;
  /** Whether this API process also runs the queue workers. */
  readonly workers: 'inline' | 'off';
  readonly corsOrigins: string[];
  readonly trustProxy: boolean | number | string[];
  readonly logLevel: ParsedEnv['LOG_LEVEL'];
  readonly bodyLimitBytes: number;
  /** Lower-cased. */
  readonly adminEmails: ReadonlySet<string>;
  /** False only when RATE_LIMITS=off (load tests): then no rate limit refuses anything. */
  readonly rateLimitsEnabled: boolean;
  /** The online geocoder for street addresses, when GEOCODER_URL is set (platform/geo). */
  readonly geocoder: { url: string; userAgent: string; timeoutMs: number } | null;
  /** How link previews fetch members' URLs (platform/http/safe-fetch.ts). */
  readonly linkPreviews: { allowLoopback: boolean; extraPorts: number[]; timeoutMs: number };
  /** Where maps centre when nothing better is known, e.g. a guest on a private address. */
  readonly defaultMapPoint: { latitude: number; longitude: number };
  readonly version: string;

  private constructor(env: ParsedEnv, version: string) {
    this.nodeEnv = env.NODE_ENV;
    this.host = env.HOST;
    this.port = env.PORT;
    this.publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
    this.databaseUrl = env.DATABASE_URL;
    this.redisUrl = env.REDIS_URL;
    this.redisPrefix = env.REDIS_PREFIX;
    this.smtpUrl = env.SMTP_URL;
    this.mailFrom = env.MAIL_FROM;
    this.sms =
      (env.SMS_DRIVER ?? (env.NODE_ENV === 'production' ? 'http' : 'memory')) === 'http'
        ? {
            driver: 'http',
            url: env.SMS_HTTP_URL as string,
            token: env.SMS_HTTP_TOKEN as string,
            from: env.SMS_FROM as string,
          }
        : { driver: 'memory' };
    this.storage = {
      driver: env.STORAGE_DRIVER,
      dir: env.STORAGE_DIR,
      s3: {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET,
        accessKey: env.S3_ACCESS_KEY,
        secretKey: env.S3_SECRET_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      },
    };
    this.jwtSecret = env.JWT_SECRET;
    this.metricsToken = env.METRICS_TOKEN ?? null;
    this.workers = env.WORKERS ?? (env.NODE_ENV === 'development' ? 'inline' : 'off');
    this.corsOrigins = env.CORS_ORIGINS ?? [new URL(this.publicUrl).origin];
    this.trustProxy = env.TRUST_PROXY;
    this.logLevel = env.LOG_LEVEL;
    this.bodyLimitBytes = env.BODY_LIMIT_BYTES;
    this.adminEmails = new Set(env.ADMIN_EMAILS.map((email) => email.toLowerCase()));
    this.rateLimitsEnabled = env.RATE_LIMITS === 'on';
    this.geocoder = env.GEOCODER_URL
      ? {
          url: env.GEOCODER_URL,
          userAgent: env.GEOCODER_USER_AGENT ?? `Plantfolk/${version} (+${this.publicUrl})`,
          timeoutMs: env.GEOCODER_TIMEOUT_MS,
        }
      : null;
    this.defaultMapPoint = env.DEFAULT_MAP_POINT;
    this.linkPreviews = {
      allowLoopback: env.LINK_PREVIEW_ALLOW_LOOPBACK,
      extraPorts: env.LINK_PREVIEW_PORTS,
      timeoutMs: env.LINK_PREVIEW_TIMEOUT_MS,
    };
    this.version = version;
  }

  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }

  /** Validates the raw environment; throws a ConfigError naming every bad variable. */
  static fromEnv(raw: RawEnv, version = '0.0.0'): AppConfig {
    // An empty string means "not set", as it does in docker-compose files and shells.
    const cleaned = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
    const result = configSchema.safeParse(cleaned);
    if (!result.success) {
      const problems = result.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const message =
          issue.code === 'invalid_type' && cleaned[name] === undefined
            ? 'is required'
            : issue.message;
        return `${name}: ${message}`;
      });
      throw new ConfigError(problems);
    }
    return new AppConfig(result.data, version);
  }
}
