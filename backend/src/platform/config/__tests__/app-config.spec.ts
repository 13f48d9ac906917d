import { AppConfig, ConfigError } from '../app-config';

const valid = {
  DATABASE_URL: 'postgres://u:p@db:5432/plantfolk',
  REDIS_URL: 'redis://cache:6379',
  SMTP_URL: 'smtp://mail:1025',
  JWT_SECRET: 'x'.repeat(32),
};

/** Production needs an SMS provider; these are its minimal settings. */
const smsProvider = {
  SMS_HTTP_URL: 'https://sms.example/v1/messages',
  SMS_HTTP_TOKEN: 'provider-token',
  SMS_FROM: 'Plantfolk',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    AppConfig.fromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('AppConfig.fromEnv', () => {
  it('accepts the minimum and fills documented defaults', () => {
    const config = AppConfig.fromEnv(valid, '1.2.3');
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.storage.driver).toBe('local');
    expect(config.workers).toBe('inline');
    expect(config.corsOrigins).toEqual(['http://localhost:3000']);
    expect(config.trustProxy).toBe(false);
    expect(config.version).toBe('1.2.3');
  });

  it('names every missing required variable', () => {
    expect(problemsOf({})).toEqual(
      expect.arrayContaining([
        'DATABASE_URL: is required',
        'REDIS_URL: is required',
        'SMTP_URL: is required',
        'JWT_SECRET: is required',
      ]),
    );
  });

  it('treats an empty value as unset', () => {
    expect(problemsOf({ ...valid, DATABASE_URL: '' })).toEqual(['DATABASE_URL: is required']);
  });

  it('names the variable with a bad value and says what is expected', () => {
    expect(problemsOf({ ...valid, DATABASE_URL: 'mysql://db/x' })).toEqual([
      'DATABASE_URL: must be a URL like postgres://user:pass@host:5432/db',
    ]);
    expect(problemsOf({ ...valid, PORT: 'eighty' })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ ...valid, JWT_SECRET: 'short' })).toEqual([
      'JWT_SECRET: must be at least 32 characters',
    ]);
    expect(problemsOf({ ...valid, WORKERS: 'sometimes' })[0]).toMatch(/^WORKERS: /);
  });

  it('requires the S3 settings only for the s3 driver', () => {
    expect(problemsOf({ ...valid, STORAGE_DRIVER: 's3' })).toEqual([
      'S3_ENDPOINT: is required when STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
      'S3_SECRET_KEY: is required when STORAGE_DRIVER=s3',
    ]);
    const config = AppConfig.fromEnv({
      ...valid,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
    });
    expect(config.storage.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'images',
      forcePathStyle: true,
    });
  });

  it('has no switch that opens the queue dashboard (it always needs an admin pass)', () => {
    const config = AppConfig.fromEnv({ ...valid, QUEUE_DASHBOARD_OPEN: 'true' });
    expect('queueDashboardOpen' in config).toBe(false);
  });

  it('runs workers inline by default only in development', () => {
    const production = { ...valid, ...smsProvider, NODE_ENV: 'production' };
    expect(AppConfig.fromEnv(production).workers).toBe('off');
    expect(AppConfig.fromEnv({ ...production, WORKERS: 'inline' }).workers).toBe('inline');
  });

  it('parses CORS origins and trust-proxy settings', () => {
    const config = AppConfig.fromEnv({
      ...valid,
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(AppConfig.fromEnv({ ...valid, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(problemsOf({ ...valid, CORS_ORIGINS: 'https://a.example/path' })[0]).toMatch(
      /^CORS_ORIGINS: /,
    );
  });

  it('keeps SMS in memory by default outside production, and never offers a log driver', () => {
    expect(AppConfig.fromEnv(valid).sms).toEqual({ driver: 'memory' });
    expect(AppConfig.fromEnv({ ...valid, NODE_ENV: 'test' }).sms).toEqual({ driver: 'memory' });
    // The log driver wrote codes into the API log; it is gone, and naming it stops the boot.
    expect(problemsOf({ ...valid, SMS_DRIVER: 'log' })[0]).toMatch(/^SMS_DRIVER: /);
  });

  it('uses the HTTP provider when configured, and requires its settings', () => {
    expect(AppConfig.fromEnv({ ...valid, SMS_DRIVER: 'http', ...smsProvider }).sms).toEqual({
      driver: 'http',
      url: 'https://sms.example/v1/messages',
      token: 'provider-token',
      from: 'Plantfolk',
    });
    expect(problemsOf({ ...valid, SMS_DRIVER: 'http' })).toEqual([
      'SMS_HTTP_URL: is required when SMS_DRIVER=http',
      'SMS_HTTP_TOKEN: is required when SMS_DRIVER=http',
      'SMS_FROM: is required when SMS_DRIVER=http',
    ]);
    // Settings of a driver that is not selected are still checked, but not required.
    expect(AppConfig.fromEnv({ ...valid, SMS_FROM: 'Plantfolk' }).sms).toEqual({
      driver: 'memory',
    });
  });

  it('defaults to the HTTP provider in production and refuses the memory driver there', () => {
    expect(problemsOf({ ...valid, NODE_ENV: 'production' })).toEqual([
      'SMS_HTTP_URL: is required in production (SMS_DRIVER defaults to http there)',
      'SMS_HTTP_TOKEN: is required in production (SMS_DRIVER defaults to http there)',
      'SMS_FROM: is required in production (SMS_DRIVER defaults to http there)',
    ]);
    expect(AppConfig.fromEnv({ ...valid, ...smsProvider, NODE_ENV: 'production' }).sms.driver).toBe(
      'http',
    );
    expect(
      problemsOf({ ...valid, ...smsProvider, NODE_ENV: 'production', SMS_DRIVER: 'memory' }),
    ).toEqual([
      'SMS_DRIVER: may not be memory when NODE_ENV=production (it sends nothing); use http',
    ]);
  });

  it('names a bad SMS setting and says what is expected', () => {
    const http = { ...valid, ...smsProvider, SMS_DRIVER: 'http' };
    expect(problemsOf({ ...http, SMS_DRIVER: 'carrier-pigeon' })[0]).toMatch(/^SMS_DRIVER: /);
    expect(problemsOf({ ...http, SMS_HTTP_URL: 'ftp://sms.example' })).toEqual([
      'SMS_HTTP_URL: must be a URL like https://sms.example/v1/messages',
    ]);
    expect(problemsOf({ ...http, SMS_HTTP_TOKEN: 'two words' })).toEqual([
      'SMS_HTTP_TOKEN: must be printable ASCII without spaces',
    ]);
    expect(problemsOf({ ...http, SMS_FROM: '+61412345678' })).toEqual([]);
    for (const from of ['Plantfolk Sender', '+0412345678', '<script>', '']) {
      const problems = problemsOf({ ...http, SMS_FROM: from });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SMS_FROM: /);
    }
  });

  it('reports all problems at once in its message', () => {
    expect(() => AppConfig.fromEnv({ ...valid, REDIS_URL: 'nope', SMTP_URL: '' })).toThrow(
      /Invalid configuration:\n {2}- REDIS_URL: .*\n {2}- SMTP_URL: is required/,
    );
  });
});
