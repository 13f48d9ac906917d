import { defineErrors } from '../../platform/http/app-error';

export const FormsErrors = defineErrors({
  FORM_ENTRY_NOT_FOUND: { status: 404, message: 'Form entry not found' },
  REPLY_EMAIL_REQUIRED: {
    status: 400,
    message: 'Please leave an e-mail address so we can answer you',
  },
  FORM_TOKEN_INVALID: {
    status: 400,
    message: 'This form has expired; please reload the page and send it again',
  },
  FORM_TOO_QUICK: {
    status: 400,
    message: 'That was quick! Please take a moment and send it again',
  },
});
