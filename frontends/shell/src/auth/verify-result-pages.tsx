import { useSession } from '@plantfolk/session';
import { Anchor, Button, IconMailCheck, IconMailX, PageLoader, Stack, Text } from '@plantfolk/ui';
import { Link } from 'react-router';
import { AuthScreen } from './auth-screen';
import { ResendVerification } from './resend-verification';

/** `/auth/verifysuccessful`: the address is confirmed; next, the username and area. */
export function VerifySuccessfulPage() {
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  if (loggedIn === 'unknown') return <PageLoader />;

  const next =
    user?.stage === 'registered'
      ? { to: '/', label: 'Go to your feed' }
      : user
        ? { to: '/auth/register', label: 'Choose your username and area' }
        : { to: '/auth/login?redirect=%2Fauth%2Fregister', label: 'Log in to finish your profile' };

  return (
    <AuthScreen
      title="Your e-mail address is confirmed"
      description="Thank you! One more step: pick a username and tell us your area, so we can show you what grows nearby."
      icon={IconMailCheck}
    >
      <Button component={Link} to={next.to} size="md" fullWidth>
        {next.label}
      </Button>
    </AuthScreen>
  );
}

/** `/auth/verifyfailed`: the link was spent, expired or mistyped; offers a new one. */
export function VerifyFailedPage() {
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  if (loggedIn === 'unknown') return <PageLoader />;

  if (user && user.stage !== 'signed-up') {
    return (
      <AuthScreen
        title="Your address is already confirmed"
        description="That link has been used, and your e-mail address is confirmed. You can carry on."
        icon={IconMailCheck}
      >
        <Button
          component={Link}
          to={user.stage === 'verified' ? '/auth/register' : '/'}
          size="md"
          fullWidth
        >
          {user.stage === 'verified' ? 'Choose your username and area' : 'Go to your feed'}
        </Button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="This link does not work"
      description="Confirmation links work once and expire after a while, or the link may have been cut short by your mail program."
      icon={IconMailX}
      footer={
        <Anchor component={Link} to="/auth/login" fw={600}>
          Back to log in
        </Anchor>
      }
    >
      <Stack gap="sm">
        <Text fw={600}>Get a new link</Text>
        <ResendVerification email={user?.email} />
      </Stack>
    </AuthScreen>
  );
}
