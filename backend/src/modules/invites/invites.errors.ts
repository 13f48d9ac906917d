import { defineErrors } from '../../platform/http/app-error';

export const InvitesErrors = defineErrors({
  INVITE_NOT_FOUND: { status: 404, message: 'Invite not found' },
  INVITE_NO_LONGER_VALID: {
    status: 410,
    message: 'This invite has expired, been used or been switched off',
  },
  NOT_YOUR_INVITE: {
    status: 403,
    message: 'Only the invite’s sender (or an admin) can do this',
  },
  INVITER_MUST_BE_CALLER: { status: 403, message: 'You can only send invites as yourself' },
  MAY_NOT_INVITE_TO_SITE: {
    status: 403,
    message: 'Only trusted members and admins can invite people to the site',
  },
  MAY_NOT_INVITE_TO_PAGE: { status: 403, message: 'Only the page’s owner can invite to it' },
  MAY_NOT_INVITE_TO_EVENT: {
    status: 403,
    message: 'Only the event’s creator can invite to it',
  },
  TARGET_NOT_FOUND: { status: 404, message: 'The page or event to invite to was not found' },
  SITE_INVITE_IS_FOR_SIGN_UP: {
    status: 409,
    message: 'You are already a member: a site invite is for signing up',
  },
});
