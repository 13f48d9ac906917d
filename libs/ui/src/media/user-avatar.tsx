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

/** A user's picture, or their initials on a colour derived from the name when they have none. */
export function UserAvatar({ user, size = 'md' }: UserAvatarProps) {
  return (
    <Avatar
      src={user.avatar ? storageImageUrl(user.avatar) : null}
      alt={user.username}
      name={user.username}
      color="initials"
      size={size}
      radius="xl"
    />
  );
}
