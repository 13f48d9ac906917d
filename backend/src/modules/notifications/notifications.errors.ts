import { defineErrors } from '../../platform/http/app-error';

export const NotificationsErrors = defineErrors({
  CAUSE_NOT_FOUND: { status: 404, message: 'Nothing of yours to notify about was found' },
});
