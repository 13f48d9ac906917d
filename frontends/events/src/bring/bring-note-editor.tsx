import { Button, Group, Text } from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useState, type FormEvent } from 'react';
import { bringNoteProblem, MAX_BRING_NOTE } from './bring-list';

export interface BringNoteEditorProps {
  /** The note the member has for this date ('' when none). */
  value: string;
  /** Saves the note ('' removes it); rejects with the API's error. */
  onSave: (note: string) => Promise<unknown>;
  dateLabel: string;
}

/**
 * "I bring …": the member's short note for one date they answered Going or Maybe for. The field
 * counts down the characters left; saving an empty note removes it.
 */
export function BringNoteEditor({ value, onSave, dateLabel }: BringNoteEditorProps) {
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const left = MAX_BRING_NOTE - [...draft.trim()].length;
  const unchanged = draft.trim() === value.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = bringNoteProblem(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      await onSave(draft.trim());
      setSaved(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not save what you bring.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={`What you bring on ${dateLabel}`}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="I bring"
          placeholder="Two monstera cuttings, a thermos of tea…"
          value={draft}
          maxLength={MAX_BRING_NOTE * 2}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setSaved(false);
            setError(null);
          }}
          error={error}
          description={`${left} characters left`}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="light" loading={saving} disabled={unchanged && !error}>
          {value && !draft.trim() ? 'Remove' : 'Save'}
        </Button>
      </Group>
      {saved && (
        <Text size="xs" c="dimmed" role="status" mt={4}>
          Saved.
        </Text>
      )}
    </form>
  );
}
