import type { UserSettings } from './identity-api';

/** What an account that never saved its settings starts with (the API creates the same). */
export const defaultUserSettings: Readonly<UserSettings> = Object.freeze({
  email_on_message: true,
  email_on_comment: true,
  email_on_event: true,
  show_in_nearby: true,
  distance_unit: 'km',
});
