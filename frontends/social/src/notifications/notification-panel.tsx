import type { NotificationItem } from '@plantfolk/api-client';
import {
  Alert,
  Box,
  Button,
  Group,
  IconInfoCircle,
  Stack,
  Text,
  TimeAgo,
  UnstyledButton,
  UserAvatar,
} from '@plantfolk/ui';
import { CursorListView } from '@plantfolk/ui/cursor-list';
import { Link } from 'react-router';
import { describeNotification } from './notification-text';
import { useMarkSeen, useNotificationList, useUnreadTally } from './notifications-data';

export interface NotificationPanelProps {
  /** The member's cache key (their uuid). */
  viewer: string;
  /** Called when an item is followed (the panel closes). */
  onNavigate: () => void;
}

/**
 * The member's notifications, grouped and newest first, loading more as the end scrolls into
 * view; each item links to what it is about, and "Mark all seen" clears the unread count.
 */
export function NotificationPanel({ viewer, onNavigate }: NotificationPanelProps) {
  const list = useNotificationList(viewer, true);
  const tally = useUnreadTally(viewer);
  const markSeen = useMarkSeen(viewer);
  const unread = tally.data?.count ?? 0;

  const follow = (item: NotificationItem) => {
    if (item.notif_ids.length) markSeen.mutate(item.notif_ids);
    onNavigate();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {unread ? `${tally.data?.capped ? '99+' : unread} unread` : 'All caught up'}
        </Text>
        <Button
          variant="default"
          size="xs"
          onClick={() => markSeen.mutate([])}
          disabled={unread === 0}
          loading={markSeen.isPending}
        >
          Mark all seen
        </Button>
      </Group>
      {markSeen.isError && (
        <Alert color="red" variant="light" title="Could not mark them seen">
          Try again in a moment.
        </Alert>
      )}
      <CursorListView
        list={list}
        label="Notifications"
        loadingText="Loading notifications…"
        skeletonHeight={56}
        errorTitle="Notifications could not be loaded"
        emptyMessage="No notifications yet. When someone likes or comments on your posts, you’ll hear of it here."
        loadMoreLabel="Show older notifications"
        endMessage="That’s all your notifications."
        rootMargin="200px 0px"
      >
        {(items) =>
          items.map((item, index) => (
            <NotificationRow
              key={item.id}
              item={item}
              position={index + 1}
              total={list.hasMore ? -1 : items.length}
              onFollow={() => follow(item)}
            />
          ))
        }
      </CursorListView>
    </Stack>
  );
}

function NotificationRow({
  item,
  position,
  total,
  onFollow,
}: {
  item: NotificationItem;
  position: number;
  total: number;
  onFollow: () => void;
}) {
  const sentence = describeNotification(item);
  const body = (
    <Group wrap="nowrap" align="flex-start" gap="sm" p="xs">
      {item.actors[0] ? (
        <UserAvatar user={item.actors[0]} size="md" />
      ) : (
        <Box c="green.9" aria-hidden style={{ lineHeight: 0 }}>
          <IconInfoCircle size={32} />
        </Box>
      )}
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={item.seen ? 400 : 700}>
          {sentence}
        </Text>
        {item.comment_excerpt && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            “{item.comment_excerpt}”
          </Text>
        )}
        {item.announcement && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.announcement}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <TimeAgo iso={item.created_at} />
          {item.seen ? '' : ' · Unread'}
        </Text>
      </Stack>
      {!item.seen && (
        <Box
          aria-hidden
          mt={6}
          style={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            flex: 'none',
            background: 'var(--mantine-color-red-9)',
          }}
        />
      )}
    </Group>
  );
  return (
    <article
      aria-label={sentence}
      aria-posinset={position}
      aria-setsize={total}
      className="pf-notification"
      data-seen={item.seen}
    >
      {item.link ? (
        <UnstyledButton
          component={Link}
          to={item.link}
          onClick={onFollow}
          display="block"
          w="100%"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
    </article>
  );
}
