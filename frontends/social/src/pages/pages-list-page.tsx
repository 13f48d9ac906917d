import type { PageProfile } from '@plantfolk/api-client';
import { Button, Card, Group, PageTitle, Stack, Text, UserAvatar } from '@plantfolk/ui';
import { CursorListView } from '@plantfolk/ui/cursor-list';
import { hasRole } from '@plantfolk/session';
import { Link } from 'react-router';
import { useViewer } from '../app/viewer';
import { pagePlace, usePagesList } from './page-data';

/** One page in a list: avatar, name, handle and place, linking to `/{handle}`. */
export function PageCard({ page, extra }: { page: PageProfile; extra?: string }) {
  const place = pagePlace(page);
  return (
    <Card padding="md">
      <Group wrap="nowrap" gap="md">
        <UserAvatar user={{ username: page.handle, avatar: page.avatarUrl }} size="lg" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate component={Link} to={`/${page.handle}`} className="pf-list-link">
            {page.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            @{page.handle}
            {place ? ` · ${place}` : ''}
            {extra ? ` · ${extra}` : ''}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** `/pages`: every page, newest first, loading more as it scrolls. */
export function PagesListPage() {
  const viewer = useViewer();
  const list = usePagesList(viewer);
  const trusted = hasRole(viewer.user, 'trusted') || viewer.isAdmin;

  return (
    <Stack gap="md">
      <PageTitle title="Pages" />
      <Group gap="sm">
        <Button component={Link} to="/pages/nearby" variant="default">
          Pages near you
        </Button>
        {trusted && (
          <Button component={Link} to="/pages/new">
            Create a page
          </Button>
        )}
      </Group>
      <CursorListView
        list={list}
        label="Pages"
        loadingText="Loading pages…"
        errorTitle="The pages could not be loaded."
        emptyMessage="No pages yet."
        loadMoreLabel="Show more pages"
      >
        {(pages) => pages.map((page) => <PageCard key={page.id} page={page} />)}
      </CursorListView>
    </Stack>
  );
}
