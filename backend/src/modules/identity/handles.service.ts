import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../../platform/database/db-errors';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { Handle, type HandleOwnerType } from './entities/handle.entity';
import { handleOwners, type HandleOwnerRow, memberStandings } from './handles.queries';
import { RESERVED_HANDLES } from './identity.constants';
import { IdentityErrors } from './identity.errors';
import { handlesStartingWith, type HandleRow } from './search.queries';

export type { HandleOwnerRow as HandleOwner } from './handles.queries';
export type { HandleRow as HandleMatch } from './search.queries';

export const HANDLE_PATTERN = /^[a-z0-9_]{3,30}$/;
/** What may be looked up by prefix: the start of a handle (shorter than one may be). */
const HANDLE_PREFIX = /^[a-z0-9_]{1,30}$/;

export function normalizeHandle(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The shared namespace of usernames and page handles. Exported for the pages module, which claims
 * page handles through it.
 */
@Injectable()
export class HandlesService {
  constructor(private readonly dataSource: DataSource) {}

  /** Throws HANDLE_RESERVED for words the app uses as paths. Format is checked by the DTOs. */
  assertAllowed(handle: string): void {
    if (RESERVED_HANDLES.has(handle)) throw IdentityErrors.HANDLE_RESERVED();
  }

  async isAvailable(raw: string): Promise<boolean> {
    const handle = normalizeHandle(raw);
    if (!HANDLE_PATTERN.test(handle) || RESERVED_HANDLES.has(handle)) return false;
    return !(await this.dataSource.manager.exists(Handle, { where: { handle } }));
  }

  /** Takes a handle inside the caller's transaction; HANDLE_TAKEN when someone holds it. */
  async claim(
    manager: EntityManager,
    raw: string,
    ownerType: HandleOwnerType,
    ownerId: string,
  ): Promise<string> {
    const handle = normalizeHandle(raw);
    this.assertAllowed(handle);
    try {
      // A savepoint, so a conflict does not poison the caller's transaction.
      await manager.transaction((inner) => inner.insert(Handle, { handle, ownerType, ownerId }));
    } catch (error) {
      if (isUniqueViolation(error)) throw IdentityErrors.HANDLE_TAKEN();
      throw error;
    }
    return handle;
  }

  /**
   * Who holds each of these handles (members and pages), for mentions: handles that are not
   * well-formed or held are left out. At most 100 are looked up.
   */
  async owners(raw: readonly string[]): Promise<HandleOwnerRow[]> {
    const handles = [...new Set(raw.map(normalizeHandle))]
      .filter((handle) => HANDLE_PATTERN.test(handle))
      .slice(0, 100);
    if (!handles.length) return [];
    return handleOwners(this.dataSource, handles);
  }

  /** Whether each member is verified and suspended: what a mention of a page they own needs. */
  async memberStandings(
    userIds: readonly string[],
  ): Promise<Array<{ id: string; verified: boolean; suspended: boolean }>> {
    if (!userIds.length) return [];
    return memberStandings(this.dataSource, [...new Set(userIds)]);
  }

  /**
   * Handles (members' and pages') starting with the given text, case-insensitively, in order; a
   * suspended or unregistered member's are left out (see handlesStartingWith).
   */
  async startingWith(raw: unknown, limit: number): Promise<HandleRow[]> {
    const prefix = typeof raw === 'string' ? normalizeHandle(raw) : '';
    if (!HANDLE_PREFIX.test(prefix))
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'handle', messages: ['handle must be 1 to 30 letters, digits or underscores'] },
      ]);
    return handlesStartingWith(this.dataSource, prefix, limit);
  }

  async release(manager: EntityManager, raw: string, ownerId: string): Promise<void> {
    await manager.delete(Handle, { handle: normalizeHandle(raw), ownerId });
  }
}
