import { hasRole, isTrusted, type SessionUser } from '@plantfolk/session';
import {
  IconBuildingCommunity,
  IconCalendarEvent,
  IconHome,
  IconMessageCircle,
  IconSettings,
  IconShieldLock,
  IconUser,
  IconUsers,
  type NavItem,
} from '@plantfolk/ui';

/** Open to everyone, guests included. */
export const publicNavigation: NavItem[] = [
  { label: 'Home', to: '/', icon: IconHome, end: true },
  { label: 'Events', to: '/events', icon: IconCalendarEvent },
  { label: 'Pages', to: '/pages', icon: IconBuildingCommunity },
  { label: 'People', to: '/users', icon: IconUsers },
];

export const messagesNavigation: NavItem = {
  label: 'Messages',
  to: '/messages',
  icon: IconMessageCircle,
};

export const memberNavigation: NavItem[] = [
  { label: 'Profile', to: '/profile', icon: IconUser },
  { label: 'Settings', to: '/settings', icon: IconSettings, end: true },
];

export const adminNavigation: NavItem = { label: 'Admin', to: '/admin', icon: IconShieldLock };

/**
 * The left navigation follows the route policies: members see their profile and settings,
 * trusted members (and admins) messages, admins the admin area.
 */
export function navigationFor(user: SessionUser | null): NavItem[] {
  if (!user) return publicNavigation;
  return [
    ...publicNavigation,
    ...(isTrusted(user) ? [messagesNavigation] : []),
    ...memberNavigation,
    ...(hasRole(user, 'admin') ? [adminNavigation] : []),
  ];
}
