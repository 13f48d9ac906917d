import type { HeaderItemProps } from '@plantfolk/ui';
import { ActionIcon, Drawer, IconBell, Indicator, useDisclosure } from '@plantfolk/ui';
import { NotificationPanel } from './notification-panel';
import { unreadLabel } from './notification-text';
import { useLiveNotifications, useUnreadTally } from './notifications-data';

/**
 * The header's bell (the social remote's header item): the unread count, pushed live and polled
 * as the fallback (at most every 10 s, and on window focus), and the notifications in a panel at the side — a full-screen sheet
 * on a phone. Opening it forces a recheck of the count.
 */
export function NotificationBell({ user }: HeaderItemProps) {
  const viewer = user.uuid;
  const [opened, panel] = useDisclosure(false);
  const tally = useUnreadTally(viewer);
  useLiveNotifications(viewer);
  const count = tally.data?.count ?? 0;
  const shown = unreadLabel(count, tally.data?.capped ?? false);
  const name = count ? `Notifications, ${shown} unread` : 'Notifications';

  const open = () => {
    panel.open();
    void tally.refetch();
  };

  return (
    <>
      <Indicator
        label={<span aria-hidden>{shown}</span>}
        disabled={count === 0}
        color="red.9"
        size={18}
        offset={4}
        inline
      >
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={name}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={open}
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={panel.close}
        position="right"
        size="min(100vw, 26rem)"
        title="Notifications"
      >
        {opened && <NotificationPanel viewer={viewer} onNavigate={panel.close} />}
      </Drawer>
    </>
  );
}

export default NotificationBell;
