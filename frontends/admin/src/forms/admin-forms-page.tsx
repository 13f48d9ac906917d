import { formsApi, type FormEntry } from '@plantfolk/api-client';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  PageTitle,
  Stack,
  Text,
  formatFullDate,
} from '@plantfolk/ui';
import { CursorListView, useCursorList } from '@plantfolk/ui/cursor-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const adminFormsKey = ['admin', 'forms'] as const;

const KIND_LABELS: Record<FormEntry['kind'], string> = {
  contact: 'Contact',
  feedback: 'Feedback',
};

function EntryCard({ entry }: { entry: FormEntry }) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: (handled: boolean) => formsApi.markHandled(entry.id, handled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFormsKey }),
  });
  const handled = entry.handled_at !== null;
  const from = entry.author ? `@${entry.author.username}` : 'A guest';
  return (
    <Card padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entry.subject}
          </Text>
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {KIND_LABELS[entry.kind]}
            </Badge>
            <Badge variant="light" color={handled ? 'green' : 'yellow'}>
              {handled ? 'Handled' : 'Open'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {from} · {formatFullDate(entry.created_at)}
          {entry.reply_email && (
            <>
              {' · '}
              <Anchor href={`mailto:${entry.reply_email}`} size="sm">
                {entry.reply_email}
              </Anchor>
            </>
          )}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.text}
        </Text>
        {mark.isError && (
          <Text size="sm" c="red" role="alert">
            The entry could not be changed; please try again.
          </Text>
        )}
        <Button
          size="xs"
          variant="default"
          w="fit-content"
          loading={mark.isPending}
          onClick={() => mark.mutate(!handled)}
          aria-label={`${handled ? 'Reopen' : 'Mark handled'}: ${entry.subject}`}
        >
          {handled ? 'Reopen' : 'Mark handled'}
        </Button>
      </Stack>
    </Card>
  );
}

/** `/admin/forms`: contact and feedback entries, newest first; mark them handled. */
export function AdminFormsPage() {
  const list = useCursorList({
    queryKey: adminFormsKey,
    first: (signal) => formsApi.entries(null, signal),
    more: (cursor, signal) => formsApi.entries(cursor, signal),
  });
  return (
    <Stack gap="md">
      <PageTitle
        title="Contact and feedback"
        description="What members and visitors sent through the form on the About page."
      />
      <CursorListView
        list={list}
        label="Entries"
        loadingText="Loading entries…"
        errorTitle="The entries could not be loaded."
        emptyMessage="No entries yet."
        loadMoreLabel="Show more entries"
      >
        {(entries) =>
          entries.map((entry) => (
            // A feed's items are articles (ARIA feed), each named by its subject.
            <article key={entry.id} aria-label={entry.subject}>
              <EntryCard entry={entry} />
            </article>
          ))
        }
      </CursorListView>
    </Stack>
  );
}
