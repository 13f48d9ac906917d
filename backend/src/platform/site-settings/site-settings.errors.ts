import { defineErrors } from '../http/app-error';

export const SiteSettingsErrors = defineErrors({
  UNKNOWN_SITE_SETTING: { status: 400, message: 'There is no site setting named "{name}"' },
  SITE_SETTING_WRONG_DATA_TYPE: {
    status: 400,
    message: 'The setting "{name}" is of type {expected}, not {given}',
  },
  SITE_SETTING_INVALID_VALUE: { status: 400, message: 'The value of "{name}" {problem}' },
});
