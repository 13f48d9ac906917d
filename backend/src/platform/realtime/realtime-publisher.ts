/** What is pushed live to a member's sockets (payloads are the same views the REST calls answer). */
export type RealtimeEvent = 'message' | 'messages-tally' | 'notification' | 'notifications-tally';

/**
 * Pushes live events to members' open sockets, whichever API instance holds them. Modules call it
 * after their write has committed; it never throws and never waits for delivery (polling is the
 * fallback, and a reconnecting client catches up over REST).
 */
export abstract class RealtimePublisher {
  abstract toMembers(userIds: readonly string[], event: RealtimeEvent, payload: unknown): void;
}
