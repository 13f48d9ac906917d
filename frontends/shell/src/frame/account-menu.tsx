import { displayNameOf, hasRole, type SessionUser } from '@plantfolk/session';
import {
  IconChevronDown,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconSparkles,
  IconUser,
  Text,
  UnstyledButton,
  UserAvatar,
} from '@plantfolk/ui';
import { Menu } from '@plantfolk/ui/controls';
import { Link } from 'react-router';
import { useSessionClient } from '../app/shell-context';

/** The next step of a member who has not finished signing up, if any. */
function unfinishedStep(user: SessionUser): { to: string; label: string } | null {
  if (user.stage === 'signed-up') return { to: '/auth/verify', label: 'Confirm your e-mail' };
  if (user.stage === 'verified') return { to: '/auth/register', label: 'Finish your profile' };
  return null;
}

/** The member's avatar in the header, opening their profile, settings and log out. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const sessionClient = useSessionClient();
  const name = displayNameOf(user);
  const unfinished = unfinishedStep(user);

  return (
    // Inside the header, so the open menu stays within the page's banner landmark.
    <Menu position="bottom-end" width={240} withinPortal={false} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu (${name})`}
          style={{ display: 'flex', alignItems: 'center', gap: 4, borderRadius: 999 }}
        >
          <UserAvatar user={{ username: name, avatar: user.avatar }} size="md" />
          <IconChevronDown size={16} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.username ? `@${user.username}` : name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        {unfinished && (
          <Menu.Item
            component={Link}
            to={unfinished.to}
            leftSection={<IconSparkles size={16} aria-hidden />}
            // Mantine's green menu item is one shade in both modes; the link colour reads in each.
            color="var(--mantine-color-anchor)"
          >
            {unfinished.label}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          Your profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/settings"
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          Settings
        </Menu.Item>
        {hasRole(user, 'admin') && (
          <Menu.Item
            component={Link}
            to="/admin"
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            Admin
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void sessionClient.logout('/')}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
