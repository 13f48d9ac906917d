import { describe, expect, it, vi } from 'vitest';
import type { UserSettings } from './identity-api';
import {
  browserTimeZone,
  defaultUserSettings,
  rememberBrowserTimeZone,
  withBrowserTimeZone,
} from './user-settings';

const withZone = (time_zone: string | null): UserSettings => ({
  ...defaultUserSettings,
  time_zone,
});

describe('the member’s time zone', () => {
  it('comes from the browser', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is added to a settings change while the member has none, and only then', () => {
    const zone = browserTimeZone();
    expect(withBrowserTimeZone(withZone(null), { show_in_nearby: false })).toEqual({
      show_in_nearby: false,
      time_zone: zone,
    });
    expect(withBrowserTimeZone(withZone('Asia/Tokyo'), { show_in_nearby: false })).toEqual({
      show_in_nearby: false,
    });
    // A zone the member picks wins; settings not loaded yet: nothing is guessed.
    expect(withBrowserTimeZone(withZone(null), { time_zone: 'Europe/Oslo' })).toEqual({
      time_zone: 'Europe/Oslo',
    });
    expect(withBrowserTimeZone(undefined, { show_in_nearby: true })).toEqual({
      show_in_nearby: true,
    });
  });

  it('is saved at sign-in when unset, left alone when set, and a failure is ignored', async () => {
    const api = (current: string | null) => ({
      userSettings: vi.fn(async () => withZone(current)),
      updateUserSettings: vi.fn(async (change: { time_zone?: string }) => ({
        ...withZone(current),
        ...change,
      })),
    });
    const unset = api(null);
    await rememberBrowserTimeZone(unset);
    expect(unset.updateUserSettings).toHaveBeenCalledWith({ time_zone: browserTimeZone() });

    const set = api('Asia/Tokyo');
    await rememberBrowserTimeZone(set);
    expect(set.updateUserSettings).not.toHaveBeenCalled();

    const failing = api(null);
    failing.userSettings.mockRejectedValueOnce(new Error('offline'));
    await expect(rememberBrowserTimeZone(failing)).resolves.toBeUndefined();
    expect(failing.updateUserSettings).not.toHaveBeenCalled();
  });
});
