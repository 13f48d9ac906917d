import { isApiError, type Message } from '@plantfolk/api-client';
import {
  Anchor,
  ErrorView,
  Group,
  IconChevronLeft,
  NotFoundView,
  PageLoader,
  Stack,
  Text,
  Title,
  useDocumentTitle,
  UserAvatar,
} from '@plantfolk/ui';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useViewer } from '../app/viewer';
import { MessageComposer } from './message-composer';
import { partyName } from './message-model';
import {
  draftFromState,
  messagePaths,
  pathOf,
  refKey,
  type ConversationRef,
} from './message-paths';
import { MessageThread } from './message-thread';
import {
  useConversationHeader,
  useConversationThread,
  useMarkMessagesSeen,
  useSendMessage,
} from './messages-data';
import { toChatMessage } from './messaging-source';
import { useLiveMessages } from './use-live-messages';

/** `/messages/{username}` and `/messages/{userHandle}/to/{pageHandle}`. */
export function ConversationPage() {
  const { username, userHandle, pageHandle } = useParams();
  const at: ConversationRef =
    pageHandle !== undefined
      ? { kind: 'page', userHandle: userHandle ?? '', pageHandle }
      : { kind: 'user', username: username ?? '' };
  // A conversation's state starts afresh when another one opens.
  return <Conversation key={refKey(at)} at={at} />;
}

function Conversation({ at }: { at: ConversationRef }) {
  const viewer = useViewer();
  const location = useLocation();
  // A pushed message of this conversation goes in at once; one that may have started it has the
  // conversation rechecked.
  const pushed = useRef<(message: Message) => void>(undefined);
  const onPushed = useCallback((message: Message) => pushed.current?.(message), []);
  const { live } = useLiveMessages(viewer.key, onPushed);
  const header = useConversationHeader(viewer.key, at);
  const thread = useConversationThread(viewer.key, at, header.data, live);
  const { conversationId, add, latest } = thread;
  // At layout time (so also with Preact, which runs passive effects after paint): a message
  // pushed right after the conversation's id arrived must already find that id.
  useLayoutEffect(() => {
    pushed.current = (message) => {
      if (message.conversation_id === conversationId) add(toChatMessage(message), conversationId);
      else if (conversationId === null) void latest.refetch();
    };
  }, [conversationId, add, latest]);
  const target = thread.latest.data?.target ?? header.data;
  const send = useSendMessage(viewer.key, target);
  const markSeen = useMarkMessagesSeen(viewer.key);

  const other = target ? partyName(target.other) : null;
  const title = !target
    ? 'Messages'
    : target.asPage && target.page
      ? `${other} to ${partyName(target.page)}`
      : `Conversation with ${other}`;
  useDocumentTitle(title);

  // Messages shown are marked seen (the newest incoming one reads the conversation up to it),
  // when the page is in front; again when it comes back to the front.
  const marked = useRef<string | null>(null);
  const newestIncoming = [...thread.messages].reverse().find((message) => !message.mine);
  const unread = thread.latest.data?.unread ?? 0;
  // One pushed since the last look is unread too.
  const pushedSince =
    newestIncoming !== undefined &&
    !thread.latest.data?.messages.some((message) => message.id === newestIncoming.id);
  const { mutate: markMutate } = markSeen;
  useEffect(() => {
    const id = newestIncoming?.id;
    if (!id || (unread === 0 && !pushedSince)) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === id) return;
      marked.current = id;
      markMutate([id]);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestIncoming?.id, unread, pushedSince, markMutate]);

  if (header.isPending || (header.isSuccess && thread.latest.isPending)) {
    return <PageLoader label="Loading the conversation" />;
  }
  const failure = header.error ?? thread.latest.error;
  if (failure) {
    return isApiError(failure) && failure.status === 404 ? (
      <NotFoundView path={pathOf(at)} />
    ) : (
      <ErrorView
        status={500}
        message={failure.message}
        onRetry={() => void (header.isError ? header.refetch() : thread.latest.refetch())}
      />
    );
  }
  if (!target) return <PageLoader label="Loading the conversation" />;

  const started = thread.conversationId ?? target.conversationId;
  const composerLabel =
    target.asPage && target.page
      ? `Answer ${other} as ${partyName(target.page)}`
      : `Message to ${other}`;

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={messagePaths.inbox} size="sm">
        <Group gap={4} component="span">
          <IconChevronLeft size={16} aria-hidden />
          All conversations
        </Group>
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={{ username: target.other.handle, avatar: target.other.avatar }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/${encodeURIComponent(target.other.handle)}`} inherit>
              @{target.other.handle}
            </Anchor>
            {target.page && !target.asPage ? ' (a page)' : ''}
          </Text>
        </Stack>
      </Group>
      <MessageThread
        label={title}
        messages={thread.messages}
        hasOlder={thread.hasOlder}
        loadingOlder={thread.loadingOlder}
        olderFailed={thread.olderFailed}
        onLoadOlder={thread.loadOlder}
        empty={
          target.canWrite
            ? `No messages yet. Say hello to ${other}.`
            : `No messages with ${other} yet.`
        }
      />
      <MessageComposer
        label={composerLabel}
        recipientName={other ?? ''}
        canWrite={target.canWrite}
        writeBlock={target.writeBlock}
        initialText={draftFromState(location.state)}
        onSend={async (text) => {
          const sent = await send.mutateAsync({ text, conversationId: started });
          thread.add(sent.message, sent.conversationId);
          if (!started) void thread.latest.refetch();
        }}
      />
    </Stack>
  );
}
