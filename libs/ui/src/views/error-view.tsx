import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../document-title';

export function defaultStatusText(status: number): string {
  return status === 404 ? 'Page Not Found' : 'Internal Server Error';
}

export interface ErrorViewProps {
  status: number;
  /** Defaults to 'Page Not Found' for 404 and 'Internal Server Error' otherwise (spec). */
  statusText?: string;
  message?: string;
  onRetry?: () => void;
}

/** The error page: status code, status message and the message. */
export function ErrorView({ status, statusText, message, onRetry }: ErrorViewProps) {
  const heading = statusText || defaultStatusText(status);
  useDocumentTitle(heading);
  return (
    <Stack align="flex-start" gap="md" py="xl" role="alert" aria-live="assertive">
      <Text className="pf-status-code" data-testid="error-status">
        {status}
      </Text>
      <Title order={1} size="h2">
        {heading}
      </Title>
      {message && (
        <Text c="dimmed" maw={560} style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      )}
      <Group gap="sm">
        <Button component={Link} to="/">
          Go to the home page
        </Button>
        {onRetry && (
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Stack>
  );
}
