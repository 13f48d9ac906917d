import { rememberBrowserTimeZone } from '@plantfolk/api-client';
import { useSession } from '@plantfolk/session';
import {
  Alert,
  Anchor,
  Button,
  FormAlert,
  Group,
  IconCircleCheck,
  IconLogin,
  Stack,
  useForm,
} from '@plantfolk/ui';
import { PasswordInput, TextInput } from '@plantfolk/ui/controls';
import { Link, Navigate, useSearchParams } from 'react-router';
import { destinationAfterLogin, safeRedirectPath } from '../access/safe-redirect';
import { useSessionClient } from '../app/shell-context';
import { AuthScreen } from './auth-screen';
import { emailProblem } from './credential-rules';

/** Notices other screens leave for the login page (`?notice=`). */
const notices: Record<string, string> = {
  'password-changed': 'Your password has been changed. Log in with your new password.',
  'account-deleted': 'Your account has been deleted. We are sorry to see you go.',
};

/** `/auth/login`: e-mail and password; `?redirect=/path` brings the user back afterwards. */
export function LoginPage() {
  const sessionClient = useSessionClient();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const notice = notices[params.get('notice') ?? ''];
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (values) => ({
      email: emailProblem(values.email),
      password: values.password ? null : 'Enter your password.',
    }),
    messageForCode: {
      INVALID_CREDENTIALS:
        'That e-mail address and password do not match an account. Check them and try again.',
    },
  });

  // Logged in (just now, or already): on to where the user was going.
  if (loggedIn === true && user) {
    return <Navigate to={destinationAfterLogin(user, redirect)} replace />;
  }

  const signupLink = redirect
    ? `/auth/signup?redirect=${encodeURIComponent(redirect)}`
    : '/auth/signup';

  return (
    <AuthScreen
      title="Log in to Plantfolk"
      description={
        redirect ? 'Log in to continue to the page you asked for.' : 'Welcome back, plant friend.'
      }
      icon={IconLogin}
      footer={
        <>
          New to Plantfolk?{' '}
          <Anchor component={Link} to={signupLink} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async ({ email, password }) => {
          await sessionClient.login({ email: email.trim(), password });
          // The digest hour follows the member's zone: the browser's, until they choose one.
          void rememberBrowserTimeZone();
        })}
      >
        <Stack gap="md">
          {notice && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
              {notice}
            </Alert>
          )}
          <FormAlert message={form.formError} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/reset" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={form.submitting} fullWidth>
            Log in
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
