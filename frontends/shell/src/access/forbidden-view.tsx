import { Button, Group, Stack, Text, Title, useDocumentTitle } from '@plantfolk/ui';
import { Link } from 'react-router';
import type { MissingRole } from './access-decision';

const explanations: Record<MissingRole, { title: string; text: string }> = {
  trusted: {
    title: 'This page is for trusted members',
    text: 'Trusted members can create pages and events and send messages. An admin makes a member trusted, usually once they have been active in the community for a while.',
  },
  admin: {
    title: 'This page is for admins',
    text: 'Only Plantfolk admins can see this page. If you think you should have access, ask an admin.',
  },
};

/** The 403 page: the user is logged in, but the page needs a role they do not have. */
export function ForbiddenView({ missingRole }: { missingRole: MissingRole }) {
  const { title, text } = explanations[missingRole];
  useDocumentTitle('Not allowed');
  return (
    <Stack align="flex-start" gap="md" py="xl" data-testid="forbidden">
      <Text className="pf-status-code" aria-hidden>
        403
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" maw={560}>
        {text}
      </Text>
      <Group gap="sm">
        <Button component={Link} to="/">
          Go to the home page
        </Button>
        <Button component={Link} to="/about" variant="default">
          About Plantfolk
        </Button>
      </Group>
    </Stack>
  );
}
