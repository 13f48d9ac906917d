import { isApiError, type Tag, type TagGroup } from '@plantfolk/api-client';
import { Button, FormAlert, Group, Modal, Stack, Text } from '@plantfolk/ui';
import { Select, TextInput } from '@plantfolk/ui/controls';
import { useState, type FormEvent } from 'react';

export function problemOf(error: unknown): string | null {
  if (!error) return null;
  return isApiError(error) ? error.message : 'Something went wrong; nothing was changed.';
}

interface DialogProps {
  tag: Tag | null;
  onClose: () => void;
  pending: boolean;
  error: unknown;
}

/** Rename a tag and put it in a group (or none). */
export function EditTagDialog({
  tag,
  groups,
  onClose,
  onSave,
  pending,
  error,
}: DialogProps & {
  groups: TagGroup[];
  onSave: (input: { id: number; name: string; group?: string }) => void;
}) {
  const groupName = groups.find((group) => group.id === tag?.group_id)?.name ?? '';
  const [name, setName] = useState('');
  const [group, setGroup] = useState('');
  const [shownFor, setShownFor] = useState<number | null>(null);
  if ((tag?.id ?? null) !== shownFor) {
    setShownFor(tag?.id ?? null);
    setName(tag?.name ?? '');
    setGroup(groupName);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tag && name.trim())
      onSave({ id: tag.id, name, group: group.trim() === groupName ? undefined : group });
  };
  return (
    <Modal opened={tag !== null} onClose={onClose} title={tag ? `Edit “${tag.name}”` : 'Edit tag'}>
      {tag && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Name"
              description="Lower-case letters, digits and hyphens; spaces become hyphens"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={100}
              data-autofocus
              required
            />
            <TextInput
              label="Group"
              description="Found or made by name; leave empty for no group"
              value={group}
              onChange={(event) => setGroup(event.currentTarget.value)}
              maxLength={60}
            />
            <FormAlert message={problemOf(error)} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={pending} disabled={!name.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Merge a tag into another, after saying what moves and that the tag goes. */
export function MergeTagDialog({
  tag,
  candidates,
  onClose,
  onMerge,
  pending,
  error,
}: DialogProps & {
  candidates: Tag[];
  onMerge: (input: { fromId: number; intoId: number }) => void;
}) {
  const [intoId, setIntoId] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<number | null>(null);
  if ((tag?.id ?? null) !== shownFor) {
    setShownFor(tag?.id ?? null);
    setIntoId(null);
  }
  const into = candidates.find((candidate) => String(candidate.id) === intoId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tag && into) onMerge({ fromId: tag.id, intoId: into.id });
  };
  return (
    <Modal
      opened={tag !== null}
      onClose={onClose}
      title={tag ? `Merge “${tag.name}” into another tag` : 'Merge tag'}
    >
      {tag && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Select
              label="Merge into"
              placeholder="Pick the tag that stays"
              searchable
              data={candidates
                .filter((candidate) => candidate.id !== tag.id)
                .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
              value={intoId}
              onChange={setIntoId}
              nothingFoundMessage="No such tag"
              data-autofocus
            />
            {into && (
              <Text size="sm" role="status">
                The {tag.post_count} public post(s), the pages, the {tag.follower_count} interest(s)
                and the tags under <strong>{tag.name}</strong> move to <strong>{into.name}</strong>,
                and <strong>{tag.name}</strong> is deleted. This cannot be undone.
              </Text>
            )}
            <FormAlert message={problemOf(error)} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={pending} disabled={!into}>
                Merge
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Delete a tag: its posts and pages lose it, its followers stop following it. */
export function DeleteTagDialog({
  tag,
  onClose,
  onDelete,
  pending,
  error,
}: DialogProps & { onDelete: (name: string) => void }) {
  return (
    <Modal
      opened={tag !== null}
      onClose={onClose}
      title={tag ? `Delete “${tag.name}”?` : 'Delete tag?'}
    >
      {tag && (
        <Stack gap="md">
          <Text size="sm">
            <strong>{tag.name}</strong> is removed from {tag.post_count} public post(s) and every
            page, and its {tag.follower_count} interest(s) end. Tags under it become top-level tags.
            This cannot be undone.
          </Text>
          <FormAlert message={problemOf(error)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep it
            </Button>
            <Button color="red" loading={pending} onClick={() => onDelete(tag.name)}>
              Delete tag
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
