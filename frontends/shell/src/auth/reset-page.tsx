import { identityApi, isApiError } from '@plantfolk/api-client';
import { sessionStore, useSession } from '@plantfolk/session';
import {
  Anchor,
  Button,
  FormAlert,
  IconKey,
  IconLockAccess,
  IconMailX,
  PageLoader,
  Stack,
  Text,
  useForm,
} from '@plantfolk/ui';
import { PasswordInput, TextInput } from '@plantfolk/ui/controls';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthScreen } from './auth-screen';
import {
  confirmationProblem,
  emailProblem,
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
} from './credential-rules';

const backToLogin = (
  <Anchor component={Link} to="/auth/login" fw={600}>
    Back to log in
  </Anchor>
);

/** `/auth/reset`: asks for a link; `/auth/reset?token=…` (the link) sets the new password. */
export function ResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordStep key={token} token={token} /> : <RequestLinkStep />;
}

function RequestLinkStep({ expired = false }: { expired?: boolean }) {
  const email = useSession((state) => state.user?.email ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email },
    validate: (values) => ({ email: emailProblem(values.email) }),
  });

  if (sentTo) {
    return (
      <AuthScreen
        title="Check your inbox"
        description={
          <>
            If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new
            password. The link works once, for one hour.
          </>
        }
        icon={IconKey}
        footer={backToLogin}
      >
        <Button variant="default" onClick={() => setSentTo(null)}>
          Use another address
        </Button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title={expired ? 'This reset link does not work' : 'Reset your password'}
      description={
        expired
          ? 'Reset links work once, for one hour. Ask for a new one below.'
          : 'Enter the e-mail address of your account and we will send you a link to choose a new password.'
      }
      icon={expired ? IconMailX : IconKey}
      footer={backToLogin}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          const address = values.email.trim();
          await identityApi.requestPasswordReset(address);
          setSentTo(address);
        })}
      >
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" loading={form.submitting} fullWidth>
            Send me a reset link
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}

type TokenCheck = 'checking' | 'valid' | 'invalid' | 'unreachable';

function NewPasswordStep({ token }: { token: string }) {
  const navigate = useNavigate();
  const [check, setCheck] = useState<TokenCheck>('checking');
  const [attempt, setAttempt] = useState(0);
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: (values) => ({
      password: newPasswordProblem(values.password),
      confirmation: confirmationProblem(values.password, values.confirmation),
    }),
    fieldForCode: { WEAK_PASSWORD: 'password' },
    messageForCode: {
      INVALID_TOKEN: 'This reset link has expired or was already used. Ask for a new one.',
    },
  });

  useEffect(() => {
    let cancelled = false;
    identityApi.verifyResetToken(token).then(
      () => !cancelled && setCheck('valid'),
      (error: unknown) => {
        if (cancelled) return;
        setCheck(isApiError(error) && error.status === 400 ? 'invalid' : 'unreachable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  if (check === 'checking') return <PageLoader label="Checking your reset link" />;
  if (check === 'invalid') return <RequestLinkStep expired />;
  if (check === 'unreachable') {
    return (
      <AuthScreen
        title="We could not check your link"
        description="Plantfolk did not answer. Your link may still be good: try again in a moment."
        icon={IconKey}
        footer={backToLogin}
      >
        <Button
          onClick={() => {
            setCheck('checking');
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Choose a new password"
      description="After this, every device logged in to your account is logged out, and you log in with the new password."
      icon={IconLockAccess}
      footer={backToLogin}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async ({ password }) => {
          await identityApi.resetPassword(token, password);
          const done = '/auth/login?notice=password-changed';
          // Every session of the account has just ended on the server, this browser's too.
          if (sessionStore.getState().loggedIn === true) {
            await sessionStore.logout(done, { endServerSession: false });
          } else {
            await navigate(done, { replace: true });
          }
        })}
      >
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" size="md" loading={form.submitting} fullWidth>
            Save the new password
          </Button>
          <Text size="xs" c="dimmed">
            Choose a password you do not use anywhere else.
          </Text>
        </Stack>
      </form>
    </AuthScreen>
  );
}
