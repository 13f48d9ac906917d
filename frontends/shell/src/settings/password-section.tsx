import { identityApi } from '@plantfolk/api-client';
import { Button, Card, FormAlert, Group, Stack, Text, useForm } from '@plantfolk/ui';
import { Checkbox, PasswordInput } from '@plantfolk/ui/controls';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSessionClient } from '../app/shell-context';
import {
  confirmationProblem,
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
} from '../auth/credential-rules';
import { sessionsQueryKey } from './sessions-section';
import type { RegisterDirtyCheck } from './use-dirty-forms';

const emptyValues = {
  current_password: '',
  new_password: '',
  confirmation: '',
  end_other_sessions: true,
};

/** Password change, optionally logging out every other device. */
export function PasswordSection({
  registerDirtyCheck,
}: {
  registerDirtyCheck: RegisterDirtyCheck;
}) {
  const sessionClient = useSessionClient();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    initialValues: emptyValues,
    validate: (values) => ({
      current_password: values.current_password ? null : 'Enter your current password.',
      new_password:
        newPasswordProblem(values.new_password) ??
        (values.new_password === values.current_password
          ? 'Choose a password different from the current one.'
          : null),
      confirmation: confirmationProblem(values.new_password, values.confirmation),
    }),
    fieldForCode: { WRONG_PASSWORD: 'current_password', WEAK_PASSWORD: 'new_password' },
    messageForCode: { WRONG_PASSWORD: 'This is not your current password.' },
  });
  useEffect(
    () => registerDirtyCheck('password', form.isDirtyNow),
    [registerDirtyCheck, form.isDirtyNow],
  );

  return (
    <Card title="Password">
      <form
        noValidate
        aria-label="Password"
        onSubmit={form.onSubmit(async (values) => {
          setDone(null);
          const profile = await identityApi.update({
            current_password: values.current_password,
            new_password: values.new_password,
            end_other_sessions: values.end_other_sessions,
          });
          sessionClient.setUser(profile);
          form.resetTo(emptyValues);
          await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
          setDone(
            values.end_other_sessions
              ? 'Your password is changed, and every other device is logged out.'
              : 'Your password is changed.',
          );
        })}
      >
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`}
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmation')}
          />
          <Checkbox
            label="Log out my other sessions"
            description="Every other browser and device logged in to your account has to log in again with the new password."
            {...form.getCheckboxProps('end_other_sessions')}
          />
          <Group gap="sm">
            <Button type="submit" loading={form.submitting}>
              Change password
            </Button>
            {done && (
              <Text size="sm" c="var(--mantine-color-success)" role="status">
                {done}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
