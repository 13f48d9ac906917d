import type { SettingsSection } from '@plantfolk/ui';
import { AboutSection } from './about-section';
import { AvatarSection } from './avatar-section';
import { DeleteAccountSection } from './delete-account-section';
import { PasswordSection } from './password-section';
import { PhoneSection } from './phone-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

/**
 * The shell's own sections of /settings, on the same contract a remote contributes through;
 * they take the hundreds, so a remote's section can sit between any two (650: the social
 * remote's e-mail notifications, after the privacy switches). Deleting the account stays last.
 */
export const shellSettingsSections: readonly SettingsSection[] = [
  { id: 'profile', order: 100, title: 'Profile', Component: ProfileSection },
  { id: 'photo', order: 200, title: 'Profile photo', Component: AvatarSection },
  { id: 'about', order: 250, title: 'About you', Component: AboutSection },
  { id: 'phone', order: 300, title: 'Phone number', Component: PhoneSection },
  { id: 'password', order: 400, title: 'Password', Component: PasswordSection },
  { id: 'sessions', order: 500, title: 'Where you are logged in', Component: SessionsSection },
  { id: 'privacy', order: 600, title: 'Privacy and distances', Component: PreferencesSection },
  { id: 'delete', order: 900, title: 'Delete your account', Component: DeleteAccountSection },
];
