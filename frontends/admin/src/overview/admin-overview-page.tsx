import { isApiError } from '@plantfolk/api-client';
import {
  Anchor,
  Card,
  FormAlert,
  Group,
  IconExternalLink,
  IconListDetails,
  IconServer2,
  IconUsers,
  PageTitle,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@plantfolk/ui';
import { useState, type ComponentType, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { memberListOrder, memberLists } from '../users/member-lists';
import { openQueueDashboard, QUEUE_DASHBOARD_PATH } from './open-queue-dashboard';
import { OverviewSummary } from './overview-summary';
import { SystemStatusCard } from './system-status-card';

interface OperatorTool {
  href: string;
  label: string;
  description: string;
  icon: ComponentType<{ size?: number }>;
  /** Runs instead of following the link (the link stays for "open in new tab" and copying). */
  open?: () => Promise<void>;
}

/** Pages served by the API itself, so they are plain links (a full page load), not routes. */
const operatorTools: OperatorTool[] = [
  {
    href: '/api/docs',
    label: 'API documentation',
    description: 'Every endpoint of the API, generated from the code (OpenAPI).',
    icon: IconServer2,
  },
  {
    href: QUEUE_DASHBOARD_PATH,
    label: 'Queue dashboard',
    description: 'Watch and steer the background jobs: e-mail, notifications, clean-up, images.',
    icon: IconListDetails,
    open: () => openQueueDashboard(),
  },
];

function describeOpenFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) {
    return 'The queue dashboard could not be opened: your session does not allow it. Log in again as an admin.';
  }
  return `The queue dashboard could not be opened${
    error instanceof Error ? `: ${error.message}` : '.'
  }`;
}

export function AdminOverviewPage() {
  const [openError, setOpenError] = useState<string | null>(null);
  const onToolClick = (tool: OperatorTool) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!tool.open) return;
    event.preventDefault();
    setOpenError(null);
    tool.open().catch((error: unknown) => setOpenError(describeOpenFailure(error)));
  };
  return (
    <Stack gap="lg">
      <PageTitle
        title="Admin"
        description="The state of the system and the tools to look after it."
      />
      <OverviewSummary />
      <SystemStatusCard />
      <Card title="Members" titleOrder={2}>
        <Text size="sm" c="dimmed" mb="md">
          Find members, make trusted organisers, suspend or delete accounts.
        </Text>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {memberListOrder.map((list) => (
            <Group key={list} component="li" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={38} radius="md">
                <IconUsers size={20} />
              </ThemeIcon>
              <div>
                <Anchor component={Link} to={memberLists[list].path} fw={600}>
                  {memberLists[list].title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {memberLists[list].description}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card title="Operator tools" titleOrder={2}>
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {operatorTools.map((tool) => {
            const { href, label, description, icon: Icon } = tool;
            return (
              <Group key={href} component="li" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={38} radius="md">
                  <Icon size={20} />
                </ThemeIcon>
                <div>
                  <Anchor
                    href={href}
                    target="_blank"
                    rel="noopener"
                    fw={600}
                    onClick={onToolClick(tool)}
                  >
                    <Group gap={4} component="span" wrap="nowrap">
                      {label}
                      <IconExternalLink size={14} aria-hidden />
                    </Group>
                    <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {description}
                  </Text>
                </div>
              </Group>
            );
          })}
        </Stack>
        {openError && (
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <FormAlert message={openError} />
          </div>
        )}
      </Card>
    </Stack>
  );
}
