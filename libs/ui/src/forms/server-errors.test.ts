import { describe, expect, it } from 'vitest';
import { splitServerError } from './server-errors';

const fields = ['email', 'password'];

describe('splitServerError', () => {
  it('puts VALIDATION_FAILED details next to their fields, and the rest in the alert', () => {
    const error = {
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      details: [
        { field: 'email', messages: ['email must be an e-mail address'] },
        { field: 'password', messages: ['too short', 'too common'] },
        { field: 'captcha', messages: ['captcha is required'] },
      ],
    };

    expect(splitServerError(error, fields)).toEqual({
      fieldErrors: { email: 'email must be an e-mail address', password: 'too short too common' },
      formError: 'captcha is required',
    });
  });

  it('puts a code the form maps to a field next to it', () => {
    const error = { code: 'EMAIL_TAKEN', message: 'This e-mail address is already registered.' };
    expect(splitServerError(error, fields, { EMAIL_TAKEN: 'email' })).toEqual({
      fieldErrors: { email: 'This e-mail address is already registered.' },
      formError: null,
    });
  });

  it('shows any other failure as the form error', () => {
    expect(splitServerError({ code: 'INVALID_CREDENTIALS', message: 'Wrong' }, fields)).toEqual({
      fieldErrors: {},
      formError: 'Wrong',
    });
  });

  it('says how long to wait when rate limited', () => {
    const error = { code: 'RATE_LIMITED', message: 'Too many', retryAfterSeconds: 90 };
    expect(splitServerError(error, fields).formError).toBe(
      'Too many attempts. Please wait 2 minutes and try again.',
    );
  });
});

describe('splitServerError wording', () => {
  it("uses the form's own words for a code when it has them", () => {
    const error = { code: 'INVALID_CREDENTIALS', message: 'invalid credentials' };
    expect(
      splitServerError(error, fields, {}, { INVALID_CREDENTIALS: 'Wrong e-mail or password.' }),
    ).toEqual({ fieldErrors: {}, formError: 'Wrong e-mail or password.' });
  });
});
