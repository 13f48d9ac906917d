import { identityApi, profileLimits } from '@plantfolk/api-client';
import type { SessionUser } from '@plantfolk/session';
import { Button, Card, FormAlert, Group, Stack, Text, formatCount, useForm } from '@plantfolk/ui';
import { Textarea, TextInput } from '@plantfolk/ui/controls';
import { useEffect, useState } from 'react';
import { useSessionClient } from '../app/shell-context';
import type { RegisterDirtyCheck } from './use-dirty-forms';

type AboutValues = { display_name: string; bio: string };

const valuesOf = (user: SessionUser): AboutValues => ({
  display_name: user.display_name ?? '',
  bio: user.bio ?? '',
});

/** Lengths as the API counts them (characters, not UTF-16 units: an emoji is one). */
const lengthOf = (text: string) => [...text.trim()].length;

/** What the API would refuse, said before asking it. */
export function aboutProblems(values: AboutValues): Partial<Record<keyof AboutValues, string>> {
  return {
    display_name:
      lengthOf(values.display_name) > profileLimits.displayName
        ? `A display name can have up to ${profileLimits.displayName} characters.`
        : undefined,
    bio:
      lengthOf(values.bio) > profileLimits.bio
        ? `A bio can have up to ${formatCount(profileLimits.bio)} characters.`
        : undefined,
  };
}

/** Display name and bio (`PUT /api/iam/authn/update`): how others see the member's profile. */
export function AboutSection({
  user,
  registerDirtyCheck,
}: {
  user: SessionUser;
  registerDirtyCheck: RegisterDirtyCheck;
}) {
  const sessionClient = useSessionClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<AboutValues>({ initialValues: valuesOf(user), validate: aboutProblems });
  useEffect(
    () => registerDirtyCheck('about', form.isDirtyNow),
    [registerDirtyCheck, form.isDirtyNow],
  );
  const bioLength = lengthOf(form.values.bio);

  return (
    <Card title="About you">
      <form
        noValidate
        aria-label="About you"
        onSubmit={form.onSubmit(async (values) => {
          setSaved(false);
          // Blank clears either; the API trims and keeps the bio's line breaks.
          const profile = await identityApi.update({
            display_name: values.display_name.trim() || null,
            bio: values.bio.trim() || null,
          });
          sessionClient.setUser(profile);
          form.resetTo(valuesOf(profile));
          setSaved(true);
        })}
      >
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <TextInput
            label="Display name"
            description={`How you like to be called, shown beside your username. Up to ${profileLimits.displayName} characters; leave empty to show only your username.`}
            autoComplete="nickname"
            {...form.getInputProps('display_name')}
            onChange={(event) => {
              setSaved(false);
              form.setFieldValue('display_name', event.currentTarget.value);
            }}
          />
          <Textarea
            label="Bio"
            description={`A few words about you and your plants, shown on your profile. Plain text, up to ${formatCount(profileLimits.bio)} characters.`}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('bio')}
            onChange={(event) => {
              setSaved(false);
              form.setFieldValue('bio', event.currentTarget.value);
            }}
          />
          <Text size="sm">
            {formatCount(bioLength)} of {formatCount(profileLimits.bio)} characters used
          </Text>
          <Group gap="sm">
            <Button type="submit" loading={form.submitting} disabled={!form.isDirty}>
              Save name and bio
            </Button>
            {form.isDirty && (
              <Button variant="subtle" onClick={() => form.resetTo(valuesOf(user))}>
                Undo changes
              </Button>
            )}
            {saved && !form.isDirty && (
              <Text size="sm" fw={600} role="status">
                Saved.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
