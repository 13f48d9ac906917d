import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { normaliseTagName } from './tag-name';
import { TAG_COLUMNS, type TagView } from './tag-views';
import { TagsErrors } from './tags.errors';

export interface TagChanges {
  id: number;
  name?: string | null;
  description?: string | null;
  is_parent?: boolean | null;
  /** null detaches the tag from its parent; undefined leaves it. */
  parent_id?: number | null;
}

interface LockedTag {
  id: number;
  name: string;
  is_parent: boolean;
  parent_id: number | null;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION
  );
}

/**
 * What admins change in the catalogue. The hierarchy has two levels: a child's parent is a
 * category (is_parent) tag, and a category has no parent itself (so there can be no cycles).
 * The rows involved are locked in id order, so two admins editing a category and its children
 * at once cannot break that rule between them.
 */
@Injectable()
export class TagsAdminService {
  constructor(private readonly dataSource: DataSource) {}

  async update(changes: TagChanges, group: { name: string } | null | undefined): Promise<TagView> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const lockIds = [changes.id];
        if (typeof changes.parent_id === 'number') lockIds.push(changes.parent_id);
        const locked: LockedTag[] = await manager.query(
          `SELECT id, name, is_parent, parent_id FROM tag
           WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
          [lockIds],
        );
        const tag = locked.find((row) => row.id === changes.id);
        if (!tag) throw TagsErrors.TAG_NOT_FOUND();

        const sets: string[] = [];
        const params: unknown[] = [tag.id];
        const set = (column: string, value: unknown) => {
          params.push(value);
          sets.push(`${column} = $${params.length}`);
        };

        if (changes.name != null) {
          const name = normaliseTagName(changes.name);
          if (!name) throw TagsErrors.INVALID_TAG_NAME({ name: changes.name.slice(0, 60) });
          if (name !== tag.name) set('name', name);
        }
        if (changes.description !== undefined)
          set('description', changes.description?.trim() || null);

        const isParent = changes.is_parent ?? tag.is_parent;
        const parentId = changes.parent_id !== undefined ? changes.parent_id : tag.parent_id;
        if (parentId !== null && isParent)
          throw TagsErrors.INVALID_PARENT({ reason: 'A category tag cannot have a parent' });
        if (changes.parent_id != null && changes.parent_id !== tag.parent_id) {
          const parent = locked.find((row) => row.id === changes.parent_id);
          if (changes.parent_id === tag.id)
            throw TagsErrors.INVALID_PARENT({ reason: 'A tag cannot be its own parent' });
          if (!parent) throw TagsErrors.INVALID_PARENT({ reason: 'The parent tag does not exist' });
          if (!parent.is_parent)
            throw TagsErrors.INVALID_PARENT({
              reason: 'The parent must be a category (parent) tag',
            });
        }
        if (tag.is_parent && !isParent) {
          const [child] = await manager.query('SELECT 1 FROM tag WHERE parent_id = $1 LIMIT 1', [
            tag.id,
          ]);
          if (child) throw TagsErrors.TAG_HAS_CHILDREN();
        }
        if (isParent !== tag.is_parent) set('is_parent', isParent);
        if (parentId !== tag.parent_id) set('parent_id', parentId);

        if (group !== undefined) {
          let groupId: number | null = null;
          if (group) {
            const name = group.name.trim().replace(/\s+/g, ' ');
            await manager.query(
              'INSERT INTO tag_group (name) VALUES ($1) ON CONFLICT (name) DO NOTHING',
              [name],
            );
            const [row]: Array<{ id: number }> = await manager.query(
              'SELECT id FROM tag_group WHERE name = $1',
              [name],
            );
            groupId = row.id;
          }
          set('group_id', groupId);
        }

        const [[updated]]: [TagView[], number] = await manager.query(
          `UPDATE tag t SET ${sets.length ? sets.join(', ') : 'id = t.id'}
           WHERE t.id = $1 RETURNING ${TAG_COLUMNS}`,
          params,
        );
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw TagsErrors.TAG_NAME_TAKEN();
      throw error;
    }
  }

  /** Deletes a tag; its interests and post links go with it (ON DELETE CASCADE). */
  async delete(rawName: string): Promise<{ deleted: true; id: number }> {
    const name = normaliseTagName(rawName);
    if (!name) throw TagsErrors.TAG_NOT_FOUND();
    const [rows]: [Array<{ id: number }>, number] = await this.dataSource.query(
      'DELETE FROM tag WHERE name = $1 RETURNING id',
      [name],
    );
    if (!rows.length) throw TagsErrors.TAG_NOT_FOUND();
    return { deleted: true, id: rows[0].id };
  }
}
