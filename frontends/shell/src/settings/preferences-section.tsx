import {
  defaultUserSettings,
  identityApi,
  isApiError,
  type DistanceUnit,
  type UserSettings,
  withBrowserTimeZone,
} from '@plantfolk/api-client';
import { Card, FormAlert, Group, Skeleton, Stack, Text, splitServerError } from '@plantfolk/ui';
import { SegmentedControl, Switch } from '@plantfolk/ui/controls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const userSettingsQueryKey = ['identity', 'user-settings'] as const;

/** The switches here; the e-mail preferences are the social remote's section (email-notifications). */
type Toggle = 'show_in_nearby';

const toggles: { key: Toggle; label: string; description: string }[] = [
  {
    key: 'show_in_nearby',
    label: 'Show me in “people nearby”',
    description: 'Members in your area can find you by your suburb.',
  },
];

/** The settings of an account that never saved any are created with the defaults. */
async function loadUserSettings(signal: AbortSignal): Promise<UserSettings> {
  try {
    return await identityApi.userSettings(signal);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return identityApi.createUserSettings();
    throw error;
  }
}

/** Privacy and distance preferences; each change is saved at once. */
export function PreferencesSection() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: userSettingsQueryKey,
    queryFn: ({ signal }) => loadUserSettings(signal),
  });
  const update = useMutation({
    // A member without a time zone yet gets the browser's with any change (their digest hour).
    mutationFn: (change: Partial<Omit<UserSettings, 'time_zone'>>) =>
      identityApi.updateUserSettings(
        withBrowserTimeZone(queryClient.getQueryData<UserSettings>(userSettingsQueryKey), change),
      ),
    // Show the change at once; put the old value back if saving fails.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: userSettingsQueryKey });
      const previous = queryClient.getQueryData<UserSettings>(userSettingsQueryKey);
      queryClient.setQueryData<UserSettings>(userSettingsQueryKey, (current) => ({
        ...(current ?? defaultUserSettings),
        ...change,
      }));
      return { previous };
    },
    onError: (_error, _change, context) =>
      queryClient.setQueryData(userSettingsQueryKey, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(userSettingsQueryKey, saved),
  });

  const values = settings.data;
  return (
    <Card title="Privacy and distances">
      <Stack gap="md">
        {settings.isError ? (
          <FormAlert message="Could not load user settings. Reload the page to try again." />
        ) : !values ? (
          <Stack gap="sm" aria-hidden>
            {toggles.map((toggle) => (
              <Skeleton key={toggle.key} height={36} />
            ))}
          </Stack>
        ) : (
          <>
            {toggles.map((toggle) => (
              <Switch
                key={toggle.key}
                label={toggle.label}
                description={toggle.description}
                checked={values[toggle.key]}
                onChange={(event) => update.mutate({ [toggle.key]: event.currentTarget.checked })}
              />
            ))}
            <Group gap="md" align="center">
              <Text size="sm" fw={500} id="distance-unit-label">
                Show distances in
              </Text>
              <SegmentedControl
                aria-labelledby="distance-unit-label"
                value={values.distance_unit}
                onChange={(unit) => update.mutate({ distance_unit: unit as DistanceUnit })}
                data={[
                  { value: 'km', label: 'Kilometres' },
                  { value: 'mi', label: 'Miles' },
                ]}
              />
            </Group>
          </>
        )}
        {update.isError && (
          <FormAlert
            message={`Your change was not saved: ${splitServerError(update.error, []).formError}`}
          />
        )}
        {update.isSuccess && !update.isPending && (
          <Text size="sm" c="var(--mantine-color-success)" role="status">
            Saved.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
