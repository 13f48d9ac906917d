import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../platform/database/db-errors';
import { normaliseTagName } from './tag-name';
import type { TagView } from './tag-views';
import * as admin from './tags-admin.queries';
import { TagsErrors } from './tags.errors';

export interface TagChanges {
  id: number;
  name?: string | null;
  description?: string | null;
  is_parent?: boolean | null;
  /** null detaches the tag from its parent; undefined leaves it. */
  parent_id?: number | null;
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
        const locked = await admin.lockTagsForChange(manager, lockIds);
        const tag = locked.find((row) => row.id === changes.id);
        if (!tag) throw TagsErrors.TAG_NOT_FOUND();

        const columns: admin.TagColumns = {};
        if (changes.name != null) {
          const name = normaliseTagName(changes.name);
          if (!name) throw TagsErrors.INVALID_TAG_NAME({ name: changes.name.slice(0, 60) });
          if (name !== tag.name) columns.name = name;
        }
        if (changes.description !== undefined)
          columns.description = changes.description?.trim() || null;

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
        if (tag.is_parent && !isParent && (await admin.hasChildren(manager, tag.id)))
          throw TagsErrors.TAG_HAS_CHILDREN();
        if (isParent !== tag.is_parent) columns.is_parent = isParent;
        if (parentId !== tag.parent_id) columns.parent_id = parentId;

        if (group !== undefined)
          columns.group_id = group
            ? await admin.groupIdNamed(manager, group.name.trim().replace(/\s+/g, ' '))
            : null;

        return admin.updateTag(manager, tag.id, columns);
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
    const id = await admin.deleteTagNamed(this.dataSource, name);
    if (id === undefined) throw TagsErrors.TAG_NOT_FOUND();
    return { deleted: true, id };
  }
}
