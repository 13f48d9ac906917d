import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../document-title';

export interface NotFoundViewProps {
  path: string;
}

/** The 404 page for a path nobody serves: 'Page not found: {path}'. */
export function NotFoundView({ path }: NotFoundViewProps) {
  useDocumentTitle('Page not found');
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Text className="pf-status-code" aria-hidden>
        404
      </Text>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        Page not found: {path}
      </Title>
      <Text c="dimmed" maw={520}>
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Stack>
  );
}
