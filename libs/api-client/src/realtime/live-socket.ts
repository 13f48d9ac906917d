import { io } from 'socket.io-client';
import type { LiveSocket, LiveSocketFactory } from './live-client';

/** Where the API's socket.io server answers (same origin, proxied with websocket upgrades). */
export const LIVE_PATH = '/api/socket.io';

/**
 * The socket.io client, in a chunk of its own: the live client imports this file only once a
 * signed-in member's page has rendered and something subscribed, so no first view carries it.
 */
export const createLiveSocket: LiveSocketFactory = ({ token, baseUrl }) =>
  io(baseUrl || undefined, {
    path: LIVE_PATH,
    // The API instances share rooms through Redis, not sessions: websocket only, so no sticky
    // routing is needed behind a load balancer.
    transports: ['websocket'],
    // Each (re)connection sends the token of the moment.
    auth: (send) => send({ token: token() }),
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  }) as unknown as LiveSocket;
