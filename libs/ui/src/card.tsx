import { Card as MantineCard, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface CardProps {
  /** Heading of the card; also labels it for assistive technology. */
  title?: ReactNode;
  titleOrder?: 2 | 3 | 4;
  children: ReactNode;
  padding?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

/** A bordered surface for one piece of content, as a labelled section. */
export function Card({ title, titleOrder = 2, children, padding = 'lg', className }: CardProps) {
  const headingId = useId();
  return (
    <MantineCard
      component="section"
      withBorder
      radius="lg"
      padding={padding}
      className={['pf-card', className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
    >
      {title && (
        <Title order={titleOrder} size="h4" id={headingId} mb="sm">
          {title}
        </Title>
      )}
      {children}
    </MantineCard>
  );
}
