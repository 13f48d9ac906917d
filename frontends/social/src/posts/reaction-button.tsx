import { Button, Group, IconHeart, IconHeartFilled, Text, formatCount } from '@plantfolk/ui';

export interface ReactionButtonProps {
  count: number;
  reacted: boolean;
  /** Without a toggle (guests), only the count shows. */
  onToggle?: () => void;
  pending?: boolean;
  /** What is being liked, for the accessible name ("Like post", "Like comment by maria"). */
  subject: string;
  size?: 'xs' | 'sm';
}

/** The heart with its count; pressed when the viewer has reacted. */
export function ReactionButton({
  count,
  reacted,
  onToggle,
  pending,
  subject,
  size = 'sm',
}: ReactionButtonProps) {
  const Icon = reacted ? IconHeartFilled : IconHeart;
  const iconSize = size === 'xs' ? 14 : 18;
  if (!onToggle) {
    return (
      <Group
        gap={4}
        c="dimmed"
        aria-label={`${formatCount(count)} ${count === 1 ? 'like' : 'likes'}`}
        role="img"
      >
        <IconHeart size={iconSize} aria-hidden />
        <Text span size={size}>
          {formatCount(count)}
        </Text>
      </Group>
    );
  }
  return (
    <Button
      variant="subtle"
      color={reacted ? 'red' : 'gray'}
      size={size}
      px={6}
      onClick={onToggle}
      aria-pressed={reacted}
      aria-label={`Like ${subject}`}
      aria-busy={pending || undefined}
      leftSection={<Icon size={iconSize} aria-hidden />}
    >
      <span data-testid="reaction-count">{formatCount(count)}</span>
    </Button>
  );
}
