import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageTitleProps {
  title: ReactNode;
  description?: ReactNode;
  /** Actions shown next to the title (buttons, links). */
  actions?: ReactNode;
}

/** The h1 of a page with an optional lead paragraph. */
export function PageTitle({ title, description, actions }: PageTitleProps) {
  return (
    <Stack gap={6} mb="lg">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Title order={1} size="h2" style={{ flex: '1 1 auto' }}>
          {title}
        </Title>
        {actions}
      </div>
      {description && (
        <Text c="dimmed" size="lg" maw={680}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
