import { identityApi } from '@plantfolk/api-client';
import { useSession } from '@plantfolk/session';
import { Anchor, Button, FormAlert, IconUserPlus, Stack, Text, useForm } from '@plantfolk/ui';
import { PasswordInput, TextInput } from '@plantfolk/ui/controls';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { VERIFY_PATH } from '../access/access-decision';
import { destinationAfterLogin, safeRedirectPath } from '../access/safe-redirect';
import { AuthScreen } from './auth-screen';
import {
  confirmationProblem,
  emailProblem,
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
} from './credential-rules';
import type { SentToState } from './verify-page';

/**
 * `/auth/signup`: creates the account and goes on to "check your inbox". It signs nobody in: the
 * API answers alike for an address that already has an account (its owner gets an e-mail
 * instead), and the link in the e-mail verifies the address and signs the new member in.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  // `/invites/{id}` sends newcomers here with `?invite=`: the API needs it on an invite-only site.
  const inviteId = inviteIdFrom(params.get('invite'));
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  const form = useForm({
    initialValues: { email: '', password: '', confirmation: '' },
    validate: (values) => ({
      email: emailProblem(values.email),
      password: newPasswordProblem(values.password),
      confirmation: confirmationProblem(values.password, values.confirmation),
    }),
    fieldForCode: { WEAK_PASSWORD: 'password' },
    messageForCode: {
      INVITE_REQUIRED: inviteId
        ? 'This invite has expired, been used or been switched off. Ask whoever sent it for a new one.'
        : 'New accounts need an invite at the moment. Ask a member to send you an invite link.',
    },
  });

  // Someone logged in has no account to create: send them on with their own.
  if (loggedIn === true && user) {
    return (
      <Navigate
        to={user.stage === 'registered' ? (redirect ?? '/') : destinationAfterLogin(user, null)}
        replace
      />
    );
  }

  const loginLink = redirect
    ? `/auth/login?redirect=${encodeURIComponent(redirect)}`
    : '/auth/login';

  return (
    <AuthScreen
      title="Create your account"
      description="Share cuttings, find plant swaps and meet the plant lovers near you."
      icon={IconUserPlus}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={loginLink} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async ({ email, password }) => {
          const address = email.trim();
          await identityApi.signup({ email: address, password, ...(inviteId ? { inviteId } : {}) });
          // The address travels in the history entry, not the URL (no address in logs or referrers).
          await navigate(VERIFY_PATH, { state: { sentTo: address } satisfies SentToState });
        })}
      >
        <Stack gap="md">
          {inviteId && (
            <Text size="sm" role="note">
              You are signing up with an invite.
            </Text>
          )}
          <FormAlert message={form.formError} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            description="We send a link to this address to confirm it is yours."
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password. A few words you can remember work well.`}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repeat the password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" size="md" loading={form.submitting} fullWidth>
            Create account
          </Button>
          <Text size="xs" c="dimmed">
            By creating an account you agree to the{' '}
            <Anchor component={Link} to="/docs/terms-of-use" size="xs">
              terms of use
            </Anchor>{' '}
            and the{' '}
            <Anchor component={Link} to="/docs/privacy-policy" size="xs">
              privacy policy
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </AuthScreen>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invite id of `?invite=`, when it is one (anything else is ignored, not sent). */
export function inviteIdFrom(value: string | null): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}
