import { identityApi, type IdentityApi, type UserSettings } from './identity-api';

/** How often a kind of e-mail comes: never, one each, or in the daily digest. */
export type EmailMode = UserSettings['email_messages'];

/** What an account that never saved its settings starts with (the API creates the same). */
export const defaultUserSettings: Readonly<UserSettings> = Object.freeze({
  email_on_message: true,
  email_on_comment: true,
  email_on_event: true,
  email_messages: 'immediately',
  email_comments: 'daily',
  email_events: 'daily',
  show_in_nearby: true,
  distance_unit: 'km',
  time_zone: null,
});

/** The browser's IANA time zone (e.g. Europe/Berlin), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A settings change with the browser's time zone added while the member has none (daily digests
 * go at 07:00 there): saving any setting, or signing in, sets it once; the member may change it.
 */
export function withBrowserTimeZone<T extends object>(
  current: Pick<UserSettings, 'time_zone'> | undefined,
  change: T,
): T & { time_zone?: string } {
  const zone = browserTimeZone();
  if (!current || current.time_zone || !zone || 'time_zone' in change) return change;
  return { ...change, time_zone: zone };
}

/**
 * Just signed in: gives the member the browser's time zone if they have none yet, so their daily
 * digest comes at 07:00 where they are. Best effort: any failure is ignored (a later settings
 * save sets it too).
 */
export async function rememberBrowserTimeZone(
  api: Pick<IdentityApi, 'userSettings' | 'updateUserSettings'> = identityApi,
): Promise<void> {
  const zone = browserTimeZone();
  if (!zone) return;
  try {
    const settings = await api.userSettings();
    if (!settings.time_zone) await api.updateUserSettings({ time_zone: zone });
  } catch {
    // Not worth bothering the member about.
  }
}
