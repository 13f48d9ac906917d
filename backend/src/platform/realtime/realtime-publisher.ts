/** What is pushed live to a member's sockets (payloads are the same views the REST calls answer). */
export type RealtimeEvent =
  | 'message'
  | 'messages-tally'
  | 'notification'
  | 'notifications-tally'
  /** An admin's cleanup job moved on (admins only): the same view as GET admin/cleanup-jobs/{id}. */
  | 'cleanup-run';

/**
 * Pushes live events to members' open sockets, whichever API instance holds them. Modules call it
 * after their write has committed; it never throws and never waits for delivery (polling is the
 * fallback, and a reconnecting client catches up over REST).
 */
export abstract class RealtimePublisher {
  abstract toMembers(userIds: readonly string[], event: RealtimeEvent, payload: unknown): void;
  /**
   * Sends to every socket, on any instance: one message, where `toMembers` names a room per member
   * (for news that is everyone's, e.g. a site announcement).
   */
  abstract toAllMembers(event: RealtimeEvent, payload: unknown): void;
  /** Sends to the sockets of every admin (and of nobody else), on any instance. */
  abstract toAdmins(event: RealtimeEvent, payload: unknown): void;
}
