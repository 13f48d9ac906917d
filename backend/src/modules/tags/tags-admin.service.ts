import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { isUniqueViolation } from '../../platform/database/db-errors';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { normaliseTagName, TAG_NAME_MAX } from './tag-name';
import type { TagReferenceHolder } from './tag-references';
import { attachChildren, type TagView, type TagWithChildrenView } from './tag-views';
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
/** Most categories, and most children, the admin tree shows; loose tags come a page at a time. */
export const TAG_TREE_MAX = 2_000;
export const LOOSE_TAGS_PAGE = 200;

export interface TagTree {
  groups: Array<{ id: number; name: string }>;
  categories: TagWithChildrenView[];
  loose: TagView[];
  loose_truncated: boolean;
}

export interface TagMerged {
  tag: TagView;
  removed: { id: number; name: string };
}

@Injectable()
export class TagsAdminService {
  private readonly holders: TagReferenceHolder[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  /** Other modules' tables that point at tags register here at start-up (tag-references.ts). */
  registerReferenceHolder(holder: TagReferenceHolder): void {
    this.holders.push(holder);
  }

  /** The catalogue as admins curate it: groups, categories with their tags, and the rest by name. */
  /** `prefix`: only loose tags whose name starts with it (any case; blank is all). */
  async tree(rawPrefix: unknown): Promise<TagTree> {
    const prefix = treePrefix(rawPrefix);
    const [groups, { categories, children }, loose] = await Promise.all([
      admin.listGroups(this.dataSource),
      admin.categoriesAndChildren(this.dataSource, TAG_TREE_MAX),
      admin.looseTags(this.dataSource, prefix, LOOSE_TAGS_PAGE),
    ]);
    return {
      groups,
      categories: attachChildren(categories, children),
      loose: loose.slice(0, LOOSE_TAGS_PAGE),
      loose_truncated: loose.length > LOOSE_TAGS_PAGE,
    };
  }

  /**
   * Merges tag `fromId` into `intoId` in one transaction: posts, pages, interests, namers and
   * children move over (none twice), the counts of `intoId` grow by exactly what it gained, and
   * `fromId` is deleted. A category with tags under it merges only into another category.
   */
  async merge(adminId: string, fromId: number, intoId: number): Promise<TagMerged> {
    if (fromId === intoId) throw TagsErrors.MERGE_INTO_ITSELF();
    return this.dataSource.transaction(async (manager) => {
      // Both rows locked (id order): posts tagged meanwhile wait, and count into the result.
      const locked = await admin.lockTagsForChange(manager, [fromId, intoId]);
      const from = locked.find((row) => row.id === fromId);
      const into = locked.find((row) => row.id === intoId);
      if (!from || !into) throw TagsErrors.TAG_NOT_FOUND();
      if (from.is_parent && !into.is_parent && (await admin.hasChildren(manager, from.id)))
        throw TagsErrors.INVALID_PARENT({
          reason: 'A category with tags under it can only be merged into another category',
        });
      const [fromBefore, intoBefore] = await Promise.all([
        admin.tagById(manager, from.id),
        admin.tagById(manager, into.id),
      ]);
      await admin.moveChildren(manager, from.id, into.id);
      await admin.moveInterests(manager, from.id, into.id);
      await admin.moveNamers(manager, from.id, into.id);
      let publicPosts = 0;
      for (const holder of this.holders)
        publicPosts += (await holder.repoint(manager, from.id, into.id)).publicPosts;
      await admin.absorbTag(manager, from.id, into.id, publicPosts);
      const tag = (await admin.tagById(manager, into.id)) as TagView;
      await this.audit.record(
        {
          actorId: adminId,
          action: 'tag.merge',
          targetType: 'tag',
          targetId: String(into.id),
          before: { merged: fromBefore, into: intoBefore },
          after: tag,
        },
        manager,
      );
      return { tag, removed: { id: from.id, name: from.name } };
    });
  }

  async update(
    adminId: string,
    changes: TagChanges,
    group: { name: string } | null | undefined,
  ): Promise<TagView> {
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

        const before = await admin.tagById(manager, tag.id);
        const after = await admin.updateTag(manager, tag.id, columns);
        await this.audit.record(
          {
            actorId: adminId,
            action: 'tag.update',
            targetType: 'tag',
            targetId: String(tag.id),
            before,
            after,
          },
          manager,
        );
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw TagsErrors.TAG_NAME_TAKEN();
      throw error;
    }
  }

  /** Deletes a tag; its interests and post links go with it (ON DELETE CASCADE). */
  async delete(adminId: string, rawName: string): Promise<{ deleted: true; id: number }> {
    const name = normaliseTagName(rawName);
    if (!name) throw TagsErrors.TAG_NOT_FOUND();
    return this.dataSource.transaction(async (manager) => {
      const removed = await admin.deleteTagNamed(manager, name);
      if (removed === undefined) throw TagsErrors.TAG_NOT_FOUND();
      await this.audit.record(
        {
          actorId: adminId,
          action: 'tag.delete',
          targetType: 'tag',
          targetId: String(removed.id),
          before: removed,
        },
        manager,
      );
      return { deleted: true as const, id: removed.id };
    });
  }
}

/** A prefix of a tag name: text of at most TAG_NAME_MAX characters (no NUL), trimmed, lower-cased. */
function treePrefix(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  const prefix = typeof raw === 'string' ? raw.trim().toLowerCase() : null;
  if (prefix === null || [...prefix].length > TAG_NAME_MAX || prefix.includes('\0'))
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'q', messages: [`q must be text of at most ${TAG_NAME_MAX} characters`] },
    ]);
  return prefix;
}
