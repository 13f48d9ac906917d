/** What the forms need of an API failure (the API client's ApiError has this shape). */
export interface ServerErrorLike {
  code?: string;
  message: string;
  details?: unknown;
  retryAfterSeconds?: number;
}

interface FieldProblem {
  field: string;
  messages: string[];
}

function isFieldProblems(details: unknown): details is FieldProblem[] {
  return (
    Array.isArray(details) &&
    details.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as FieldProblem).field === 'string' &&
        Array.isArray((item as FieldProblem).messages),
    )
  );
}

export interface SplitServerError {
  /** Messages for fields the form has. */
  fieldErrors: Record<string, string>;
  /** Whatever cannot be shown next to a field, for the alert above the form. */
  formError: string | null;
}

/**
 * Places an API failure in a form: VALIDATION_FAILED details (`[{field, messages}]`) next to the
 * fields they name, a code the form maps to a field (`HANDLE_TAKEN` → username) next to that field,
 * and everything else in the form's alert. `messageForCode` replaces the API's wording where the
 * form knows better what to tell the user.
 */
export function splitServerError(
  error: unknown,
  fields: readonly string[],
  fieldForCode: Record<string, string> = {},
  messageForCode: Record<string, string> = {},
): SplitServerError {
  const fieldErrors: Record<string, string> = {};
  if (typeof error !== 'object' || error === null || !('message' in error)) {
    return { fieldErrors, formError: 'Something went wrong. Please try again.' };
  }
  const original = error as ServerErrorLike;
  const ownMessage = original.code ? messageForCode[original.code] : undefined;
  const failure = ownMessage ? { ...original, message: ownMessage } : original;
  const known = new Set(fields);

  if (failure.code === 'VALIDATION_FAILED' && isFieldProblems(failure.details)) {
    const unplaced: string[] = [];
    for (const { field, messages } of failure.details) {
      if (known.has(field)) fieldErrors[field] = messages.join(' ');
      else unplaced.push(...messages);
    }
    return { fieldErrors, formError: unplaced.length > 0 ? unplaced.join(' ') : null };
  }
  const field = failure.code ? fieldForCode[failure.code] : undefined;
  if (field && known.has(field)) {
    fieldErrors[field] = failure.message;
    return { fieldErrors, formError: null };
  }
  return { fieldErrors, formError: describeFailure(failure) };
}

function describeFailure(failure: ServerErrorLike): string {
  if (failure.code === 'RATE_LIMITED') {
    const wait = failure.retryAfterSeconds;
    return wait
      ? `Too many attempts. Please wait ${formatWait(wait)} and try again.`
      : 'Too many attempts. Please wait a little and try again.';
  }
  return failure.message;
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
