import {
  Button,
  Card,
  Group,
  IconPlugConnectedX,
  IconRefresh,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useDocumentTitle,
} from '@plantfolk/ui';
import type { RemoteName } from './ownership';

const sliceDescriptions: Record<RemoteName, string> = {
  social: 'the community feed, profiles and pages',
  events: 'events',
  admin: 'the admin area',
};

export interface RemoteUnavailableProps {
  name: RemoteName;
  onRetry: () => void;
  retrying?: boolean;
}

/** Shown in the slot of a remote that failed to load; header and navigation keep working. */
export function RemoteUnavailable({ name, onRetry, retrying = false }: RemoteUnavailableProps) {
  useDocumentTitle('Unavailable');
  return (
    <Card padding="xl">
      <Stack align="flex-start" gap="md" role="alert">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconPlugConnectedX size={26} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h3">
          This part of Plantfolk is unavailable right now
        </Title>
        <Text c="dimmed" maw={520}>
          We could not load {sliceDescriptions[name]}. Everything else still works — try again in a
          moment.
        </Text>
        <Group>
          <Button
            onClick={onRetry}
            loading={retrying}
            leftSection={<IconRefresh size={18} aria-hidden />}
          >
            Retry
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
