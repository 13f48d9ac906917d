import { Button, IconMessageCircle } from '@plantfolk/ui';
import { Link } from 'react-router';
import type { MessageDraftState } from './message-paths';

export interface MessageButtonProps {
  /** The conversation's path (`/messages/{username}` or `/messages/{me}/to/{page}`). */
  to: string;
  /** The accessible name and text ("Message", "Message about this plant"). */
  label?: string;
  /** A first line the composer starts with. */
  draft?: string;
  variant?: 'default' | 'light' | 'filled';
}

/**
 * Opens the conversation with a member or a page (the conversation screen explains when the
 * viewer may not start one). A plain link: it adds nothing to the screens it sits on.
 */
export function MessageButton({
  to,
  label = 'Message',
  draft,
  variant = 'default',
}: MessageButtonProps) {
  const state: MessageDraftState | undefined = draft ? { draft } : undefined;
  return (
    <Button
      component={Link}
      to={to}
      state={state}
      variant={variant}
      leftSection={<IconMessageCircle size={16} aria-hidden />}
    >
      {label}
    </Button>
  );
}
