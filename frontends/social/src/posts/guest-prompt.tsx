import { Button, Card, Group, IconLogin, Text } from '@plantfolk/ui';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths';
import type { Viewer } from '../app/viewer';

/**
 * In place of the write controls: guests are invited to log in, members who have not finished
 * registering to finish (the API lets only registered members post, comment and react).
 */
export function JoinConversationPrompt({ viewer }: { viewer: Viewer }) {
  const { pathname, search } = useLocation();
  if (viewer.user) {
    return (
      <Card padding="md">
        <Text size="sm">
          Finish setting up your profile to post, comment and react.{' '}
          <Link to={paths.register}>Choose your username and location</Link>
        </Text>
      </Card>
    );
  }
  return (
    <Card padding="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Log in to join the conversation.</Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.login(pathname + search)}
            size="xs"
            variant="default"
            leftSection={<IconLogin size={16} aria-hidden />}
          >
            Log in
          </Button>
          <Button component={Link} to="/join" size="xs">
            Join
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
