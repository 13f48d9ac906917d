import { hasRole, useSession } from '@plantfolk/session';
import { Button, Group, IconBuildingCommunity, PageLoader, Stack, Text } from '@plantfolk/ui';
import { Link } from 'react-router';
import { AuthScreen } from './auth-screen';

/**
 * `/auth/setup-page`: offered after sign-up, "create a page for your group". Trusted members go
 * on to the page form (`/pages/new`, the social slice's); others learn when they can; anyone may
 * skip.
 */
export function SetupPagePage() {
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  if (loggedIn === 'unknown') return <PageLoader />;
  const mayCreate = hasRole(user, 'trusted') || hasRole(user, 'admin');

  return (
    <AuthScreen
      title="Create a page for your group"
      description="A page gives your garden club, community garden or nursery its own handle, posts and events."
      icon={IconBuildingCommunity}
    >
      <Stack gap="md">
        {!mayCreate && (
          <Text size="sm">
            Pages are made by trusted members. Once an admin has marked your account as trusted, you
            can create one from the Pages screen at any time.
          </Text>
        )}
        <Group gap="sm">
          {mayCreate && (
            <Button component={Link} to="/pages/new" size="md">
              Create a page
            </Button>
          )}
          <Button component={Link} to="/" size="md" variant={mayCreate ? 'subtle' : 'filled'}>
            Skip for now
          </Button>
        </Group>
      </Stack>
    </AuthScreen>
  );
}
