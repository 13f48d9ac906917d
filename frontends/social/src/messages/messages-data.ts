import { isApiError } from '@plantfolk/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ChatMessage, ConversationPage, MessagesTally } from './message-model';
import { refKey, type ConversationRef } from './message-paths';
import { messaging, type ConversationTarget } from './messaging-source';
import { useCursorList } from '../content/use-cursor-list';

/** Spec §9: unread counts are rechecked at most every 10 seconds unless forced. */
export const TALLY_RECHECK_MS = 10_000;
/** Without live delivery, the open conversation is rechecked this often. */
export const CONVERSATION_RECHECK_MS = 5_000;
/** The conversations list, rechecked while it is on screen. */
export const LIST_RECHECK_MS = 15_000;
/** With live delivery working, everything is still rechecked this often, in case it drops. */
export const LIVE_SAFETY_MS = 60_000;

export const messageKeys = {
  all: (viewer: string) => ['messages', viewer] as const,
  tally: (viewer: string) => ['messages', viewer, 'tally'] as const,
  list: (viewer: string) => ['messages', viewer, 'list'] as const,
  header: (viewer: string, key: string) => ['messages', viewer, 'header', key] as const,
  latest: (viewer: string, key: string) => ['messages', viewer, 'latest', key] as const,
};

/**
 * The member's unread messages: live pushes set it; without them it is polled every 10 s while
 * the page is visible, and rechecked on window focus if the last answer is 10 s old.
 */
export function useMessagesTally(viewer: string, live: boolean) {
  return useQuery({
    queryKey: messageKeys.tally(viewer),
    queryFn: ({ signal }) => messaging.unreadTally(signal),
    staleTime: TALLY_RECHECK_MS,
    refetchInterval: live ? LIVE_SAFETY_MS : TALLY_RECHECK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/**
 * The member's conversations, newest activity first (their pages' inboxes among them), a page at
 * a time; rechecked every 15 s while on screen without live delivery.
 */
export function useConversations(viewer: string, live: boolean) {
  const list = useCursorList({
    queryKey: messageKeys.list(viewer),
    first: (signal) => messaging.conversations(null, signal),
    more: (cursor, signal) => messaging.conversations(cursor, signal),
  });
  const { refetch } = list.query;
  useEffect(() => {
    const timer = setInterval(
      () => {
        if (document.visibilityState === 'visible') void refetch();
      },
      live ? LIVE_SAFETY_MS : LIST_RECHECK_MS,
    );
    return () => clearInterval(timer);
  }, [live, refetch]);
  return list;
}

/** Who the conversation at a path is with (404: nobody of that name, or not the viewer's). */
export function useConversationHeader(viewer: string, ref: ConversationRef) {
  return useQuery({
    queryKey: messageKeys.header(viewer, refKey(ref)),
    queryFn: ({ signal }) => messaging.header(ref, signal),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

interface ThreadState {
  byId: Map<string, ChatMessage>;
  conversationId: string | null;
  /** The cursor of the next older page; null when the oldest is shown. */
  olderCursor: string | null;
  /** The first page has been merged. */
  started: boolean;
}

type ThreadAction =
  | { type: 'latest'; page: ConversationPage }
  | { type: 'older'; page: ConversationPage; cursor: string }
  | { type: 'add'; message: ChatMessage; conversationId: string | null }
  | { type: 'seen'; ids: string[] };

const emptyThread: ThreadState = {
  byId: new Map(),
  conversationId: null,
  olderCursor: null,
  started: false,
};

function merge(into: Map<string, ChatMessage>, messages: ChatMessage[]) {
  const next = new Map(into);
  for (const message of messages) next.set(message.id, message);
  return next;
}

function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'latest': {
      const { page } = action;
      const overlaps = page.messages.some((message) => state.byId.has(message.id));
      // A gap (more arrived than a page holds since the last look): start again from the newest.
      if (!state.started || (!overlaps && page.nextCursor !== null && state.byId.size > 0)) {
        return {
          byId: merge(new Map(), page.messages),
          conversationId: page.conversationId,
          olderCursor: page.nextCursor,
          started: true,
        };
      }
      return {
        ...state,
        byId: merge(state.byId, page.messages),
        conversationId: page.conversationId ?? state.conversationId,
      };
    }
    case 'older':
      if (state.olderCursor !== action.cursor) return state;
      return {
        ...state,
        byId: merge(state.byId, action.page.messages),
        olderCursor: action.page.nextCursor,
      };
    case 'add':
      return {
        ...state,
        byId: merge(state.byId, [action.message]),
        conversationId: action.conversationId ?? state.conversationId,
        started: true,
      };
    case 'seen': {
      const byId = new Map(state.byId);
      for (const id of action.ids) {
        const message = byId.get(id);
        if (message) byId.set(id, { ...message, seen: true });
      }
      return { ...state, byId };
    }
  }
}

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt);

/**
 * A conversation's messages, oldest first (newest at the bottom): the newest page is rechecked
 * (every few seconds without live delivery, or when a live message says so) and merged, older
 * pages are added by `loadOlder`; a message just sent is added by `add`.
 */
export function useConversationThread(
  viewer: string,
  ref: ConversationRef,
  target: ConversationTarget | undefined,
  live: boolean,
) {
  const key = refKey(ref);
  const path = target?.path ?? [];
  const [state, dispatch] = useReducer(threadReducer, emptyThread);
  const latest = useQuery({
    queryKey: messageKeys.latest(viewer, key),
    queryFn: ({ signal }) => messaging.conversation(path, null, signal),
    enabled: path.length > 0,
    refetchInterval: live ? LIVE_SAFETY_MS : CONVERSATION_RECHECK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });

  useEffect(() => {
    if (latest.data) dispatch({ type: 'latest', page: latest.data });
  }, [latest.data]);

  const older = useMutation({
    mutationFn: ({ cursor }: { cursor: string }) => messaging.conversation(path, cursor),
    onSuccess: (page, { cursor }) => dispatch({ type: 'older', page, cursor }),
  });
  const olderPending = useRef<string | null>(null);
  const loadOlder = useCallback(() => {
    const cursor = state.olderCursor;
    if (!cursor || olderPending.current === cursor) return;
    olderPending.current = cursor;
    older.mutate(
      { cursor },
      {
        onSettled: () => {
          olderPending.current = null;
        },
      },
    );
  }, [older, state.olderCursor]);

  const add = useCallback(
    (message: ChatMessage, conversationId: string | null) =>
      dispatch({ type: 'add', message, conversationId }),
    [],
  );
  const markedSeen = useCallback((ids: string[]) => dispatch({ type: 'seen', ids }), []);

  const messages = useMemo(() => [...state.byId.values()].sort(byTime), [state.byId]);
  return {
    latest,
    messages,
    conversationId: state.conversationId,
    started: state.started,
    hasOlder: state.olderCursor !== null,
    loadingOlder: older.isPending,
    olderFailed: older.isError,
    loadOlder,
    add,
    markedSeen,
  };
}

/**
 * Marks the messages seen (PUT /api/messages/mark-as-seen) and rechecks the unread count and
 * the list, which change with it.
 */
export function useMarkMessagesSeen(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => messaging.markSeen(ids),
    onSuccess: (tally: MessagesTally | null) => {
      if (tally) queryClient.setQueryData(messageKeys.tally(viewer), tally);
      else void queryClient.invalidateQueries({ queryKey: messageKeys.tally(viewer) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list(viewer) });
    },
  });
}

/** Sends a message, starting the conversation when it has none yet. */
export function useSendMessage(viewer: string, target: ConversationTarget | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, conversationId }: { text: string; conversationId: string | null }) => {
      if (!target) throw new Error('The conversation is not loaded yet');
      return messaging.send(target, conversationId, text);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.list(viewer) });
    },
  });
}
