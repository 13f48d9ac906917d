import type { Responder } from '@plantfolk/api-client';
import { Card, Group, IconMapPin, Stack, Text, Title, UserAvatar } from '@plantfolk/ui';
import type { ReactNode } from 'react';
import { placeOf } from '../app/paths';

/** Who a profile is of: their summary, and the bio their own page carries. */
export type ProfilePerson = Responder & { bio?: string | null };

/**
 * Who the profile is of: picture, name (their display name first, when they chose one, then the
 * @username), where they are, their bio, and actions. Names and bio are plain text.
 */
export function ProfileHeader({ person, actions }: { person: ProfilePerson; actions?: ReactNode }) {
  const place = placeOf(person);
  return (
    <Card padding="lg">
      <Group gap="lg" wrap="wrap" align="center">
        <UserAvatar user={person} size={88} />
        <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {person.display_name || person.username}
          </Title>
          {person.display_name && (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{person.username}
            </Text>
          )}
          {place && (
            <Group gap={4} c="dimmed">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{place}</Text>
            </Group>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {person.bio && (
        <Text mt="md" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {person.bio}
        </Text>
      )}
    </Card>
  );
}
