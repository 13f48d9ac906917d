export {
  createLiveHub,
  onLiveReconnect,
  subscribeLive,
  type LiveEvent,
  type LiveHub,
  type LiveHubOptions,
  type LiveReconnect,
  type LiveSocket,
  type LiveSocketFactory,
} from './live-client';
