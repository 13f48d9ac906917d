export { type DevSecrets, loadSecrets } from './secrets.js';
export {
  DEFAULT_DATABASE,
  DEFAULT_POSTGRES_PORT,
  type EmbeddedPostgresInfo,
  REQUIRED_EXTENSIONS,
  type ResolvedPostgres,
  type ResolvePostgresOptions,
  resolvePostgres,
} from './postgres.js';
export {
  DEFAULT_SPAWNED_REDIS_PORT,
  LOCAL_REDIS_PORT,
  REDIS_MISSING_MESSAGE,
  type ResolvedRedis,
  type ResolveRedisOptions,
  resolveRedis,
} from './redis.js';
export {
  type CaughtMail,
  type CaughtText,
  type MailCatcher,
  type MailSummary,
  SMS_PATH,
  type StartMailCatcherOptions,
  startMailCatcher,
} from './mail-catcher.js';
export {
  API_PREFIXES,
  cacheControlFor,
  type Gateway,
  type StartGatewayOptions,
  startGateway,
} from './gateway.js';
export {
  REMOTE_NAMES,
  type RemoteName,
  type RuntimeConfig,
  runtimeConfigFromEnv,
} from './runtime-config.js';
export { formatPinoLine, redactUrl } from './log-format.js';
export {
  DEFAULT_API_PORT,
  DEFAULT_INBOX_PORT,
  DEFAULT_SMTP_PORT,
  DEFAULT_WEB_PORT,
  start,
  START_PROJECTS,
  type OutputStream,
  type StartOptions,
} from './start.js';
