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
 * How long a cached copy is trusted without a word from Redis: the invalidation message is the
 * fast path; this bounds staleness when one was missed (Redis down while another instance wrote).
 */
const SAFETY_TTL_MS = 60_000;

/**
 * The site settings. Reads come from an in-process copy of the (few) changed rows, so a request
 * that needs a setting costs no round trip. A change commits in PostgreSQL, then is published on
 * a Redis channel every API and worker instance subscribes to; each drops its copy and the next
 * read loads the table again, so a change takes effect everywhere within a round trip, without a
 * restart. Pub/sub rather than a tiny TTL: settings are read on hot paths (sign-up, link
 * previews) and change rarely, so re-reading the table every few seconds per instance would be
 * almost all waste, and a TTL short enough to feel immediate to an admin would be most of it.
 */
@Injectable()
export class SiteSettingsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SiteSettings');
  private cache: { rows: Map<string, SiteSettingRow>; loadedAt: number } | null = null;
  private loading: Promise<Map<string, SiteSettingRow>> | null = null;
  /** Bumped on every invalidation, so a load that started before it is not cached after it. */
  private generation = 0;
  private subscriber: Redis | null = null;
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
      if (channel === this.channel) this.invalidate();
    });
    // After a reconnect, messages sent meanwhile are lost: start from the table again.
    this.subscriber.on('ready', () => this.invalidate());
    // Not awaited: with Redis down the command waits offline until it is back (ioredis then
    // subscribes, and re-subscribes after every reconnect), and the API must start without Redis.
    void this.subscriber.subscribe(this.channel).catch((error: Error) => {
      this.logger.warn(`Not subscribed to setting changes yet: ${error.message}`);
    });
    // Read once at start, so the first requests (a sign-up) find the settings in memory.
    await this.rows().catch((error: Error) => {
      this.logger.warn(`Site settings not read at start: ${error.message}`);
    });
  }

  onApplicationShutdown() {
    this.subscriber?.removeAllListeners('message');
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
   * transaction. Every instance sees the change on its next read.
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
    this.invalidate();
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

  private invalidate() {
    this.generation += 1;
    this.cache = null;
    this.loading = null;
  }

  private async rows(): Promise<Map<string, SiteSettingRow>> {
    if (this.cache && Date.now() - this.cache.loadedAt < SAFETY_TTL_MS) return this.cache.rows;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = selectSiteSettings(this.sql).then((rows) => {
      const map = new Map(rows.map((row) => [row.name, row]));
      if (generation === this.generation) {
        this.cache = { rows: map, loadedAt: Date.now() };
        this.loading = null;
      }
      return map;
    });
    this.loading = loading;
    loading.catch(() => {
      if (this.loading === loading) this.loading = null;
    });
    return loading;
  }
}
