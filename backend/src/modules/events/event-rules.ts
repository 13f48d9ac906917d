import type { Viewer } from '../../platform/access/viewer';
import type { EventPrivacy } from './entities/event.entity';

/** Whether the viewer may see an event (the in-memory twin of eventVisibleSql). */
export function canSeeEvent(
  viewer: Viewer,
  event: { privacy: EventPrivacy; creator_id: string },
): boolean {
  if (event.privacy === 'public') return true;
  if (viewer.kind === 'guest') return false;
  return viewer.admin || viewer.verified || viewer.userId === event.creator_id;
}
