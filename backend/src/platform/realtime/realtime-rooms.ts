/** Where the socket.io server answers (under /api, so the gateway and nginx pass websocket upgrades on). */
export const REALTIME_PATH = '/api/socket.io';

/** Every socket of a member joins this room: what `toMembers` sends to. */
export const memberRoom = (userId: string) => `member:${userId}`;
/** The sockets of admins: what `toAdmins` sends to (joined and left as the member's role changes). */
export const ADMINS_ROOM = 'admins';
/** A socket also joins its session's room, so ending one session closes only its sockets. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The Redis channel prefix of the adapter and the emitter (they must agree), under the deployment's prefix. */
export const realtimeChannelKey = (redisPrefix: string) => `${redisPrefix}:socket.io`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The distinct well-formed ids: a room is only ever named after a real id. */
export function validIds(ids: readonly unknown[]): string[] {
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
}
