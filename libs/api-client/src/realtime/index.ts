export {
  createLiveHub,
  LIVE_EVENTS,
  onLiveReconnect,
  onLiveStatus,
  subscribeLive,
  type LiveEvent,
  type LiveHub,
  type LiveHubOptions,
  type LiveReconnect,
  type LiveSocket,
  type LiveSocketFactory,
} from './live-client';
