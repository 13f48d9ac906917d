import { Button, Group, IconHeart, IconHeartFilled, Text, formatCount } from '@plantfolk/ui';

export interface ReactionButtonProps {
  count: number;
  reacted: boolean;
  /** Without a toggle (guests), only the count shows. */
  onToggle?: () => void;
  pending?: boolean;
  /** What is being liked, for the accessible name ("Like comment by maria, 3 likes"). */
  subject: string;
  /** Opens the list of who liked it: the count becomes its button (when anyone has). */
  onShowReactors?: () => void;
  size?: 'xs' | 'sm';
}

/**
 * The heart and its count; the heart is pressed when the viewer has reacted. With
 * `onShowReactors`, the count is a button of its own that opens who liked it.
 */
export function ReactionButton({
  count,
  reacted,
  onToggle,
  pending,
  subject,
  onShowReactors,
  size = 'sm',
}: ReactionButtonProps) {
  const Icon = reacted ? IconHeartFilled : IconHeart;
  const iconSize = size === 'xs' ? 14 : 18;
  const likes = `${formatCount(count)} ${count === 1 ? 'like' : 'likes'}`;
  const shown = <span data-testid="reaction-count">{formatCount(count)}</span>;
  const countButton = onShowReactors && count > 0 && (
    <Button
      variant="subtle"
      color="gray"
      size={size}
      px={6}
      // A one-digit count is narrower than the 24px a target needs (WCAG 2.2 target size).
      miw={24}
      onClick={onShowReactors}
      aria-haspopup="dialog"
      // Starts with what it shows (WCAG 2.5.3, label in name).
      aria-label={`${likes}: see who liked the ${subject}`}
    >
      {shown}
    </Button>
  );
  if (!onToggle) {
    return countButton ? (
      <Group gap={0} c="dimmed" wrap="nowrap">
        <IconHeart size={iconSize} aria-hidden />
        {countButton}
      </Group>
    ) : (
      <Group gap={4} c="dimmed" aria-label={likes} role="img">
        <IconHeart size={iconSize} aria-hidden />
        <Text span size={size}>
          {shown}
        </Text>
      </Group>
    );
  }
  const toggle = (
    <Button
      variant="subtle"
      color={reacted ? 'red' : 'gray'}
      size={size}
      px={6}
      onClick={onToggle}
      aria-pressed={reacted}
      // The name holds the count shown beside it (WCAG 2.5.3, label in name).
      aria-label={`Like ${subject}, ${likes}`}
      aria-busy={pending || undefined}
      leftSection={onShowReactors ? undefined : <Icon size={iconSize} aria-hidden />}
    >
      {onShowReactors ? <Icon size={iconSize} aria-hidden /> : shown}
    </Button>
  );
  if (!onShowReactors) return toggle;
  return (
    <Group gap={0} wrap="nowrap">
      {toggle}
      {countButton || (
        <Text span size={size} c="dimmed" px={2}>
          {shown}
        </Text>
      )}
    </Group>
  );
}
