import {
  Anchor,
  Box,
  Button,
  Center,
  EXTERNAL_LINK_REL,
  Loader,
  Text,
  TimeAgo,
  tokenize,
  VisuallyHidden,
} from '@plantfolk/ui';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from './message-model';

/** A message as plain text, its web addresses made into links (nothing else is interpreted). */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {tokenize(text).map((token, index) =>
        token.kind === 'url' ? (
          <Anchor
            key={index}
            href={token.url}
            target="_blank"
            rel={EXTERNAL_LINK_REL}
            c="inherit"
            underline="always"
            style={{ overflowWrap: 'anywhere' }}
          >
            {token.text}
          </Anchor>
        ) : (
          <Fragment key={index}>{token.text}</Fragment>
        ),
      )}
    </>
  );
}

export interface MessageThreadProps {
  /** The conversation's name ("Conversation with maria"). */
  label: string;
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  /** Shown when there are no messages. */
  empty: string;
}

/** Closer to the bottom than this, a new message scrolls into view. */
const STICK_PX = 120;

/**
 * The messages, oldest at the top and the newest at the bottom, in a scrolling box that opens at
 * the bottom. Scrolling up to the top loads the older page (and a "Load older messages" button
 * does it by keyboard), keeping what was on screen in place; a new message scrolls into view
 * when the reader is at the bottom already (or wrote it).
 */
export function MessageThread({
  label,
  messages,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
  empty,
}: MessageThreadProps) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const loadOlder = useRef(onLoadOlder);
  useEffect(() => {
    loadOlder.current = onLoadOlder;
  }, [onLoadOlder]);

  // What the box showed before this render: its first and last message, height and position.
  const before = useRef({ first: '', last: '', height: 0, nearBottom: true });
  const first = messages[0]?.id ?? '';
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const previous = before.current;
    if (last && last.id !== previous.last) {
      // A new message at the bottom (or the first load): follow it when it makes sense.
      if (previous.last === '' || previous.nearBottom || last.mine) {
        element.scrollTop = element.scrollHeight;
      }
    } else if (first !== previous.first && previous.first !== '') {
      // Older messages went in above: keep the ones on screen where they were.
      element.scrollTop += element.scrollHeight - previous.height;
    }
    before.current = {
      first,
      last: last?.id ?? '',
      height: element.scrollHeight,
      nearBottom: element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX,
    };
  });

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    before.current.nearBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
  };

  useEffect(() => {
    const target = top.current;
    if (!target || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder.current();
      },
      { root: box.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, first]);

  return (
    <div
      ref={box}
      className="pf-message-thread"
      role="log"
      aria-label={label}
      aria-busy={loadingOlder || undefined}
      tabIndex={0}
      onScroll={onScroll}
      style={{
        height: 'min(60dvh, 36rem)',
        minHeight: '16rem',
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        padding: 'var(--mantine-spacing-sm)',
      }}
    >
      <div ref={top} aria-hidden />
      {hasOlder && (
        <Center pb="sm">
          {loadingOlder ? (
            <Text size="sm" c="dimmed" role="status">
              <Loader size="xs" aria-hidden mr="xs" />
              Loading older messages…
            </Text>
          ) : (
            <Button variant="subtle" size="xs" onClick={onLoadOlder}>
              {olderFailed
                ? 'Older messages could not be loaded: try again'
                : 'Load older messages'}
            </Button>
          )}
        </Center>
      )}
      {!hasOlder && messages.length > 0 && (
        <Text size="xs" c="dimmed" ta="center" pb="sm">
          The start of the conversation
        </Text>
      )}
      {messages.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {empty}
        </Text>
      ) : (
        <ol className="pf-plain-list" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  return (
    <li
      className="pf-message"
      data-mine={message.mine}
      style={{ display: 'flex', justifyContent: message.mine ? 'flex-end' : 'flex-start' }}
    >
      <Box
        px="sm"
        py={6}
        maw="85%"
        style={{
          borderRadius: 'var(--mantine-radius-lg)',
          background: message.mine
            ? 'var(--mantine-color-green-light)'
            : 'var(--mantine-color-default-hover)',
          minWidth: 0,
        }}
      >
        <VisuallyHidden>{message.mine ? 'You' : message.senderName}: </VisuallyHidden>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <MessageText text={message.text} />
        </Text>
        <Text size="xs" ta={message.mine ? 'right' : 'left'}>
          {!message.mine && `${message.senderName} · `}
          <TimeAgo iso={message.createdAt} />
        </Text>
      </Box>
    </li>
  );
}
