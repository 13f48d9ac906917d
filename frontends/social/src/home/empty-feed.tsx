import { Button, Card, Group, IconMoodEmpty, IconTag, Stack, Text } from '@plantfolk/ui';
import { Link } from 'react-router';
import { paths } from '../app/paths';

/** A feed with nothing in it yet: what to do about that. */
export function EmptyFeed({ member }: { member: boolean }) {
  return (
    <Card padding="xl">
      <Stack align="center" gap="xs" ta="center">
        <IconMoodEmpty size={36} aria-hidden />
        <Text fw={700}>Nothing here yet</Text>
        <Text size="sm" c="dimmed" maw={420}>
          {member
            ? 'Share your first post above, or follow a few tags to see what others grow.'
            : 'Nobody has shared anything in public yet. Join and be the first.'}
        </Text>
        {member && (
          <Group mt="xs">
            <Button
              component={Link}
              to={paths.interests}
              variant="light"
              leftSection={<IconTag size={16} aria-hidden />}
            >
              Choose your interests
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
