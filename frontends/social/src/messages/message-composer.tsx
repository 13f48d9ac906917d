import {
  Button,
  FormAlert,
  formatCount,
  Group,
  IconInfoCircle,
  IconSend,
  Stack,
  Text,
  splitServerError,
} from '@plantfolk/ui';
import { Textarea } from '@plantfolk/ui/controls';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

/** Spec: a message is plain text of 1 to 2,000 characters (the API's MESSAGE_MAX). */
export const MESSAGE_MAX = 2000;
/** The counter shows from this many characters left. */
export const COUNTER_FROM = 200;

/** Why the viewer cannot write here, in words (the API's write_block codes). */
export function writeBlockReason(block: string | null, name: string): string {
  switch (block) {
    case 'NOT_TRUSTED':
      return 'Only trusted members can start a conversation. You can answer anyone who writes to you; an admin makes a member trusted once they have been active in the community for a while.';
    case 'SELF':
      return 'This is you: there is nobody to write to here.';
    case 'RECIPIENT_UNAVAILABLE':
      return `${name} cannot receive messages right now.`;
    case 'PAGE_CLOSED':
      return `${name} does not take messages.`;
    default:
      return 'You cannot write in this conversation.';
  }
}

const SEND_ERRORS: Record<string, string> = {
  NOT_TRUSTED: writeBlockReason('NOT_TRUSTED', ''),
  FORBIDDEN: writeBlockReason('NOT_TRUSTED', ''),
  MESSAGE_BLANK: 'Write your message first.',
  CONVERSATION_NOT_FOUND: 'This conversation is no longer there.',
  RATE_LIMITED: 'You are sending messages very fast. Wait a moment and try again.',
};

export interface MessageComposerProps {
  /** Names the box ("Message to maria"). */
  label: string;
  /** Who is written to, for the reasons. */
  recipientName: string;
  canWrite: boolean;
  writeBlock: string | null;
  /** The box starts with this (a plant's "Message about this plant"). */
  initialText?: string;
  /** Sends; a rejection is shown above the box and the text is kept. */
  onSend: (text: string) => Promise<void>;
}

/**
 * Writing a message: a growing box (Ctrl+Enter or the button sends), a counter once the text
 * nears the limit, and, when the viewer may not write here, the box disabled with the reason.
 */
export function MessageComposer({
  label,
  recipientName,
  canWrite,
  writeBlock,
  initialText = '',
  onSend,
}: MessageComposerProps) {
  const [text, setText] = useState(initialText);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const left = MESSAGE_MAX - text.trim().length;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canWrite || sending) return;
    const message = text.trim();
    if (!message) {
      setProblem('Write your message first.');
      box.current?.focus();
      return;
    }
    if (message.length > MESSAGE_MAX) {
      setProblem(`A message can have up to ${formatCount(MESSAGE_MAX)} characters.`);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await onSend(message);
      setText('');
    } catch (failure) {
      setProblem(splitServerError(failure, [], {}, SEND_ERRORS).formError);
    } finally {
      setSending(false);
      box.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  if (!canWrite) {
    return (
      <Textarea
        aria-label={label}
        description={
          <Group gap={6} wrap="nowrap" align="flex-start" component="span">
            <IconInfoCircle size={16} aria-hidden style={{ flex: 'none' }} />
            <span>{writeBlockReason(writeBlock, recipientName)}</span>
          </Group>
        }
        inputWrapperOrder={['description', 'input']}
        placeholder="Writing is not possible here"
        disabled
        value=""
        onChange={() => {}}
        minRows={2}
        autosize
        styles={{ description: { fontSize: 'var(--mantine-font-size-sm)', marginBottom: 6 } }}
      />
    );
  }

  const showCounter = left <= COUNTER_FROM;
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={label} noValidate>
      <Stack gap={6}>
        <FormAlert message={problem} />
        <Textarea
          ref={box}
          aria-label={label}
          aria-describedby={showCounter ? counterId : undefined}
          aria-invalid={left < 0 || undefined}
          placeholder="Write a message…"
          autosize
          minRows={2}
          maxRows={8}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text
            id={counterId}
            size="sm"
            c={left < 0 ? 'var(--mantine-color-error)' : undefined}
            aria-live="polite"
          >
            {showCounter
              ? left < 0
                ? `${formatCount(-left)} characters too many`
                : `${formatCount(left)} characters left`
              : ''}
          </Text>
          <Button
            type="submit"
            loading={sending}
            disabled={left < 0}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
