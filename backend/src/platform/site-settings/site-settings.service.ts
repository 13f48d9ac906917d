import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AuditLogService } from '../audit/audit-log.service';
import { AppConfig } from '../config/app-config';
import { Sql } from '../database/sql';
import { RedisService } from '../redis/redis.service';
import {
  isOfDataType,
  isSiteSettingName,
  SITE_SETTING_DATA_TYPES,
  SITE_SETTING_NAMES,
  SITE_SETTINGS,
  type SiteSettingDataType,
  type SiteSettingGroup,
  type SiteSettingName,
  type SiteSettingValue,
} from './site-setting-definitions';
import { SiteSettingsErrors } from './site-settings.errors';
import {
  selectSiteSettingForUpdate,
  selectSiteSettings,
  type SiteSettingRow,
  upsertSiteSetting,
} from './site-settings.queries';

export interface SiteSetting {
  name: SiteSettingName;
  value: unknown;
  dataType: SiteSettingDataType;
  isPublic: boolean;
  group: SiteSettingGroup;
  description: string;
  /** When and by whom it was last changed; null while it has its default. */
  updatedAt: Date | null;
  updatedBy: string | null;
}

export interface PublicSiteSetting {
  name: SiteSettingName;
  value: unknown;
  dataType: SiteSettingDataType;
}

/**
 * How long a cached copy is trusted without a word from Redis: the change notice is the fast
 * path; this bounds staleness when one was missed (Redis down while another instance wrote).
 * When it runs out the copy is reloaded in the background, as on a notice.
 */
const SAFETY_TTL_MS = 60_000;
/** How soon a background reload that failed (the copy kept) is tried again. */
const RETRY_AFTER_ERROR_MS = 10_000;

/**
 * The site settings. Reads come from an in-process copy of the (few) changed rows, so a request
 * that needs a setting costs no round trip. A change commits in PostgreSQL, then is published on
 * a Redis channel every API and worker instance subscribes to; each reloads its copy in the
 * background (stale-while-revalidate: requests meanwhile get the copy they had, one reload runs at
 * a time, and a failed one keeps the copy and logs a warning), so a change takes effect
 * everywhere within a round trip, without a restart, and no request waits on a settings read
 * once the copy is there. The instance that made the change puts it in its copy at once, so its
 * very next request sees it. Pub/sub rather than a tiny TTL: settings are read on hot paths
 * (sign-up, link previews) and change rarely, so re-reading the table every few seconds per
 * instance would be almost all waste, and a TTL short enough to feel immediate to an admin would
 * be most of it.
 */
@Injectable()
export class SiteSettingsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SiteSettings');
  /** The copy requests read; null until the first load succeeds (then requests wait for one). */
  private cache: Map<string, SiteSettingRow> | null = null;
  /** The reload in flight: at most one; it loops while more were asked for meanwhile. */
  private loading: Promise<void> | null = null;
  /** Another reload was asked for while one was in flight (a notice came during the read). */
  private reloadAgain = false;
  /** Bumped by a change made here, so a read that started before it is not cached after it. */
  private generation = 0;
  private expiry: NodeJS.Timeout | null = null;
  private closed = false;
  private subscriber: Redis | null = null;
  private subscribed: Promise<void> = Promise.resolve();
  private readonly channel: string;

  constructor(
    private readonly config: AppConfig,
    private readonly sql: Sql,
    private readonly dataSource: DataSource,
    private readonly redis: RedisService,
    private readonly audit: AuditLogService,
  ) {
    this.channel = redis.key('site-settings', 'changed');
  }

  async onModuleInit() {
    this.subscriber = this.redis.connectForRealtime('subscribe');
    this.subscriber.on('message', (channel: string) => {
      if (channel === this.channel) this.reloadInBackground();
    });
    // After a (re)connect, messages sent meanwhile are lost: read the table again. ioredis emits
    // 'ready' before it sends the (re)subscription, so the reload has begun when that resolves.
    this.subscriber.on('ready', () => this.reloadInBackground());
    // Not awaited: with Redis down the command waits offline until it is back (ioredis then
    // subscribes, and re-subscribes after every reconnect), and the API must start without Redis.
    this.subscribed = this.subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: Error) => {
        this.logger.warn(`Not subscribed to setting changes yet: ${error.message}`);
      },
    );
    // Read once at start, so the first requests (a sign-up) find the settings in memory.
    await this.reload().catch((error: Error) => {
      this.logger.warn(`Site settings not read at start: ${error.message}`);
    });
  }

  onApplicationShutdown() {
    this.closed = true;
    if (this.expiry) clearTimeout(this.expiry);
    this.subscriber?.removeAllListeners('message');
    this.subscriber?.removeAllListeners('ready');
  }

  /**
   * Resolves once the subscription to change notices is made (or failed) and no reload is in
   * flight: for tests that count the statements a request runs, so that a background reload
   * does not land in the count. Waits while Redis is unreachable at start.
   */
  async settled(): Promise<void> {
    await this.subscribed;
    while (this.loading) await this.loading.catch(() => undefined);
  }

  /** A setting's value (its default until an admin changes it), typed by the registry. */
  async get<Name extends SiteSettingName>(name: Name): Promise<SiteSettingValue<Name>> {
    return this.valueOf(name, (await this.rows()).get(name)) as SiteSettingValue<Name>;
  }

  /** The settings guests may read (`GET /api/settings/get-all`). */
  async getPublic(): Promise<PublicSiteSetting[]> {
    return (await this.getAll())
      .filter((setting) => setting.isPublic)
      .map(({ name, value, dataType }) => ({ name, value, dataType }));
  }

  /** Every setting with its current value and what the admin screens show of it. */
  async getAll(): Promise<SiteSetting[]> {
    const rows = await this.rows();
    return SITE_SETTING_NAMES.map((name) => this.describe(name, rows.get(name)));
  }

  /**
   * Sets a setting after checking the name, the type and the value against the registry (any
   * failure is a 400 and changes nothing), and records it in the audit log in the same
   * transaction. This instance's next read sees the change; the others reload on the notice.
   */
  async update(
    name: unknown,
    value: unknown,
    dataType: unknown,
    actorId: string,
  ): Promise<SiteSetting> {
    if (!isSiteSettingName(name))
      throw SiteSettingsErrors.UNKNOWN_SITE_SETTING({ name: String(name).slice(0, 64) });
    const definition = SITE_SETTINGS[name];
    const given =
      typeof dataType === 'string' &&
      (SITE_SETTING_DATA_TYPES as readonly string[]).includes(dataType)
        ? (dataType as SiteSettingDataType)
        : null;
    if (given !== definition.dataType)
      throw SiteSettingsErrors.SITE_SETTING_WRONG_DATA_TYPE({
        name,
        expected: definition.dataType,
        given: String(dataType).slice(0, 32),
      });
    if (!isOfDataType(value, definition.dataType))
      throw SiteSettingsErrors.SITE_SETTING_INVALID_VALUE({
        name,
        problem: `must be a ${definition.dataType === 'json' ? 'JSON object or list' : definition.dataType}`,
      });
    const problem = definition.problem(value);
    if (problem) throw SiteSettingsErrors.SITE_SETTING_INVALID_VALUE({ name, problem });

    const saved = await this.dataSource.transaction(async (manager) => {
      const before = await selectSiteSettingForUpdate(manager, name);
      const row = await upsertSiteSetting(manager, {
        name,
        value,
        dataType: definition.dataType,
        isPublic: definition.isPublic,
        actorId,
      });
      await this.audit.record(
        {
          actorId,
          action: 'site-setting.update',
          targetType: 'site-setting',
          targetId: name,
          before: { value: before ? before.value : definition.defaultValue(this.config) },
          after: { value },
        },
        manager,
      );
      return row;
    });
    this.remember(saved);
    await this.redis.client.publish(this.channel, name).catch((error: Error) => {
      // The others still pick the change up within SAFETY_TTL_MS.
      this.logger.warn(`Could not announce the change of ${name}: ${error.message}`);
    });
    return this.describe(name, saved);
  }

  private describe(name: SiteSettingName, row: SiteSettingRow | undefined): SiteSetting {
    const definition = SITE_SETTINGS[name];
    return {
      name,
      value: this.valueOf(name, row),
      dataType: definition.dataType,
      isPublic: definition.isPublic,
      group: definition.group,
      description: definition.description,
      updatedAt: row ? row.updated_at : null,
      updatedBy: row ? row.updated_by : null,
    };
  }

  /**
   * The stored value while the registry still accepts it, else the default: a rule tightened in a
   * later release must not hand the app a value it no longer expects.
   */
  private valueOf(name: SiteSettingName, row: SiteSettingRow | undefined): unknown {
    const definition = SITE_SETTINGS[name];
    return row && isOfDataType(row.value, definition.dataType) && !definition.problem(row.value)
      ? row.value
      : definition.defaultValue(this.config);
  }

  /**
   * Puts a row this instance just committed in the copy, so its very next request sees it, and
   * makes a reload that read the table before the commit start over rather than cache that read.
   */
  private remember(saved: SiteSettingRow) {
    this.generation += 1;
    if (this.cache) this.cache = new Map(this.cache).set(saved.name, saved);
  }

  private async rows(): Promise<Map<string, SiteSettingRow>> {
    if (this.cache) return this.cache;
    await this.reload();
    if (!this.cache) throw new Error('Site settings could not be read');
    return this.cache;
  }

  /** A reload no request waits for: a failure is logged, and the copy kept (`reload`). */
  private reloadInBackground() {
    if (this.closed) return;
    this.reload().catch((error: Error) => {
      this.logger.warn(`Site settings not read: ${error.message}`);
    });
  }

  /**
   * Reads the table into the copy. One read at a time: asked for while one is in flight, the
   * answer is the same promise, which reads again once it is done (the first read may have
   * started before the change that was announced). Rejects only while there is no copy yet;
   * with one, a failed read keeps it, logs a warning and is tried again shortly.
   */
  private reload(): Promise<void> {
    if (this.loading) {
      this.reloadAgain = true;
      return this.loading;
    }
    const loading = this.readUntilCurrent().finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
    return loading;
  }

  private async readUntilCurrent(): Promise<void> {
    let failed = false;
    try {
      do {
        this.reloadAgain = false;
        const generation = this.generation;
        const rows = await selectSiteSettings(this.sql);
        if (generation === this.generation)
          this.cache = new Map(rows.map((row) => [row.name, row]));
        else this.reloadAgain = true;
      } while (this.reloadAgain && !this.closed);
    } catch (error) {
      failed = true;
      if (!this.cache) throw error;
      this.logger.warn(
        `Site settings not reloaded, the values in memory are kept: ${(error as Error).message}`,
      );
    } finally {
      // Without a copy, the next request reads (and waits) anyway: no timer needed then.
      if (this.cache) this.scheduleExpiry(failed ? RETRY_AFTER_ERROR_MS : SAFETY_TTL_MS);
    }
  }

  private scheduleExpiry(delay: number) {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = null;
    if (this.closed) return;
    this.expiry = setTimeout(() => this.reloadInBackground(), delay);
    this.expiry.unref();
  }
}
