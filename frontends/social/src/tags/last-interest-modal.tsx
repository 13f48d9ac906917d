import { Button, Group, Modal, Text } from '@plantfolk/ui';

/** The warning before removing the viewer's last interest (check-if-last said so). */
export function LastInterestModal({
  opened,
  onCancel,
  onConfirm,
  busy,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Remove your last interest?">
      <Text size="sm">
        This is the last tag you follow, grow or want. Without any, your feed can no longer favour
        what you care about. You can add interests again at any time.
      </Text>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onCancel}>
          Keep it
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
