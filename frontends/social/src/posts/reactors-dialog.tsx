import { contentApi, type Reactor, type Responder } from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  UserAvatar,
} from '@plantfolk/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import type { Viewer } from '../app/viewer';

/** What the likes are of: a post (by its random id) or a comment. */
export type ReactorsTarget = { kind: 'post'; randomId: string } | { kind: 'comment'; id: string };

export interface ReactorsDialogProps {
  target: ReactorsTarget;
  viewer: Viewer;
  opened: boolean;
  onClose: () => void;
  /** What was liked, for the title: "post by maria". */
  subject: string;
}

interface ReactorEntry extends Reactor {
  member: Responder | null;
}

interface ReactorsPage {
  items: ReactorEntry[];
  next_cursor: string | null;
}

/** The query key of a target's likers (per viewer, like every answer of the social screens). */
export function reactorsKey(viewerKey: string, target: ReactorsTarget) {
  return [
    'content',
    viewerKey,
    'reactors',
    target.kind,
    target.kind === 'post' ? target.randomId : target.id,
  ] as const;
}

async function reactorsPage(
  target: ReactorsTarget,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<ReactorsPage> {
  const { data, responders } =
    target.kind === 'post'
      ? await contentApi.postReactors(target.randomId, cursor, signal)
      : await contentApi.commentReactors(target.id, cursor, signal);
  const members = new Map(responders.map((member) => [member.uuid, member]));
  return {
    items: data.items.map((item) => ({ ...item, member: members.get(item.user_id) ?? null })),
    next_cursor: data.next_cursor,
  };
}

/**
 * Who liked a post or a comment, newest first, paged by cursor: each member's picture and name,
 * linking to their profile. The API shows the list exactly to those who may see what was liked.
 */
export function ReactorsDialog({ target, viewer, opened, onClose, subject }: ReactorsDialogProps) {
  const query = useInfiniteQuery({
    queryKey: reactorsKey(viewer.key, target),
    enabled: opened,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => reactorsPage(target, pageParam, signal),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Who liked it changes while the dialog is closed: ask again each time it opens.
    staleTime: 0,
  });
  const reactors = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Liked by"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        Members who liked this {subject}.
      </Text>
      {query.isPending ? (
        <Center py="md" role="status" aria-label="Loading who liked this">
          <Loader size="sm" />
        </Center>
      ) : query.isError && reactors.length === 0 ? (
        <Alert color="red" variant="light" role="alert">
          The list did not load.{' '}
          <Anchor component="button" onClick={() => void query.refetch()}>
            Try again
          </Anchor>
        </Alert>
      ) : reactors.length === 0 ? (
        <Text size="sm">Nobody has liked this yet.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Members who liked this"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {reactors.map((reactor) => (
            <ReactorRow key={reactor.id} reactor={reactor} onFollow={onClose} />
          ))}
        </Stack>
      )}
      {query.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          mt="sm"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </Modal>
  );
}

function ReactorRow({ reactor, onFollow }: { reactor: ReactorEntry; onFollow: () => void }) {
  const member = reactor.member;
  const username = member?.username || 'A Plantfolk member';
  const name = (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text span fw={600} size="sm" truncate>
        {member?.display_name || username}
      </Text>
      {member?.display_name && (
        <Text span size="xs" c="dimmed" truncate>
          @{username}
        </Text>
      )}
    </Stack>
  );
  return (
    <li>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={{ username, avatar: member?.avatar }} size={36} />
        {member?.username ? (
          <Anchor
            component={Link}
            to={paths.profile(member.username)}
            onClick={onFollow}
            c="inherit"
            underline="hover"
            style={{ minWidth: 0 }}
          >
            {name}
          </Anchor>
        ) : (
          name
        )}
      </Group>
    </li>
  );
}
