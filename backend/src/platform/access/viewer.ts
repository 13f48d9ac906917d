import type { SqlParams } from '../database/sql-params';
import type { Caller } from './access-policy';

/**
 * Who is looking, for privacy. Anything a member writes for others (posts today; pages' and events'
 * posts next) has one of three privacy levels: 'public' is for everyone, 'members' for logged-in
 * members whose e-mail is verified, 'private' for its author and admins. (Suspended members never
 * get this far: the access guard refuses them on every route that reads such things.)
 *
 * `verified`: anyone can sign up with any address, so an account whose address is not verified
 * yet is nobody in particular, and sees what a guest sees (plus its own writing).
 */
export type Viewer =
  { kind: 'guest' } | { kind: 'member'; userId: string; admin: boolean; verified: boolean };

export type Privacy = 'public' | 'members' | 'private';

export const GUEST: Viewer = { kind: 'guest' };

export function viewerOf(caller: Caller): Viewer {
  return caller.kind === 'user' && !caller.suspended
    ? {
        kind: 'member',
        userId: caller.userId,
        admin: caller.admin,
        verified: caller.stage !== 'signed-up',
      }
    : GUEST;
}

export function viewerId(viewer: Viewer): string | null {
  return viewer.kind === 'member' ? viewer.userId : null;
}

/**
 * The SQL condition "row `alias` is visible to the viewer", applied on every read path; the row has
 * `privacy` and its author's `user_id`. The privacy literals are inlined (not parameters) so the
 * planner can use a partial index for public rows.
 */
export function visibleSql(alias: string, viewer: Viewer, params: SqlParams): string {
  if (viewer.kind === 'guest') return `${alias}.privacy = 'public'`;
  if (viewer.admin) return 'TRUE';
  const shared = viewer.verified ? `${alias}.privacy <> 'private'` : `${alias}.privacy = 'public'`;
  return `(${shared} OR ${alias}.user_id = ${params.add(viewer.userId)})`;
}

/** The same rule for a row already in memory. */
export function canSee(viewer: Viewer, row: { privacy: Privacy; userId: string }): boolean {
  if (row.privacy === 'public') return true;
  if (viewer.kind === 'guest') return false;
  if (viewer.admin || viewer.userId === row.userId) return true;
  return row.privacy === 'members' && viewer.verified;
}

/** Whether the viewer may change or delete what `authorId` wrote. */
export function mayEdit(viewer: Viewer, authorId: string): boolean {
  return viewer.kind === 'member' && (viewer.admin || viewer.userId === authorId);
}
