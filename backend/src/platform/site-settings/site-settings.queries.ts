import type { SqlRunner } from '../database/sql-runner';

export interface SiteSettingRow {
  name: string;
  value: unknown;
  data_type: string;
  is_public: boolean;
  updated_at: Date;
  updated_by: string | null;
}

/** Every changed setting: a handful of rows, read whole into the in-process cache. */
export async function selectSiteSettings(runner: SqlRunner): Promise<SiteSettingRow[]> {
  return (await runner.query(
    `SELECT name, value, data_type, is_public, updated_at, updated_by FROM site_setting`,
  )) as SiteSettingRow[];
}

/** The setting's row, locked for the caller's transaction (the audit's "before"), if any. */
export async function selectSiteSettingForUpdate(
  runner: SqlRunner,
  name: string,
): Promise<SiteSettingRow | undefined> {
  const rows = (await runner.query(
    `SELECT name, value, data_type, is_public, updated_at, updated_by
       FROM site_setting WHERE name = $1 FOR UPDATE`,
    [name],
  )) as SiteSettingRow[];
  return rows[0];
}

export async function upsertSiteSetting(
  runner: SqlRunner,
  setting: { name: string; value: unknown; dataType: string; isPublic: boolean; actorId: string },
): Promise<SiteSettingRow> {
  const rows = (await runner.query(
    `INSERT INTO site_setting (name, value, data_type, is_public, updated_at, updated_by)
     VALUES ($1, $2::jsonb, $3, $4, now(), $5)
     ON CONFLICT (name) DO UPDATE
       SET value = EXCLUDED.value, data_type = EXCLUDED.data_type, is_public = EXCLUDED.is_public,
           updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
     RETURNING name, value, data_type, is_public, updated_at, updated_by`,
    [
      setting.name,
      JSON.stringify(setting.value),
      setting.dataType,
      setting.isPublic,
      setting.actorId,
    ],
  )) as SiteSettingRow[];
  return rows[0];
}
