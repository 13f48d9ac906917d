import {
  Button,
  Card,
  formatCount,
  Group,
  IconArrowRight,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconLogin,
  IconUsers,
  Stack,
  Text,
  Title,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { ShortcutLinks } from './shortcut-links';

const browseLinks = [
  { label: 'Events near you', to: '/events', icon: IconCalendarEvent },
  { label: 'Pages of local groups', to: '/pages', icon: IconBuildingCommunity },
  { label: 'People', to: '/users', icon: IconUsers },
];

/**
 * What a guest sees above the public feed: what Plantfolk is, how much has been shared, and how
 * to take part.
 */
export function GuestWelcome({ counts }: { counts?: { posts: number; plants: number } }) {
  return (
    <Stack gap="md">
      <Card padding="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1} fz={{ base: 28, sm: 34 }} lh={1.15}>
            Welcome to Plantfolk
          </Title>
          <Text size="lg" c="dimmed" maw={620}>
            The neighbourhood network for plant lovers. Share cuttings and know-how, swap plants,
            and meet the local groups that keep your area green.
          </Text>
          {!counts ? (
            // Holds the line's place until the counts arrive, so that nothing below it moves
            // (a layout shift on desktop once the page painted before the feed's answer).
            <Text size="sm" fw={600} aria-hidden>
              {'\u00a0'}
            </Text>
          ) : (
            (counts.posts > 0 || counts.plants > 0) && (
              <Text size="sm" fw={600}>
                {formatCount(counts.posts)} {counts.posts === 1 ? 'post' : 'posts'} and{' '}
                {formatCount(counts.plants)} plant {counts.plants === 1 ? 'listing' : 'listings'}{' '}
                shared so far
              </Text>
            )
          )}
          <Group gap="sm">
            <Button
              component={Link}
              to="/join"
              size="md"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Join Plantfolk
            </Button>
            <Button
              component={Link}
              to="/auth/login"
              size="md"
              variant="default"
              leftSection={<IconLogin size={18} aria-hidden />}
            >
              Log in
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card title="Have a look around" titleOrder={2} padding="md">
        <Text size="sm" c="dimmed" mb="sm">
          You do not need an account to browse what the community shares. Log in to post, comment
          and react.
        </Text>
        <ShortcutLinks shortcuts={browseLinks} />
      </Card>
      <Title order={2} size="h4">
        Recently shared
      </Title>
    </Stack>
  );
}
