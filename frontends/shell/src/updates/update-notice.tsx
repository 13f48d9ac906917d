import { Button, Group, IconRefresh, Notification, Text } from '@plantfolk/ui';
import { useShellServices, useUpdateAvailable } from '../app/shell-context';
import { reloadPage } from '../errors/reload-page';

export interface UpdateNoticeViewProps {
  onReload: () => void;
  onDismiss: () => void;
}

/** A quiet, non-blocking notice: the user reloads when it suits them. */
export function UpdateNoticeView({ onReload, onDismiss }: UpdateNoticeViewProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: 200,
        maxWidth: 'calc(100vw - 32px)',
      }}
    >
      <Notification
        icon={<IconRefresh size={18} aria-hidden />}
        title="A new version of Plantfolk is available"
        onClose={onDismiss}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        withBorder
        radius="md"
        w={380}
        maw="100%"
      >
        <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
          <Text size="sm" c="dimmed">
            Reload to get the latest improvements.
          </Text>
          <Button size="xs" onClick={onReload} style={{ flexShrink: 0 }}>
            Reload
          </Button>
        </Group>
      </Notification>
    </div>
  );
}

export function UpdateNotice() {
  const available = useUpdateAvailable();
  const { updates } = useShellServices();
  if (!available) return null;
  return <UpdateNoticeView onReload={reloadPage} onDismiss={updates.dismiss} />;
}
