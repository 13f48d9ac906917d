import { identityApi, isApiError } from '@plantfolk/api-client';
import { sessionStore } from '@plantfolk/session';
import { Button, FormAlert, IconMailCheck, PageLoader, Stack } from '@plantfolk/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionClient } from '../app/shell-context';
import { AuthScreen } from './auth-screen';

type Outcome = 'verified' | 'invalid';

/**
 * A verification token works once. React runs effects twice in development, and a second
 * request would report the spent token as invalid, so each token is sent only once per page.
 */
const verifications = new Map<string, Promise<Outcome>>();

function verifyOnce(token: string): Promise<Outcome> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = identityApi.verifyEmailToken(token).then(
      () => 'verified' as const,
      (error: unknown) => {
        // Only a refused token is final; anything else (offline, 500) may be tried again.
        verifications.delete(token);
        if (isApiError(error) && error.status === 400) return 'invalid' as const;
        throw error;
      },
    );
    verifications.set(token, pending);
  }
  return pending;
}

/** `/auth/verifyemail?token=…`: the link of the verification e-mail lands here. */
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
    verifyOnce(token)
      .then(async (outcome) => {
        if (outcome === 'invalid') {
          if (!cancelled) void navigate('/auth/verifyfailed', { replace: true });
          return;
        }
        // This browser may hold the session that was just verified (or another tab does).
        await sessionStore.whenKnown();
        await sessionClient.profileChanged();
        if (!cancelled) void navigate('/auth/verifysuccessful', { replace: true });
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
