import { identityApi } from '@plantfolk/api-client';
import { Button, FormAlert, IconSend, Stack, Text, splitServerError, useForm } from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useEffect, useState } from 'react';
import { emailProblem } from './credential-rules';

/** After sending, the button rests this long so an impatient click does not flood the inbox. */
export const RESEND_COOLDOWN_SECONDS = 60;

function useCooldown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, start: (seconds: number) => setSecondsLeft(seconds) };
}

function SentNotice({ email }: { email: string }) {
  return (
    <Text size="sm" c="var(--mantine-color-success)" role="status">
      A new link is on its way to {email}. It can take a minute or two to arrive; check the spam
      folder too.
    </Text>
  );
}

/**
 * Sends the confirmation link again (`POST /api/iam/authn/verifyemail`). With `email` it is a
 * button for the signed-in user's address; without, a small form asks for the address.
 */
export function ResendVerification({ email }: { email?: string }) {
  const cooldown = useCooldown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => ({ email: emailProblem(values.email) }),
  });

  const send = async (address: string) => {
    await identityApi.resendVerification(address);
    setSentTo(address);
    cooldown.start(RESEND_COOLDOWN_SECONDS);
  };

  const waitLabel =
    cooldown.secondsLeft > 0 ? `Send again in ${cooldown.secondsLeft} s` : 'Send the link again';

  if (email) {
    const onClick = async () => {
      setSending(true);
      setError(null);
      try {
        await send(email);
      } catch (failure) {
        setError(splitServerError(failure, []).formError);
      } finally {
        setSending(false);
      }
    };
    return (
      <Stack gap="xs">
        <FormAlert message={error} />
        <Button
          variant="light"
          leftSection={<IconSend size={18} aria-hidden />}
          onClick={() => void onClick()}
          loading={sending}
          disabled={cooldown.secondsLeft > 0}
        >
          {waitLabel}
        </Button>
        {sentTo && <SentNotice email={sentTo} />}
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit(({ email: typed }) => send(typed.trim()))}>
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          description="The address you signed up with."
          withAsterisk
          {...form.getInputProps('email')}
        />
        <Button
          type="submit"
          leftSection={<IconSend size={18} aria-hidden />}
          loading={form.submitting}
          disabled={cooldown.secondsLeft > 0}
        >
          {cooldown.secondsLeft > 0 ? waitLabel : 'Send a new link'}
        </Button>
        {sentTo && <SentNotice email={sentTo} />}
      </Stack>
    </form>
  );
}
