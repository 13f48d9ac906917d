import { Avatar, type MantineSize } from '@mantine/core';
import { storageImageUrl } from './image-url';

export interface AvatarUser {
  username: string;
  avatar?: string | null;
}

export interface UserAvatarProps {
  user: AvatarUser;
  size?: MantineSize | number;
}

/**
 * Backgrounds for initials, white text on each: all at least 4.5:1 (WCAG AA) and the same in the
 * light and the dark colour mode. Mantine's own `initials` colours are light tints whose text
 * falls short of that.
 */
export const INITIALS_COLORS = [
  'blue.9',
  'cyan.9',
  'teal.9',
  'indigo.9',
  'violet.9',
  'grape.9',
  'pink.9',
  'red.9',
] as const;

/** The same colour for the same name, everywhere. */
export function initialsColor(name: string): (typeof INITIALS_COLORS)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return INITIALS_COLORS[hash % INITIALS_COLORS.length] ?? INITIALS_COLORS[0];
}

/** A user's picture, or their initials on a colour derived from the name when they have none. */
export function UserAvatar({ user, size = 'md' }: UserAvatarProps) {
  return (
    <Avatar
      src={user.avatar ? storageImageUrl(user.avatar) : null}
      alt={user.username}
      name={user.username}
      color={initialsColor(user.username)}
      variant="filled"
      size={size}
      radius="xl"
    />
  );
}
