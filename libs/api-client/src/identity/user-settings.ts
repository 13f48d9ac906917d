import type { UserSettings } from './identity-api';

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
});
