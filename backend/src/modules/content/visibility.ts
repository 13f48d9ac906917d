import type { Caller } from '../../platform/access/access-policy';
import type { PostPrivacy } from './entities/post.entity';
import type { SqlParams } from './sql-params';

/**
 * Who is looking. 'public' posts are for everyone, 'members' posts for any logged-in member,
 * 'private' posts for their author and admins. (Suspended members never get this far: the access
 * guard refuses them on every content route.)
 */
export type Viewer = { kind: 'guest' } | { kind: 'member'; userId: string; admin: boolean };

export const GUEST: Viewer = { kind: 'guest' };

export function viewerOf(caller: Caller): Viewer {
  return caller.kind === 'user' && !caller.suspended
    ? { kind: 'member', userId: caller.userId, admin: caller.admin }
    : GUEST;
}

export function viewerId(viewer: Viewer): string | null {
  return viewer.kind === 'member' ? viewer.userId : null;
}

/**
 * The SQL condition "post `alias` is visible to the viewer", applied on every read path. The
 * privacy literals are inlined (not parameters) so the planner can use the partial index for
 * public posts.
 */
export function visibleSql(alias: string, viewer: Viewer, params: SqlParams): string {
  if (viewer.kind === 'guest') return `${alias}.privacy = 'public'`;
  if (viewer.admin) return 'TRUE';
  return `(${alias}.privacy <> 'private' OR ${alias}.user_id = ${params.add(viewer.userId)})`;
}

/** The same rule for a post already in memory. */
export function canSee(viewer: Viewer, post: { privacy: PostPrivacy; userId: string }): boolean {
  if (post.privacy === 'public') return true;
  if (viewer.kind === 'guest') return false;
  if (post.privacy === 'members') return true;
  return viewer.admin || viewer.userId === post.userId;
}

/** Whether the viewer may change or delete what `authorId` wrote. */
export function mayEdit(viewer: Viewer, authorId: string): boolean {
  return viewer.kind === 'member' && (viewer.admin || viewer.userId === authorId);
}
