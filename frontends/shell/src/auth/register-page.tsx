import { identityApi } from '@plantfolk/api-client';
import { useSession, type SessionUser } from '@plantfolk/session';
import {
  Button,
  FormAlert,
  IconCircleCheck,
  IconMapPin,
  PageLoader,
  Stack,
  UnsavedChangesPrompt,
  useForm,
} from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../access/safe-redirect';
import { useSessionClient } from '../app/shell-context';
import {
  LocationFields,
  locationInput,
  locationProblems,
  type LocationValues,
} from '../profile/location-fields';
import { normaliseUsername, usernameProblem } from '../profile/profile-rules';
import { AuthScreen } from './auth-screen';

type RegisterValues = LocationValues & { username: string };

export const usernameErrorCodes = {
  HANDLE_TAKEN: 'username',
  HANDLE_RESERVED: 'username',
} as const;

export const usernameMessages = {
  HANDLE_TAKEN: 'Someone already has this name (a member or a page). Choose another one.',
  HANDLE_RESERVED: 'This name is reserved by Plantfolk. Choose another one.',
};

/** `/auth/register`: the last step of signing up, choosing a username and an area. */
export function RegisterPage() {
  const user = useSession((state) => state.user);
  if (!user) return <PageLoader />;
  if (user.stage === 'registered') {
    return (
      <AuthScreen
        title="Your profile is complete"
        description={`You are registered as @${user.username}. You can change your username and area in the settings.`}
        icon={IconCircleCheck}
      >
        <Stack gap="sm">
          <Button component={Link} to="/" size="md">
            Go to your feed
          </Button>
          <Button component={Link} to="/settings" variant="default">
            Open settings
          </Button>
        </Stack>
      </AuthScreen>
    );
  }
  return <RegisterForm user={user} />;
}

function RegisterForm({ user }: { user: SessionUser }) {
  const sessionClient = useSessionClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const form = useForm<RegisterValues>({
    initialValues: {
      username: '',
      suburb_city: user.suburb_city ?? '',
      state: user.state ?? '',
      country: user.country ?? '',
      latitude: user.location?.latitude ?? '',
      longitude: user.location?.longitude ?? '',
    },
    validate: (values) => ({
      username: usernameProblem(values.username),
      ...locationProblems(values),
    }),
    fieldForCode: usernameErrorCodes,
    messageForCode: usernameMessages,
  });

  return (
    <AuthScreen
      title="Finish your profile"
      description="Choose the name other members see, and your area, so Plantfolk can show you what is nearby."
      icon={IconMapPin}
      wide
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          const profile = await identityApi.register({
            username: normaliseUsername(values.username),
            ...locationInput(values),
          });
          sessionClient.setUser(profile);
          form.resetTo();
          // The account is registered now: renew so the token says so too, and tell other tabs.
          await sessionClient.profileChanged();
          await navigate(redirect ?? '/welcome', { replace: true });
        })}
      >
        <UnsavedChangesPrompt when={form.isDirtyNow} />
        <Stack gap="lg">
          <FormAlert message={form.formError} />
          <TextInput
            label="Username"
            description="3 to 30 lower-case letters, digits or underscores. Your profile will be at plantfolk/your-name."
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            {...form.getInputProps('username')}
            onChange={(event) =>
              form.setFieldValue('username', event.currentTarget.value.toLowerCase())
            }
          />
          <LocationFields form={form} />
          <Button type="submit" size="md" loading={form.submitting}>
            Save and continue
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
