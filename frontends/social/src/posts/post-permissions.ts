import type { Viewer } from '../app/viewer';
import type { PostEntry } from '../content/entries';

/** Whether the viewer gets a post's menu: its author (edit, who may see it, delete) or an admin (delete). */
export function canManagePost(post: Pick<PostEntry, 'user_id'>, viewer: Viewer): boolean {
  return viewer.canWrite && (viewer.user?.uuid === post.user_id || viewer.isAdmin);
}
