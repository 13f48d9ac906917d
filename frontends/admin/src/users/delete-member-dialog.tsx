import type { AdminMember } from '@plantfolk/api-client';
import { Button, FormAlert, Group, Modal, Stack, Text } from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useState, type FormEvent } from 'react';
import { confirmationWord, memberName } from './member-lists';

export interface DeleteMemberDialogProps {
  /** The member to delete; null: closed. */
  member: AdminMember | null;
  onClose: () => void;
  onConfirm: (member: AdminMember) => Promise<void>;
  deleting: boolean;
  problem: string | null;
}

/**
 * Asks the admin to type the member's username (or e-mail, when there is no username yet) before
 * their account and everything of it goes.
 */
export function DeleteMemberDialog({
  member,
  onClose,
  onConfirm,
  deleting,
  problem,
}: DeleteMemberDialogProps) {
  const [typed, setTyped] = useState('');
  const [shownFor, setShownFor] = useState<string | null>(null);
  // A new member asked about starts with an empty field.
  if ((member?.uuid ?? null) !== shownFor) {
    setShownFor(member?.uuid ?? null);
    setTyped('');
  }
  const word = member ? confirmationWord(member) : '';
  const matches = Boolean(member) && typed.trim().toLowerCase() === word.toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (member && matches && !deleting) void onConfirm(member);
  };
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={member ? `Delete ${memberName(member)}?` : 'Delete member?'}
    >
      {member && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              The account of <strong>{memberName(member)}</strong> ({member.email}) is deleted, with
              everything they have posted and their conversations. They are told by e-mail. This
              cannot be undone.
            </Text>
            <TextInput
              label={
                member.username
                  ? `Type the username “${word}” to confirm`
                  : `Type the e-mail address “${word}” to confirm`
              }
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
            <FormAlert message={problem} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Keep them
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={deleting}>
                Delete account
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
