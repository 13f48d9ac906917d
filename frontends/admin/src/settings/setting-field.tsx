import { isApiError, type SiteSetting } from '@plantfolk/api-client';
import { Alert, Button, Group, Paper, Stack, Text } from '@plantfolk/ui';
import { NumberInput, Select, Switch, Textarea, TextInput } from '@plantfolk/ui/controls';
import { useId, useState } from 'react';
import { settingLabels } from './setting-labels';
import { useSaveSiteSetting } from './use-site-settings';

/** The words shown for a refused save: the server's own message names the rule. */
export function saveFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 401 || error.status === 403))
    return 'Your session does not allow this any more. Log in again as an admin.';
  return isApiError(error) ? error.message : 'Something went wrong; please try again.';
}

/** How a setting's value is edited as text, and read back (null: not valid, with why). */
function toDraft(setting: SiteSetting): string {
  if (setting.name === 'video_allowed_hosts' && Array.isArray(setting.value))
    return (setting.value as string[]).join('\n');
  if (setting.dataType === 'json') return JSON.stringify(setting.value, null, 2);
  return String(setting.value ?? '');
}

function fromDraft(setting: SiteSetting, draft: string): { value: unknown } | { problem: string } {
  if (setting.name === 'video_allowed_hosts')
    return {
      value: draft
        .split(/[\s,]+/)
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    };
  switch (setting.dataType) {
    case 'number': {
      const value = Number(draft);
      return draft.trim() === '' || !Number.isFinite(value)
        ? { problem: 'Enter a number.' }
        : { value };
    }
    case 'boolean':
      return { value: draft === 'true' };
    case 'json':
      try {
        return { value: JSON.parse(draft) as unknown };
      } catch {
        return { problem: 'This is not valid JSON.' };
      }
    default:
      return { value: draft };
  }
}

/** One setting with its own input (by its type), a save button and what the server said. */
export function SettingField({ setting }: { setting: SiteSetting }) {
  const [draft, setDraft] = useState(() => toDraft(setting));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveSiteSetting();
  const label = settingLabels[setting.name] ?? setting.name;
  const descriptionId = useId();
  const changed = draft !== toDraft(setting);
  const error = problem ?? (save.error ? saveFailure(save.error) : null);

  const edit = (next: string) => {
    setDraft(next);
    setProblem(null);
    setSaved(false);
    save.reset();
  };
  const submit = () => {
    const read = fromDraft(setting, draft);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    save.mutate(
      { name: setting.name, value: read.value as SiteSetting['value'], dataType: setting.dataType },
      {
        onSuccess: (answer) => {
          setDraft(toDraft(answer));
          setSaved(true);
        },
      },
    );
  };

  const common = {
    label,
    description: setting.description,
    error: error ?? undefined,
    disabled: save.isPending,
  };
  let input;
  if (setting.name === 'registration_mode')
    input = (
      <Select
        {...common}
        data={[
          { value: 'open', label: 'Open to anyone' },
          { value: 'invite-only', label: 'Invite only' },
        ]}
        value={draft}
        onChange={(value) => edit(value ?? 'open')}
        allowDeselect={false}
      />
    );
  else if (setting.dataType === 'boolean')
    input = (
      <Switch
        {...common}
        checked={draft === 'true'}
        onChange={(event) => edit(String(event.currentTarget.checked))}
      />
    );
  else if (setting.dataType === 'number')
    input = (
      <NumberInput
        {...common}
        value={draft}
        allowDecimal={false}
        onChange={(value) => edit(String(value))}
      />
    );
  else if (setting.dataType === 'json' || setting.name === 'site_description')
    input = (
      <Textarea
        {...common}
        description={
          setting.name === 'video_allowed_hosts'
            ? `${setting.description} (one host per line)`
            : setting.description
        }
        value={draft}
        autosize
        minRows={2}
        maxRows={8}
        onChange={(event) => edit(event.currentTarget.value)}
        styles={setting.dataType === 'json' ? { input: { fontFamily: 'monospace' } } : undefined}
      />
    );
  else
    input = (
      <TextInput {...common} value={draft} onChange={(event) => edit(event.currentTarget.value)} />
    );

  return (
    <Paper withBorder p="md" data-testid={`setting-${setting.name}`}>
      <form
        aria-describedby={descriptionId}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          {input}
          <Group justify="space-between" wrap="wrap">
            <Text id={descriptionId} size="xs" c="dimmed">
              {setting.updatedAt
                ? `Changed ${new Date(setting.updatedAt).toLocaleString()}`
                : 'Default value'}
            </Text>
            <Button
              type="submit"
              size="xs"
              disabled={!changed}
              loading={save.isPending}
              aria-label={`Save ${label}`}
            >
              Save
            </Button>
          </Group>
          {saved && !changed ? (
            <Alert color="green" variant="light" role="status" p="xs">
              {label} saved.
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
