import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime-gateway';
import { RealtimeHub } from './realtime-hub';
import { RealtimePublisher } from './realtime-publisher';
import { RealtimeSessions } from './realtime-sessions';

/**
 * Live delivery to members' sockets (socket.io with the Redis adapter): the gateway runs in the
 * API process only; modules push through RealtimePublisher and identity closes sockets through
 * RealtimeSessions, from either process.
 */
@Global()
@Module({
  providers: [
    RealtimeGateway,
    RealtimeHub,
    { provide: RealtimePublisher, useExisting: RealtimeHub },
    { provide: RealtimeSessions, useExisting: RealtimeHub },
  ],
  exports: [RealtimePublisher, RealtimeSessions],
})
export class RealtimeModule {}
