/**
 * Every admin screen, in the order of the admin sub-navigation. One list, so the navigation, the
 * overview's links and the tests agree; a new admin screen adds its row here.
 */
export interface AdminScreen {
  path: string;
  label: string;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '/admin', label: 'Overview' },
  { path: '/admin/users/registered', label: 'Members' },
  { path: '/admin/users/incomplete', label: 'Unfinished sign-ups' },
  { path: '/admin/tags', label: 'Tags' },
  { path: '/admin/email', label: 'E-mails' },
  { path: '/admin/database', label: 'Database' },
  { path: '/admin/forms', label: 'Forms' },
  { path: '/admin/settings', label: 'Site settings' },
  { path: '/admin/settings/video', label: 'Video' },
  { path: '/settings/location', label: 'Map location' },
  { path: '/admin/audit', label: 'Audit log' },
];
