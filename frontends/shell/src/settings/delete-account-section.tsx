import { identityApi } from '@plantfolk/api-client';
import { sessionStore, type SessionUser } from '@plantfolk/session';
import {
  Button,
  Card,
  FormAlert,
  Group,
  IconTrash,
  List,
  Modal,
  Stack,
  Text,
  useDisclosure,
  useForm,
} from '@plantfolk/ui';
import { PasswordInput } from '@plantfolk/ui/controls';

/** Deletes the account after the password is typed again, then logs out and goes home. */
export function DeleteAccountSection({ user }: { user: SessionUser }) {
  const [opened, modal] = useDisclosure(false);
  const form = useForm({
    initialValues: { password: '' },
    validate: (values) => ({
      password: values.password ? null : 'Enter your password to confirm.',
    }),
    fieldForCode: { WRONG_PASSWORD: 'password', INVALID_CREDENTIALS: 'password' },
    messageForCode: {
      WRONG_PASSWORD: 'This is not your password.',
      INVALID_CREDENTIALS: 'This is not your password.',
    },
  });
  const close = () => {
    form.resetTo({ password: '' });
    modal.close();
  };

  return (
    <Card title="Delete your account">
      <Stack gap="md">
        <Text size="sm">Deleting your account cannot be undone. It removes:</Text>
        <List size="sm" spacing={2}>
          <List.Item>your profile, photo, posts, plants and comments;</List.Item>
          <List.Item>your conversations and messages;</List.Item>
          <List.Item>your sessions on every device.</List.Item>
        </List>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={modal.open}
          >
            Delete my account…
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title="Delete your account?" centered>
        <form
          noValidate
          onSubmit={form.onSubmit(async ({ password }) => {
            await identityApi.deleteAccount(user.uuid, password);
            // The server has ended the session and cleared its cookie.
            await sessionStore.logout('/', { endServerSession: false });
          })}
        >
          <Stack gap="md">
            <Text size="sm">
              This deletes <strong>{user.username ?? user.email}</strong> and everything in it, for
              good. Type your password to confirm.
            </Text>
            <FormAlert message={form.formError} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              withAsterisk
              data-autofocus
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Keep my account
              </Button>
              <Button type="submit" color="red" loading={form.submitting}>
                Delete account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
