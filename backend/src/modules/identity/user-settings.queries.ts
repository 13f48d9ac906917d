import type { EntityManager } from 'typeorm';
import { UserSettings } from './entities/user-settings.entity';

/** Stores the default settings unless the member has some (INSERT … ON CONFLICT DO NOTHING). */
export async function insertDefaultSettings(manager: EntityManager, userId: string): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(UserSettings)
    .values({ userId })
    .orIgnore()
    .execute();
}
