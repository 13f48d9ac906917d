import type { HeaderItemProps } from '@plantfolk/ui';
import { ActionIcon, IconMessages, Indicator } from '@plantfolk/ui';
import { Link } from 'react-router';
import { messagePaths } from './message-paths';
import { useMessagesTally } from './messages-data';
import { useLiveMessages } from './use-live-messages';

/** "99+" from 100 on, as the bell shows its count. */
export function tallyLabel(count: number, capped: boolean): string {
  return capped || count > 99 ? '99+' : String(count);
}

/**
 * The header's messages icon (the social remote's header item, next to the bell): a link to
 * /messages with the count of unread messages, kept current by live pushes and, as the fallback,
 * rechecked at most every 10 s (and on window focus).
 */
export function MessagesIcon({ user }: HeaderItemProps) {
  const { live } = useLiveMessages(user.uuid);
  const tally = useMessagesTally(user.uuid, live);
  const count = tally.data?.count ?? 0;
  const shown = tallyLabel(count, tally.data?.capped ?? false);
  const name = count ? `Messages, ${shown} unread` : 'Messages';

  return (
    <Indicator
      label={<span aria-hidden>{shown}</span>}
      disabled={count === 0}
      color="red.9"
      size={18}
      offset={4}
      inline
    >
      <ActionIcon
        component={Link}
        to={messagePaths.inbox}
        variant="default"
        size="lg"
        radius="xl"
        aria-label={name}
      >
        <IconMessages size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

export default MessagesIcon;
