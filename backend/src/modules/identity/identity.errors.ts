import { defineErrors } from '../../platform/http/app-error';

export const IdentityErrors = defineErrors({
  INVALID_CREDENTIALS: { status: 401, message: 'The e-mail address or password is not right' },
  INVALID_GRANT: {
    status: 400,
    message: 'This login code is not valid any more; please log in again',
  },
  INVALID_REFRESH: { status: 401, message: 'Your session has ended; please log in again' },
  INVALID_TOKEN: { status: 400, message: 'This link is not valid any more' },
  WRONG_PASSWORD: { status: 400, message: 'The current password is not right' },
  WEAK_PASSWORD: {
    status: 400,
    message:
      'This password is one of the most common ones, or close to one, and easy to guess. Choose a longer one: a few unrelated words work well.',
  },
  HANDLE_TAKEN: { status: 409, message: 'This name is already taken' },
  HANDLE_RESERVED: { status: 400, message: 'This name is reserved; please choose another' },
  ALREADY_REGISTERED: {
    status: 409,
    message: 'This account has already chosen a username and location',
  },
  NOT_REGISTERED: { status: 403, message: 'Choose a username and location first' },
  NOT_YOUR_ACCOUNT: { status: 403, message: 'You can only do this for your own account' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  MEMBER_NOT_VERIFIED: {
    status: 409,
    message: 'This member has not verified their e-mail address',
  },
  INVITE_REQUIRED: {
    status: 403,
    message: 'This site is open by invitation only: please sign up through a valid invite link',
  },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  WRONG_CODE: { status: 400, message: 'That code is not right' },
  CODE_EXPIRED: { status: 400, message: 'This code has expired; please ask for a new one' },
  PHONE_MISMATCH: { status: 400, message: 'This code was sent to another number' },
  CANNOT_CHANGE_SELF: { status: 400, message: 'Admins cannot suspend or demote themselves' },
  LAST_ADMIN: {
    status: 409,
    message: 'You can’t remove the last admin: the site needs at least one active admin',
  },
  DELETION_FAILED: {
    status: 500,
    message: 'Your account could not be deleted; nothing was changed',
  },
});
