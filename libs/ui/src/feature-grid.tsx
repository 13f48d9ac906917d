import { Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Card } from './card';

export interface Feature {
  icon: ComponentType<{ size?: number }>;
  title: string;
  text: string;
}

export interface FeatureGridProps {
  features: readonly Feature[];
  /** Columns from the `sm` breakpoint up (one column on phones). */
  columns?: 2 | 3;
  /** `beside`: icon left of the text (compact); `above`: icon over the title. */
  iconPlacement?: 'beside' | 'above';
  size?: 'md' | 'lg';
}

/** A grid of small cards, each an icon with a title and a line of text (what you can do, how it works). */
export function FeatureGrid({
  features,
  columns = 2,
  iconPlacement = 'beside',
  size = 'md',
}: FeatureGridProps) {
  const iconSize = size === 'lg' ? 44 : 40;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing={size}>
      {features.map(({ icon: Icon, title, text }) => {
        const icon = (
          <ThemeIcon
            variant="light"
            size={iconSize}
            radius="md"
            mb={iconPlacement === 'above' ? 'sm' : 0}
          >
            <Icon size={iconSize - 18} />
          </ThemeIcon>
        );
        const words = (
          <div>
            <Title order={3} size={size === 'lg' ? 'h4' : 'h5'} mb={4}>
              {title}
            </Title>
            <Text size={size === 'lg' ? 'md' : 'sm'} c="dimmed">
              {text}
            </Text>
          </div>
        );
        return (
          <Card key={title} padding={size}>
            {iconPlacement === 'beside' ? (
              <Group wrap="nowrap" align="flex-start" gap="md">
                {icon}
                {words}
              </Group>
            ) : (
              <>
                {icon}
                {words}
              </>
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
