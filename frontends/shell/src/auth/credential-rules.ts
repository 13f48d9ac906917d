import { isValidEmail } from '@plantfolk/api-client';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

export function emailProblem(value: string): string | null {
  if (!value.trim()) return 'Enter your e-mail address.';
  return isValidEmail(value) ? null : 'Enter an e-mail address like name@example.com.';
}

/** Passwords are 8 to 256 characters; never trimmed or cut (the API refuses rather than cut). */
export function newPasswordProblem(value: string): string | null {
  if (value.length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (value.length > MAX_PASSWORD_LENGTH) {
    return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Enter the password again.';
  return password === confirmation ? null : 'The two passwords are not the same.';
}
