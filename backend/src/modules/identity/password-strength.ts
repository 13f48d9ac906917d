import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { IdentityErrors } from './identity.errors';

/**
 * zxcvbn's score runs 0–4; below 2 means "fewer than a million guesses": the breached-password
 * lists (zxcvbn-ts's maintained `passwords-common` dictionary), those with a digit or a capital
 * tacked on, keyboard walks and repeats. Long passphrases of common words still pass.
 */
export const MIN_PASSWORD_SCORE = 2;

/** How much of a password the estimate reads (the API takes up to 256 characters). */
export const PASSWORD_CHECKED_LENGTH = 100;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The dictionaries take tens of milliseconds and a few megabytes to load: once per process, on
 * the first password checked, so a worker that never sees one never pays for them.
 */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')])
    .then(
      ([{ ZxcvbnFactory }, common]) =>
        new ZxcvbnFactory({
          dictionary: common.dictionary,
          graphs: common.adjacencyGraphs,
          // The estimate's cost grows faster than the length (256 characters cost three times
          // what 100 do). Scoring the first 100 keeps a sign-up cheap on a busy machine; a
          // password whose first 100 characters are guessable is refused whatever follows.
          maxLength: PASSWORD_CHECKED_LENGTH,
        }),
    )
    .catch((error: unknown) => {
      estimator = undefined;
      throw error;
    });
  return estimator;
}

/** Whether a password is among the common ones or close to one; `related` are the account's own words. */
export async function isGuessablePassword(
  password: string,
  related: string[] = [],
): Promise<boolean> {
  const words = related.flatMap((value) => [value, value.split('@')[0]]).filter(Boolean);
  const { score } = (await passwordEstimator()).check(password, words);
  return score < MIN_PASSWORD_SCORE;
}

/** Refuses a guessable password with WEAK_PASSWORD, naming the field it came in. */
export async function assertStrongPassword(
  password: string,
  field: 'password' | 'new_password',
  related: string[] = [],
): Promise<void> {
  if (await isGuessablePassword(password, related)) throw IdentityErrors.WEAK_PASSWORD({ field });
}
