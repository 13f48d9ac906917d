import { onLiveReconnect, subscribeLive, type Message } from '@plantfolk/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { GUEST } from '../app/viewer';
import type { MessagesTally } from './message-model';
import { messageKeys } from './messages-data';

function isMessage(payload: unknown): payload is Message {
  const value = payload as Partial<Message> | null;
  return (
    typeof value?.id === 'string' &&
    typeof value.conversation_id === 'string' &&
    typeof value.text === 'string'
  );
}

function isTally(payload: unknown): payload is { count: number } {
  return typeof (payload as { count?: unknown } | null)?.count === 'number';
}

/**
 * Live delivery of messages and the unread tally: a pushed tally replaces the cached one, a
 * pushed message goes to `onMessage` (the open conversation) and has the list rechecked, and a
 * (re)connection rechecks everything over REST (what came while it was down). `live` turns true
 * once the connection has worked; until then the screens poll at their fallback pace, and even
 * then at a slow one, in case it drops quietly.
 */
export function useLiveMessages(
  viewer: string,
  onMessage?: (message: Message) => void,
): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const handler = useRef(onMessage);
  useLayoutEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    if (viewer === GUEST) return;
    const stops = [
      subscribeLive('messages-tally', (payload) => {
        if (!isTally(payload)) return;
        setLive(true);
        const tally: MessagesTally = { count: payload.count, capped: false };
        queryClient.setQueryData(messageKeys.tally(viewer), tally);
      }),
      subscribeLive('message', (payload) => {
        if (!isMessage(payload)) return;
        setLive(true);
        handler.current?.(payload);
        void queryClient.invalidateQueries({ queryKey: messageKeys.list(viewer) });
      }),
      onLiveReconnect(() => {
        setLive(true);
        void queryClient.invalidateQueries({ queryKey: messageKeys.all(viewer) });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [viewer, queryClient]);

  return { live };
}
