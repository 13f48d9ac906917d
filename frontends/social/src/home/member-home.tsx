import { Text, Title } from '@plantfolk/ui';

/** The top of a member's home page, above the composer and their feed. */
export function MemberHome({ username }: { username: string }) {
  return (
    <div>
      <Title order={1} size="h3">
        Welcome back, {username}
      </Title>
      <Text c="dimmed" size="sm">
        See what is growing around you.
      </Text>
    </div>
  );
}
