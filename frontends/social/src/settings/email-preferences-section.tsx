import {
  browserTimeZone,
  defaultUserSettings,
  identityApi,
  isApiError,
  withBrowserTimeZone,
  type EmailMode,
  type UserSettings,
} from '@plantfolk/api-client';
import {
  Card,
  FormAlert,
  Skeleton,
  Stack,
  Text,
  splitServerError,
  type SettingsSectionProps,
} from '@plantfolk/ui';
import { SegmentedControl, Select } from '@plantfolk/ui/controls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

/** The shell's settings section reads the same settings under this key: one copy for both. */
export const userSettingsQueryKey = ['identity', 'user-settings'] as const;

type ModeField = 'email_messages' | 'email_comments' | 'email_events';

const kinds: { field: ModeField; label: string; description: string }[] = [
  {
    field: 'email_messages',
    label: 'New messages',
    description: 'When a member or a page sends you a message.',
  },
  {
    field: 'email_comments',
    label: 'Comments and reactions',
    description: 'Comments on your posts, replies to your comments, and likes.',
  },
  {
    field: 'email_events',
    label: 'Events',
    description: 'Who answers your events, and news about events you go to.',
  },
];

/** The zones to choose from: the member's, the browser's, every one Intl knows, and UTC. */
function timeZoneChoices(current: string | null): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [
    ...new Set([current, browserTimeZone(), ...known, 'UTC'].filter((zone) => zone !== null)),
  ];
}

type SettingsChange = Partial<Record<ModeField, EmailMode>> & { time_zone?: string };

const modes: { value: EmailMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'immediately', label: 'At once' },
  { value: 'daily', label: 'Daily digest' },
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

/**
 * /settings#email-notifications, contributed by the social remote (it owns notifications and
 * messages): per kind, no e-mail, one e-mail each, or one daily digest. Saved at once; every
 * e-mail also carries a link that turns its kind off without logging in.
 */
export function EmailPreferencesSection(_props: SettingsSectionProps) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: userSettingsQueryKey,
    queryFn: ({ signal }) => loadUserSettings(signal),
  });
  const update = useMutation({
    // A member without a time zone yet gets the browser's with any change (their digest hour).
    mutationFn: (change: SettingsChange) =>
      identityApi.updateUserSettings(
        withBrowserTimeZone(queryClient.getQueryData<UserSettings>(userSettingsQueryKey), change),
      ),
    // Show the change at once; put the old value back if saving fails.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: userSettingsQueryKey });
      const previous = queryClient.getQueryData<UserSettings>(userSettingsQueryKey);
      queryClient.setQueryData<UserSettings>(userSettingsQueryKey, (current) => {
        const next = { ...(current ?? defaultUserSettings), ...change };
        return {
          ...next,
          email_on_message: next.email_messages !== 'off',
          email_on_comment: next.email_comments !== 'off',
          email_on_event: next.email_events !== 'off',
        };
      });
      return { previous };
    },
    onError: (_error, _change, context) =>
      queryClient.setQueryData(userSettingsQueryKey, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(userSettingsQueryKey, saved),
  });

  const values = settings.data;
  const zones = useMemo(() => timeZoneChoices(values?.time_zone ?? null), [values?.time_zone]);
  return (
    <Card title="E-mail notifications">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose which e-mails you get: each one as it happens, or one digest a day.
        </Text>
        {settings.isError ? (
          <FormAlert message="Could not load your e-mail settings. Reload the page to try again." />
        ) : !values ? (
          <Stack gap="sm" aria-hidden>
            {kinds.map((kind) => (
              <Skeleton key={kind.field} height={56} />
            ))}
          </Stack>
        ) : (
          kinds.map((kind) => (
            <Stack key={kind.field} gap={4}>
              <Text size="sm" fw={500} id={`${kind.field}-label`}>
                {kind.label}
              </Text>
              <Text size="sm" c="dimmed" id={`${kind.field}-description`}>
                {kind.description}
              </Text>
              <SegmentedControl
                aria-labelledby={`${kind.field}-label`}
                aria-describedby={`${kind.field}-description`}
                fullWidth
                value={values[kind.field]}
                onChange={(mode) => update.mutate({ [kind.field]: mode as EmailMode })}
                data={modes}
              />
            </Stack>
          ))
        )}
        {values && (
          <Select
            label="Time zone"
            description={
              values.time_zone
                ? 'Daily digests arrive at 7 in the morning in this zone.'
                : 'Not set yet: daily digests arrive at 7 in the morning UTC.'
            }
            data={zones}
            searchable
            limit={50}
            allowDeselect={false}
            nothingFoundMessage="No zone of that name"
            placeholder="UTC"
            value={values.time_zone}
            onChange={(zone) => zone && update.mutate({ time_zone: zone })}
          />
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

export default EmailPreferencesSection;
