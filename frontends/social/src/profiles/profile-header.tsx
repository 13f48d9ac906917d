import type { Responder } from '@plantfolk/api-client';
import { Card, Group, IconMapPin, Stack, Text, Title, UserAvatar } from '@plantfolk/ui';
import type { ReactNode } from 'react';
import { placeOf } from '../app/paths';

/** Who the profile is of: picture, name, where they are, and actions. */
export function ProfileHeader({ person, actions }: { person: Responder; actions?: ReactNode }) {
  const place = placeOf(person);
  return (
    <Card padding="lg">
      <Group gap="lg" wrap="wrap" align="center">
        <UserAvatar user={person} size={88} />
        <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {person.username}
          </Title>
          {place && (
            <Group gap={4} c="dimmed">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{place}</Text>
            </Group>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Card>
  );
}
