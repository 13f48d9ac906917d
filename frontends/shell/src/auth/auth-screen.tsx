import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@plantfolk/ui';
import type { ComponentType, ReactNode } from 'react';

export interface AuthScreenProps {
  title: string;
  description?: ReactNode;
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Below the card: links to the other auth screens. */
  footer?: ReactNode;
  /** Wider card for longer forms (registration). */
  wide?: boolean;
  children?: ReactNode;
}

/** The frame of the auth screens: one centred card on a soft green wash (no-margin layout). */
export function AuthScreen({
  title,
  description,
  icon: Icon,
  footer,
  wide = false,
  children,
}: AuthScreenProps) {
  return (
    <Box
      px="md"
      py={{ base: 32, md: 64 }}
      style={{
        minHeight: 'calc(100vh - 60px)',
        background:
          'radial-gradient(circle at 20% 0%, var(--mantine-color-green-light) 0%, transparent 55%)',
      }}
    >
      <Stack maw={wide ? 620 : 460} mx="auto" gap="md">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" className="pf-card">
          <Stack gap="lg">
            <Stack gap="xs">
              {Icon && (
                <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                  <Icon size={26} aria-hidden />
                </ThemeIcon>
              )}
              <Title order={1} size="h2">
                {title}
              </Title>
              {description && <Text c="dimmed">{description}</Text>}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text size="sm" ta="center" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
