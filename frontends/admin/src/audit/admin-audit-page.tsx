import { siteSettingsApi, type AuditEntry } from '@plantfolk/api-client';
import { Button, Card, FormAlert, Loader, PageTitle, Stack, Text, TimeAgo } from '@plantfolk/ui';
import { useInfiniteQuery } from '@tanstack/react-query';

function describeTarget(entry: AuditEntry): string {
  return entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType;
}

/** /admin/audit: every admin action, newest first, a page at a time. */
export function AdminAuditPage() {
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useInfiniteQuery({
      queryKey: ['admin', 'audit-log'],
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => siteSettingsApi.auditLog(pageParam, signal),
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    });
  const entries = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="lg">
      <PageTitle
        title="Audit log"
        description="What admins did: who, what, when, before and after."
      />
      {isPending && <Loader aria-label="Loading the audit log" />}
      {error && <FormAlert message={`The audit log could not be loaded: ${error.message}`} />}
      {data && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          No admin actions yet.
        </Text>
      )}
      {entries.length > 0 && (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Card padding="sm">
                <Text size="sm">
                  <strong>{entry.actorUsername ?? 'A former admin'}</strong> · {entry.action} ·{' '}
                  {describeTarget(entry)} · <TimeAgo iso={entry.createdAt} />
                </Text>
                <details>
                  <summary>Before and after</summary>
                  <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>
                    {JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}
                  </pre>
                </details>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      {hasNextPage && (
        <Button variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          Show older actions
        </Button>
      )}
    </Stack>
  );
}
