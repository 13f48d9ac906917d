import {
  identityApi,
  isApiError,
  rememberBrowserTimeZone,
  type SessionClient,
} from '@plantfolk/api-client';
import { sessionStore } from '@plantfolk/session';
import { Button, FormAlert, IconMailCheck, PageLoader, Stack } from '@plantfolk/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { destinationAfterLogin } from '../access/safe-redirect';
import { useSessionClient } from '../app/shell-context';
import { AuthScreen } from './auth-screen';

/** Where the page goes once the link is answered. */
interface Outcome {
  next: string;
}

const VERIFIED = '/auth/verifysuccessful';

/**
 * A verification token works once. React runs effects twice in development, and a second
 * request would report the spent token as invalid, so each token is sent only once per page.
 */
const verifications = new Map<string, Promise<Outcome>>();

async function openLink(token: string, sessionClient: SessionClient): Promise<Outcome> {
  // This browser may hold a session already (the member logged in with the password meanwhile).
  await sessionStore.whenKnown();
  if (sessionStore.getState().loggedIn === true) {
    await identityApi.verifyEmailToken(token);
    await sessionClient.profileChanged();
    return { next: VERIFIED };
  }
  // Otherwise the link signs its member in: sign-up did not, so that its answer could not tell
  // a new address from one that has an account.
  const user = await sessionClient.signInWithEmailLink(token);
  // The digest hour follows the member's zone: the browser's, until they choose one.
  if (user) void rememberBrowserTimeZone();
  return { next: user ? destinationAfterLogin(user, null) : VERIFIED };
}

function verifyOnce(token: string, sessionClient: SessionClient): Promise<Outcome> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = openLink(token, sessionClient).catch((error: unknown) => {
      // Only a refused token is final; anything else (offline, 500) may be tried again.
      verifications.delete(token);
      if (isApiError(error) && error.status === 400) return { next: '/auth/verifyfailed' };
      throw error;
    });
    verifications.set(token, pending);
  }
  return pending;
}

/**
 * `/auth/verifyemail?token=…`: the link of the verification e-mail lands here. It confirms the
 * address and, in a browser without a session, logs the member in (a PKCE exchange like the
 * login's), then goes on to choosing a username and area.
 */
export function VerifyEmailPage() {
  const sessionClient = useSessionClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) {
      void navigate('/auth/verifyfailed', { replace: true });
      return;
    }
    let cancelled = false;
    verifyOnce(token, sessionClient)
      .then(({ next }) => {
        if (!cancelled) void navigate(next, { replace: true });
      })
      .catch((error: unknown) => {
        if (!cancelled) {
          setFailure(
            error instanceof Error ? error.message : 'Your address could not be confirmed.',
          );
        }
      });
    return () => {
      cancelled = true;
    };
  }, [token, attempt, navigate, sessionClient]);

  if (!failure) return <PageLoader label="Confirming your e-mail address" />;
  return (
    <AuthScreen
      title="We could not confirm your address yet"
      description="Something went wrong on the way. Your link is still good: try again in a moment."
      icon={IconMailCheck}
    >
      <Stack gap="md">
        <FormAlert message={failure} />
        <Button
          onClick={() => {
            setFailure(null);
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </Stack>
    </AuthScreen>
  );
}
