import type { NotificationItem } from '@plantfolk/api-client';

/** Spec §3: an attendance answer to one's event. */
export const EVENT_ATTENDANCE = 'EVENT_ATTENDANCE';
/** A date one answered moved to other times (or was held again after a cancellation). */
export const EVENT_DATE_CHANGED = 'EVENT_DATE_CHANGED';
/** A date one answered was cancelled. */
export const EVENT_DATE_CANCELLED = 'EVENT_DATE_CANCELLED';

type Actor = NotificationItem['actors'][number];

const nameOf = (actor: Actor) => actor.display_name || actor.username;

/** "Ana", "Ana and Ben", "Ana and 3 others" (the newest person first). */
export function whoDidIt(item: Pick<NotificationItem, 'actors' | 'actor_count'>): string {
  const [first, second] = item.actors;
  if (!first) return 'Someone';
  if (item.actor_count <= 1) return nameOf(first);
  if (item.actor_count === 2 && second) return `${nameOf(first)} and ${nameOf(second)}`;
  const others = item.actor_count - 1;
  return `${nameOf(first)} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** What happened, as one sentence ("Ana and 3 others liked your post"). */
export function describeNotification(item: NotificationItem): string {
  const who = whoDidIt(item);
  switch (item.type) {
    case 'reaction':
      return `${who} liked your ${item.comment_excerpt !== null ? 'comment' : 'post'}`;
    case 'comment':
      return item.comment_is_reply
        ? `${who} replied to your comment`
        : `${who} commented on your post`;
    case 'mention':
      return `${who} mentioned you in a post`;
    case 'event': {
      const event = item.event_title ? ` “${item.event_title}”` : '';
      switch (item.subtype) {
        case EVENT_ATTENDANCE:
          return `${who} answered your event${event}`;
        case EVENT_DATE_CHANGED:
          return `The event${event} has new times for a date you answered`;
        case EVENT_DATE_CANCELLED:
          return `The event${event} cancelled a date you answered`;
        default:
          return `News about the event${event}`;
      }
    }
    case 'immutable':
      return 'Announcement from Plantfolk';
    default:
      return `${who} did something`;
  }
}

/** The unread count as the badge and the button's name show it ("99+" from 100 on). */
export function unreadLabel(count: number, capped: boolean): string {
  return capped || count > 99 ? '99+' : String(count);
}
