import { isApiError, pagesApi, type PageWithSettings } from '@plantfolk/api-client';
import {
  Button,
  Card,
  ErrorView,
  FormAlert,
  Group,
  NotFoundView,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  splitServerError,
} from '@plantfolk/ui';
import { Switch } from '@plantfolk/ui/controls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { contentKeys } from '../content/query-keys';
import { pageKeys } from './page-data';
import { pageInput, PageForm, tagIdsOf, type PageFormValues } from './page-form';

function formValuesOf(page: PageWithSettings): PageFormValues {
  return {
    handle: page.handle,
    name: page.name,
    about: page.about,
    suburb_city: page.location?.suburb_city ?? '',
    state: page.location?.state ?? '',
    country: page.location?.country ?? '',
    latitude: page.location?.latitude ?? '',
    longitude: page.location?.longitude ?? '',
  };
}

/**
 * `/{handle}/edit`: the page's owner (or an admin) changes it, its settings, or deletes it. Handles
 * are one namespace, so a member's own handle leads to where their profile is edited.
 */
export function EditPagePage() {
  const { handle = '' } = useParams();
  const viewer = useViewer();
  const ownHandle = viewer.user?.username?.toLowerCase() === handle.toLowerCase();
  const page = useQuery({
    queryKey: pageKeys.single(viewer.key, handle),
    queryFn: ({ signal }) => pagesApi.singlePage(handle, signal),
    enabled: viewer.ready && !ownHandle,
  });

  if (ownHandle) return <Navigate to={paths.settings} replace />;

  if (!viewer.ready || page.isPending) return <PageLoader label="Loading the page" />;
  if (page.isError) {
    return isApiError(page.error) && page.error.status === 404 ? (
      <NotFoundView path={`/${handle}/edit`} />
    ) : (
      <ErrorView status={500} message={page.error.message} onRetry={() => void page.refetch()} />
    );
  }
  if (!page.data.can_manage) {
    return (
      <ErrorView
        status={403}
        statusText="Not your page"
        message="Only the page’s owner (or an admin) can edit it."
      />
    );
  }
  return <EditPageForms page={page.data} />;
}

function EditPageForms({ page }: { page: PageWithSettings }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(page.settings);
  const [settingsError, setSettingsError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [saved, setSaved] = useState(false);
  const viewer = useViewer();
  /** Lists of pages, and `/{handle}` of the old and the new handle, load afresh. */
  const refresh = async (handle: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['pages'] }),
      queryClient.invalidateQueries({ queryKey: contentKeys.handle(viewer.key, page.handle) }),
      queryClient.invalidateQueries({ queryKey: contentKeys.handle(viewer.key, handle) }),
    ]);
  };

  const changeSetting = async (
    name: 'allow_messages' | 'show_upcoming_events' | 'show_location',
    value: boolean,
  ) => {
    setSettingsError(null);
    const previous = settings;
    setSettings({ ...settings, [name]: value });
    try {
      setSettings(await pagesApi.updateSettings({ pageId: page.id, [name]: value }));
    } catch (error) {
      setSettings(previous);
      setSettingsError(splitServerError(error, [], {}, {}).formError ?? 'Could not save');
    }
  };

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await pagesApi.deletePage(page.id);
      await refresh(page.handle);
      void navigate('/pages');
    } catch (error) {
      setDeleteError(splitServerError(error, [], {}, {}).formError ?? 'Could not delete the page');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="md">
      <PageTitle title={`Edit ${page.name}`} />
      <Card padding="lg">
        <PageForm
          label="Edit page"
          submitLabel="Save page"
          initial={formValuesOf(page)}
          initialTags={page.tags.map((tag) => tag.name)}
          ownHandle={page.handle}
          onSubmit={async ({ values, tags, avatar }) => {
            setSaved(false);
            const input = pageInput(values);
            const updated = await pagesApi.update({
              pageId: page.id,
              ...input,
              handle: input.handle === page.handle ? undefined : input.handle,
            });
            const wanted = await tagIdsOf(tags);
            const current = page.tags.map((tag) => tag.id);
            const added = wanted.filter((id) => !current.includes(id));
            const removed = current.filter((id) => !wanted.includes(id));
            if (added.length) await pagesApi.connectTags(page.id, added);
            if (removed.length) await pagesApi.disconnectTags(page.id, removed);
            if (avatar) await pagesApi.uploadAvatar(page.id, avatar);
            await refresh(updated.handle);
            setSaved(true);
            if (updated.handle !== page.handle)
              void navigate(`/${updated.handle}/edit`, { replace: true });
          }}
        />
        {saved && (
          <Text size="sm" role="status" mt="sm">
            Saved.
          </Text>
        )}
      </Card>
      <Card padding="lg">
        <Stack gap="sm" role="group" aria-label="Page settings">
          <Switch
            label="Show where the group meets (its area, never finer than about 1 km)"
            checked={settings.show_location}
            onChange={(event) => void changeSetting('show_location', event.currentTarget.checked)}
          />
          <Switch
            label="Show upcoming events on the page"
            checked={settings.show_upcoming_events}
            onChange={(event) =>
              void changeSetting('show_upcoming_events', event.currentTarget.checked)
            }
          />
          <Switch
            label="Members may message the page"
            checked={settings.allow_messages}
            onChange={(event) => void changeSetting('allow_messages', event.currentTarget.checked)}
          />
          <FormAlert message={settingsError} />
        </Stack>
      </Card>
      <Card padding="lg">
        <Stack gap="sm">
          <Text fw={600}>Delete this page</Text>
          <Text size="sm" c="dimmed">
            The page, its settings and tags go. Posts made as the page stay, as your own posts.
          </Text>
          <FormAlert message={deleteError} />
          <Group>
            {confirming ? (
              <>
                <Button color="red" loading={deleting} onClick={() => void remove()}>
                  Yes, delete {page.name}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
                  Keep it
                </Button>
              </>
            ) : (
              <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
                Delete page
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
