import { useSession } from '@plantfolk/session';
import {
  Anchor,
  Button,
  Divider,
  Group,
  IconMail,
  IconMailCheck,
  PageLoader,
  Stack,
  Text,
} from '@plantfolk/ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSessionClient } from '../app/shell-context';
import { AuthScreen } from './auth-screen';
import { ResendVerification } from './resend-verification';

/** What the sign-up page hands on: the address it just signed up (in the history entry). */
export interface SentToState {
  sentTo: string;
}

function sentToOf(state: unknown): string | null {
  const sentTo = (state as Partial<SentToState> | null)?.sentTo;
  return typeof sentTo === 'string' && sentTo ? sentTo : null;
}

/** `/auth/verify`: "check your inbox" after signing up, with a way to get the link again. */
export function VerifyPage() {
  const sessionClient = useSessionClient();
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  const sentTo = sentToOf(useLocation().state);
  const [checking, setChecking] = useState(false);

  if (loggedIn === 'unknown') return <PageLoader />;

  if (user && user.stage !== 'signed-up') {
    return (
      <AuthScreen
        title="Your e-mail address is confirmed"
        description={`${user.email} is confirmed.`}
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

  if (!user && sentTo) {
    return (
      <AuthScreen
        title="Check your inbox"
        description={
          <>
            We sent an e-mail to <strong>{sentTo}</strong>. Open the link in it to confirm your
            address: it logs you in, and then you choose your username and area.
          </>
        }
        icon={IconMail}
        footer={
          <>
            Confirmed it on another device?{' '}
            <Anchor component={Link} to="/auth/login" fw={600}>
              Log in
            </Anchor>
          </>
        }
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The e-mail can take a minute or two. If you cannot find it, look in the spam folder, or
            send it again.
          </Text>
          <ResendVerification email={sentTo} />
          <Text size="sm" c="dimmed" ta="center">
            Wrong address?{' '}
            <Anchor component={Link} to="/auth/signup">
              Sign up again
            </Anchor>
          </Text>
        </Stack>
      </AuthScreen>
    );
  }

  if (!user) {
    return (
      <AuthScreen
        title="Confirm your e-mail address"
        description="Open the link we sent when you signed up. If it did not arrive, or no longer works, get a new one here."
        icon={IconMail}
        footer={
          <Anchor component={Link} to="/auth/login" fw={600}>
            Back to log in
          </Anchor>
        }
      >
        <ResendVerification />
      </AuthScreen>
    );
  }

  // The link may be opened in another tab or on another device; this tab then renews and moves on.
  const checkAgain = async () => {
    setChecking(true);
    try {
      await sessionClient.profileChanged();
    } finally {
      setChecking(false);
    }
  };

  return (
    <AuthScreen
      title="Check your inbox"
      description={
        <>
          We sent a link to <strong>{user.email}</strong>. Open it to confirm your address, then
          choose your username and area.
        </>
      }
      icon={IconMail}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The e-mail can take a minute or two. If you cannot find it, look in the spam folder, or
          send it again.
        </Text>
        <ResendVerification email={user.email} />
        <Divider label="Confirmed it already?" labelPosition="center" />
        <Group grow>
          <Button variant="default" onClick={() => void checkAgain()} loading={checking}>
            I have confirmed my address
          </Button>
        </Group>
        <Text size="sm" c="dimmed" ta="center">
          Wrong address?{' '}
          <Anchor
            component="button"
            type="button"
            onClick={() => void sessionClient.logout('/auth/signup')}
          >
            Log out and sign up again
          </Anchor>
        </Text>
      </Stack>
    </AuthScreen>
  );
}
