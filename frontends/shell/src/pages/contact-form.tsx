import { formsApi, isValidEmail, type FormKind } from '@plantfolk/api-client';
import { useSession } from '@plantfolk/session';
import { Button, FormAlert, Stack, Text, useForm } from '@plantfolk/ui';
import { Radio, Textarea, TextInput } from '@plantfolk/ui/controls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

const KIND_LABELS: Record<FormKind, string> = {
  contact: 'A question for the team',
  feedback: 'Feedback about Plantfolk',
};

/**
 * The contact and feedback form (on `/about`): anyone may write; guests leave an address to be
 * answered at. The form's rules and its token come from `GET forms/validate`; the API refuses an
 * entry sent within a few seconds of the form appearing (bots), so a quick one is asked again.
 */
export function ContactForm() {
  const loggedIn = useSession((state) => state.loggedIn);
  const userKey = useSession((state) => state.user?.uuid ?? 'guest');
  const rules = useQuery({
    queryKey: ['forms', userKey, 'rules'],
    enabled: loggedIn !== 'unknown',
    queryFn: ({ signal }) => formsApi.rules(signal),
    staleTime: 30 * 60_000,
  });
  const [sent, setSent] = useState(false);
  const limits = rules.data;
  const form = useForm({
    initialValues: { kind: 'feedback', subject: '', text: '', replyEmail: '' },
    validate: (values) => ({
      subject: !values.subject.trim()
        ? 'Give your message a subject'
        : limits && [...values.subject].length > limits.subject_max
          ? `At most ${limits.subject_max} characters`
          : null,
      text:
        limits && [...values.text.trim()].length < limits.text_min
          ? `Write at least ${limits.text_min} characters`
          : limits && [...values.text].length > limits.text_max
            ? `At most ${limits.text_max} characters`
            : null,
      replyEmail: values.replyEmail.trim()
        ? isValidEmail(values.replyEmail.trim())
          ? null
          : 'Enter a valid e-mail address'
        : limits?.reply_email_required
          ? 'Leave an address so we can answer you'
          : null,
    }),
    fieldForCode: { REPLY_EMAIL_REQUIRED: 'replyEmail' },
    messageForCode: {
      FORM_TOO_QUICK: 'That was quick! Please check your message and send it again.',
      FORM_TOKEN_INVALID: 'This form had been open a long while. Please send it again.',
    },
  });

  if (rules.isPending) return <Text c="dimmed">Loading the form…</Text>;
  if (rules.isError || !limits)
    return (
      <Stack gap="xs" role="alert">
        <Text>The form could not be loaded.</Text>
        <Button variant="default" w="fit-content" onClick={() => void rules.refetch()}>
          Try again
        </Button>
      </Stack>
    );

  return (
    <form
      noValidate
      aria-label="Contact and feedback"
      onSubmit={form.onSubmit(async (values) => {
        setSent(false);
        try {
          await formsApi.send({
            kind: values.kind as FormKind,
            subject: values.subject.trim(),
            text: values.text.trim(),
            ...(values.replyEmail.trim() ? { replyEmail: values.replyEmail.trim() } : {}),
            form_token: limits.form_token,
          });
        } finally {
          // A refused token (too old) is replaced for the next try; a used one is fine to keep.
          void rules.refetch();
        }
        form.resetTo({ kind: values.kind, subject: '', text: '', replyEmail: '' });
        setSent(true);
      })}
    >
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <div role="status">
          {sent && <Text fw={600}>Thank you, your message is with the team.</Text>}
        </div>
        <Radio.Group
          label="What is it about?"
          value={form.values.kind}
          onChange={(value) => form.setFieldValue('kind', value)}
        >
          <Stack gap="xs" mt="xs">
            {limits.kinds.map((kind) => (
              <Radio key={kind} value={kind} label={KIND_LABELS[kind]} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label="Subject"
          withAsterisk
          maxLength={limits.subject_max}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Your message"
          withAsterisk
          autosize
          minRows={4}
          name="text"
          value={form.values.text}
          error={form.errors.text}
          onChange={(event) => form.setFieldValue('text', event.currentTarget.value)}
        />
        <TextInput
          label="Your e-mail address"
          type="email"
          autoComplete="email"
          description={
            limits.reply_email_required
              ? 'So we can answer you.'
              : 'Optional: we answer at your account’s address otherwise.'
          }
          withAsterisk={limits.reply_email_required}
          {...form.getInputProps('replyEmail')}
        />
        <Button type="submit" loading={form.submitting} w="fit-content">
          Send
        </Button>
      </Stack>
    </form>
  );
}
