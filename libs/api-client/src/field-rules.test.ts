import { describe, expect, it } from 'vitest';
import cases from './email-address-cases.json';
import { isReservedHandle, isValidEmail, MAX_EMAIL_LENGTH } from './field-rules';

describe('isValidEmail: the one table the API is tested with too', () => {
  it.each(cases.valid)('accepts %j', (email) => expect(isValidEmail(email)).toBe(true));

  it.each(cases.invalid)('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));

  it('forgives spaces typed around an address (the forms trim it before sending)', () => {
    expect(isValidEmail('  padded@example.com  ')).toBe(true);
  });

  it('takes the length limit from the API', () => {
    expect(MAX_EMAIL_LENGTH).toBe(254);
  });
});

describe('isReservedHandle: the words the API refuses as a handle', () => {
  it.each(['events', 'Admin', 'SETTINGS', 'api'])('reserves %j', (word) =>
    expect(isReservedHandle(word)).toBe(true),
  );

  it('leaves ordinary names free', () => {
    expect(isReservedHandle('fern')).toBe(false);
  });
});
