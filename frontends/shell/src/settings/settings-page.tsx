import { useSession } from '@plantfolk/session';
import {
  Anchor,
  Badge,
  Card,
  Group,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  UnsavedChangesPrompt,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { AvatarSection } from './avatar-section';
import { DeleteAccountSection } from './delete-account-section';
import { PasswordSection } from './password-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { useDirtyForms } from './use-dirty-forms';

/** `/settings`: profile, photo, password, sessions, notifications and account deletion. */
export function SettingsPage() {
  const user = useSession((state) => state.user);
  const dirtyForms = useDirtyForms();
  if (!user) return <PageLoader />;

  return (
    <Stack gap="lg">
      <UnsavedChangesPrompt when={dirtyForms.isDirtyNow} />
      <PageTitle title="Settings" description={`Signed in as ${user.email}`} />
      <div id="profile">
        <ProfileSection user={user} registerDirtyCheck={dirtyForms.register} />
      </div>
      <div id="photo">
        <AvatarSection user={user} />
      </div>
      <Card title="Phone number">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text size="sm">
              {user.phone_verified
                ? 'Your phone number is verified.'
                : 'Verifying your mobile number helps keep Plantfolk free of fake accounts.'}
            </Text>
            {user.phone_verified && (
              <Badge color="green" variant="light">
                Verified
              </Badge>
            )}
          </Group>
          <Anchor component={Link} to="/auth/sms" fw={600} size="sm">
            {user.phone_verified ? 'Verify a new number' : 'Verify your phone'}
          </Anchor>
        </Group>
      </Card>
      <div id="password">
        <PasswordSection registerDirtyCheck={dirtyForms.register} />
      </div>
      <div id="sessions">
        <SessionsSection />
      </div>
      <div id="notifications">
        <PreferencesSection />
      </div>
      <div id="delete">
        <DeleteAccountSection user={user} />
      </div>
    </Stack>
  );
}
