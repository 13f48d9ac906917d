import { identityApi } from '@plantfolk/api-client';
import type { SessionUser } from '@plantfolk/session';
import { Button, Card, FormAlert, Group, Stack, Text, useForm } from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useEffect, useState } from 'react';
import { useSessionClient } from '../app/shell-context';
import { usernameErrorCodes, usernameMessages } from '../auth/register-page';
import {
  LocationFields,
  locationInput,
  locationProblems,
  type LocationValues,
} from '../profile/location-fields';
import { normaliseUsername, usernameProblem } from '../profile/profile-rules';
import type { RegisterDirtyCheck } from './use-dirty-forms';

type ProfileValues = LocationValues & { username: string };

const valuesOf = (user: SessionUser): ProfileValues => ({
  username: user.username ?? '',
  suburb_city: user.suburb_city ?? '',
  state: user.state ?? '',
  country: user.country ?? '',
  latitude: user.location?.latitude ?? '',
  longitude: user.location?.longitude ?? '',
});

/** Username and area (`PUT /api/iam/authn/update`). */
export function ProfileSection({
  user,
  registerDirtyCheck,
}: {
  user: SessionUser;
  registerDirtyCheck: RegisterDirtyCheck;
}) {
  const sessionClient = useSessionClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(user),
    validate: (values) => ({
      username: usernameProblem(values.username),
      ...locationProblems(values),
    }),
    fieldForCode: usernameErrorCodes,
    messageForCode: usernameMessages,
  });
  useEffect(
    () => registerDirtyCheck('profile', form.isDirtyNow),
    [registerDirtyCheck, form.isDirtyNow],
  );

  return (
    <Card title="Profile">
      <form
        noValidate
        aria-label="Profile"
        onSubmit={form.onSubmit(async (values) => {
          setSaved(false);
          const profile = await identityApi.update({
            username: normaliseUsername(values.username),
            ...locationInput(values),
          });
          sessionClient.setUser(profile);
          form.resetTo(valuesOf(profile));
          setSaved(true);
        })}
      >
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <TextInput
            label="Username"
            description="3 to 30 lower-case letters, digits or underscores. Changing it changes the address of your profile."
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            {...form.getInputProps('username')}
            onChange={(event) => {
              setSaved(false);
              form.setFieldValue('username', event.currentTarget.value.toLowerCase());
            }}
          />
          <LocationFields form={form} />
          <Group gap="sm">
            <Button type="submit" loading={form.submitting} disabled={!form.isDirty}>
              Save profile
            </Button>
            {form.isDirty && (
              <Button variant="subtle" onClick={() => form.resetTo(valuesOf(user))}>
                Undo changes
              </Button>
            )}
            {saved && !form.isDirty && (
              <Text size="sm" c="var(--mantine-color-success)" role="status">
                Profile saved.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
