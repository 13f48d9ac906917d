import { useSession } from '@plantfolk/session';
import {
  Anchor,
  Button,
  IconBan,
  IconCircleCheck,
  List,
  PageLoader,
  Stack,
  Text,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { useSessionClient } from '../app/shell-context';
import { AuthScreen } from './auth-screen';

/** `/auth/suspended`: where a suspended account is kept; explains and offers to log out. */
export function SuspendedPage() {
  const sessionClient = useSessionClient();
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  if (loggedIn === 'unknown') return <PageLoader />;

  if (user && !user.suspended) {
    return (
      <AuthScreen
        title="Your account is in good standing"
        description="Your account is not suspended. You can use Plantfolk as usual."
        icon={IconCircleCheck}
      >
        <Button component={Link} to="/" size="md">
          Go to your feed
        </Button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="This account is suspended"
      description={
        user
          ? `An admin has suspended the account ${user.email}.`
          : 'An admin has suspended this account.'
      }
      icon={IconBan}
      footer={
        <>
          Read the{' '}
          <Anchor component={Link} to="/docs/terms-of-use">
            terms of use
          </Anchor>
        </>
      }
    >
      <Stack gap="md">
        <Text>While it is suspended:</Text>
        <List spacing={4}>
          <List.Item>you cannot post, comment, react or send messages;</List.Item>
          <List.Item>you cannot change your profile or settings;</List.Item>
          <List.Item>nothing of yours is deleted.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Admins suspend accounts that break the terms of use. If you think this is a mistake,
          contact the Plantfolk admins and ask them to look at it again.
        </Text>
        {user && (
          <Button variant="default" onClick={() => void sessionClient.logout('/')}>
            Log out
          </Button>
        )}
      </Stack>
    </AuthScreen>
  );
}
