import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  InfiniteList,
  Loader,
  PageTitle,
  Stack,
  Text,
  Title,
  TimeAgo,
  useDocumentTitle,
  UnstyledButton,
  UserAvatar,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { useViewer } from '../app/viewer';
import { partyName, type ConversationSummary } from './message-model';
import { pathOf } from './message-paths';
import { useConversations } from './messages-data';
import { useLiveMessages } from './use-live-messages';

/** The pages' inboxes, each page's conversations together (in the order of their newest). */
function byPage(conversations: ConversationSummary[]) {
  const pages = new Map<string, { name: string; items: ConversationSummary[] }>();
  for (const conversation of conversations) {
    const page = conversation.page;
    if (!page) continue;
    const group = pages.get(page.id) ?? { name: partyName(page), items: [] };
    group.items.push(conversation);
    pages.set(page.id, group);
  }
  return [...pages.entries()];
}

/**
 * `/messages`: the member's conversations, newest activity first, unread ones marked; the
 * inboxes of the pages they own in a section of their own.
 */
export function MessagesPage() {
  const viewer = useViewer();
  useDocumentTitle('Messages');
  const { live } = useLiveMessages(viewer.key);
  const list = useConversations(viewer.key, live);
  const own = list.items.filter((conversation) => !conversation.inbox);
  const inboxes = byPage(list.items.filter((conversation) => conversation.inbox));

  return (
    <Stack gap="md">
      <PageTitle title="Messages" description="Your conversations with other members and pages." />
      {list.query.isPending ? (
        <Group justify="center" py="lg" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading your conversations…</Text>
        </Group>
      ) : list.query.isError && list.items.length === 0 ? (
        <Alert color="red" variant="light" title="Your conversations could not be loaded">
          <Button variant="default" size="xs" onClick={() => void list.query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <section aria-labelledby="conversations-heading">
            <Title order={2} size="h4" id="conversations-heading" mb="sm">
              Conversations
            </Title>
            {own.length === 0 ? (
              <Text c="dimmed">
                No conversations yet. To start one, open a member’s profile or a page and choose
                “Message”.
              </Text>
            ) : (
              <InfiniteList
                aria-label="Conversations"
                itemCount={list.items.length}
                hasMore={list.hasMore}
                loading={list.loadingMore}
                onLoadMore={list.loadMore}
                loadMoreLabel="Show older conversations"
              >
                {own.map((conversation, index) => (
                  <ConversationRow
                    key={conversation.id}
                    conversation={conversation}
                    position={index + 1}
                    total={list.hasMore ? -1 : own.length}
                  />
                ))}
              </InfiniteList>
            )}
          </section>
          {inboxes.length > 0 && (
            <section aria-labelledby="inboxes-heading">
              <Title order={2} size="h4" id="inboxes-heading" mb="sm">
                Your pages’ inboxes
              </Title>
              <Stack gap="md">
                {inboxes.map(([pageId, group]) => (
                  <Box key={pageId}>
                    <Title order={3} size="h5" mb={4}>
                      {group.name}
                    </Title>
                    <div role="feed" aria-label={`Inbox of ${group.name}`}>
                      {group.items.map((conversation, index) => (
                        <ConversationRow
                          key={conversation.id}
                          conversation={conversation}
                          position={index + 1}
                          total={group.items.length}
                        />
                      ))}
                    </div>
                  </Box>
                ))}
              </Stack>
            </section>
          )}
        </>
      )}
    </Stack>
  );
}

function ConversationRow({
  conversation,
  position,
  total,
}: {
  conversation: ConversationSummary;
  position: number;
  total: number;
}) {
  const name = partyName(conversation.other);
  const unread = conversation.unread;
  const label = `${name}${unread ? `, ${unread} unread` : ''}`;
  return (
    <article
      aria-label={label}
      aria-posinset={position}
      aria-setsize={total}
      className="pf-conversation"
      data-unread={unread > 0}
    >
      <UnstyledButton
        component={Link}
        to={pathOf(conversation.ref)}
        display="block"
        w="100%"
        p="xs"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Group wrap="nowrap" gap="sm" align="center">
          <UserAvatar
            user={{ username: conversation.other.handle, avatar: conversation.other.avatar }}
          />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text fw={unread ? 700 : 500} truncate="end" style={{ minWidth: 0 }}>
                {name}
                {conversation.page && !conversation.inbox ? ' (page)' : ''}
              </Text>
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                <TimeAgo iso={conversation.updatedAt} />
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text
                size="sm"
                c="dimmed"
                truncate="end"
                style={{ minWidth: 0 }}
                fw={unread ? 600 : 400}
              >
                {conversation.lastText === null
                  ? 'No messages yet'
                  : `${conversation.lastFromMe ? 'You: ' : ''}${conversation.lastText}`}
              </Text>
              {unread > 0 && (
                <Badge color="red.9" size="sm" style={{ flex: 'none' }} aria-hidden>
                  {unread > 99 ? '99+' : unread}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
    </article>
  );
}
