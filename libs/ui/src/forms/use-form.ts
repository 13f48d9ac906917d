import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { splitServerError } from './server-errors';
import { hasUnsavedChanges } from './validators';

export type FormValue = string | number | boolean | null;
export type FormValues = Record<string, FormValue>;
export type FormErrors<V> = Partial<Record<Extract<keyof V, string>, string | null | undefined>>;

export interface UseFormOptions<V extends FormValues> {
  initialValues: V;
  /** Returns a message per invalid field; fields without a message are valid. */
  validate?: (values: V) => FormErrors<V>;
  /** API error codes that belong next to a field (`HANDLE_TAKEN` → `username`). */
  fieldForCode?: Partial<Record<string, Extract<keyof V, string>>>;
  /** What to say for an API error code, instead of the API's message. */
  messageForCode?: Partial<Record<string, string>>;
}

type Field<V> = Extract<keyof V, string>;

const isChangeEvent = (value: unknown): value is ChangeEvent<HTMLInputElement> =>
  typeof value === 'object' && value !== null && 'currentTarget' in value;

/** Puts the cursor into the first field with an error once it has rendered. */
function focusFirstInvalid(form: HTMLFormElement | null | undefined) {
  if (!form) return;
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

/**
 * Form state for the app's forms: values, validation on submit, API errors at their fields or in
 * the form's alert, submit progress, and unsaved-change detection on trimmed values.
 */
export function useForm<V extends FormValues>({
  initialValues,
  validate,
  fieldForCode = {},
  messageForCode = {},
}: UseFormOptions<V>) {
  const [initial, setInitial] = useState(initialValues);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Mirrors of the state for code that runs between renders (navigation blockers, submits).
  const valuesRef = useRef(initialValues);
  const initialRef = useRef(initialValues);

  const setFieldValue = useCallback(<K extends Field<V>>(name: K, value: V[K]) => {
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    setValues(next);
    // The user is fixing it: the old message no longer describes what is typed.
    setErrors((current) => (current[name] ? { ...current, [name]: null } : current));
  }, []);

  /** Shows a message at one field (an answer of the API that the form interprets itself). */
  const setFieldError = useCallback((name: Field<V>, message: string | null) => {
    setErrors((current) => ({ ...current, [name]: message }));
  }, []);

  /** Makes `next` (or the current values) the saved state: the form is clean again. */
  const resetTo = useCallback((next?: V) => {
    const saved = next ?? valuesRef.current;
    initialRef.current = saved;
    valuesRef.current = saved;
    setInitial(saved);
    setValues(saved);
    setErrors({});
    setFormError(null);
  }, []);

  /** Reads the latest values, for blockers that run outside rendering. */
  const isDirtyNow = useCallback(
    () => hasUnsavedChanges(initialRef.current, valuesRef.current),
    [],
  );

  const getInputProps = <K extends Field<V>>(name: K) => ({
    name,
    value: (values[name] ?? '') as Exclude<V[K], boolean | null>,
    error: errors[name] || undefined,
    onChange: (eventOrValue: ChangeEvent<HTMLInputElement> | V[K]) =>
      setFieldValue(
        name,
        (isChangeEvent(eventOrValue) ? eventOrValue.currentTarget.value : eventOrValue) as V[K],
      ),
  });

  const getCheckboxProps = <K extends Field<V>>(name: K) => ({
    name,
    checked: Boolean(values[name]),
    error: errors[name] || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFieldValue(name, event.currentTarget.checked as V[K]),
  });

  /** Validates, then runs `handler`; an API failure it throws lands at the fields or the alert. */
  const onSubmit =
    (handler: (values: V) => Promise<void> | void) =>
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const formElement = event?.currentTarget;
      const current = valuesRef.current;
      const found = Object.fromEntries(
        Object.entries(validate?.(current) ?? {}).filter(([, message]) => Boolean(message)),
      ) as FormErrors<V>;
      setErrors(found);
      setFormError(null);
      if (Object.keys(found).length > 0) {
        focusFirstInvalid(formElement);
        return;
      }
      setSubmitting(true);
      try {
        await handler(current);
      } catch (error) {
        const split = splitServerError(
          error,
          Object.keys(current),
          fieldForCode as Record<string, string>,
          messageForCode as Record<string, string>,
        );
        setErrors(split.fieldErrors as FormErrors<V>);
        setFormError(split.formError);
        focusFirstInvalid(formElement);
      } finally {
        setSubmitting(false);
      }
    };

  return {
    values,
    errors,
    formError,
    submitting,
    isDirty: hasUnsavedChanges(initial, values),
    isDirtyNow,
    setFieldValue,
    setErrors,
    setFieldError,
    setFormError,
    resetTo,
    getInputProps,
    getCheckboxProps,
    onSubmit,
  };
}

export type FormController<V extends FormValues> = ReturnType<typeof useForm<V>>;
