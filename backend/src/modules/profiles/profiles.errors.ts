import { defineErrors } from '../../platform/http/app-error';

export const ProfilesErrors = defineErrors({
  NOT_YOUR_ACCOUNT: { status: 403, message: 'You can only do this for your own account' },
});
