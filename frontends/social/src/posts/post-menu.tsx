import type { PostPrivacy } from '@plantfolk/api-client';
import {
  ActionIcon,
  Button,
  FormAlert,
  Group,
  IconCheck,
  IconDots,
  IconLeaf,
  IconPencil,
  IconTrash,
  Modal,
  Text,
  splitServerError,
  useDisclosure,
} from '@plantfolk/ui';
import { Menu } from '@plantfolk/ui/controls';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import type { Viewer } from '../app/viewer';
import type { PostEntry } from '../content/entries';
import { canManagePost } from './post-permissions';
import { privacyOptions, privacyOrder } from './privacy';
import { usePostActions } from './use-post-actions';

/** Loaded when an author first edits a post: it brings the tag picker and its form controls. */
const EditPostModal = lazy(async () => ({
  default: (await import('./edit-post-modal')).EditPostModal,
}));

/**
 * The "…" menu of a post, for its author (edit text and tags, change who may see it, edit the
 * plant listing, delete) and for admins (delete).
 */
export function PostMenu({
  post,
  viewer,
  onDeleted,
  onProblem,
}: {
  post: PostEntry;
  viewer: Viewer;
  onDeleted?: () => void;
  /** A change failed (or a new attempt started: null); the post shows the message. */
  onProblem: (message: string | null) => void;
}) {
  const isAuthor = viewer.user?.uuid === post.user_id;
  const actions = usePostActions(post, viewer.user?.uuid);
  const [editing, edit] = useDisclosure(false);
  const [deleting, confirmDelete] = useDisclosure(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  // Mounted from the first edit on (so it can animate closed), not before.
  const [editorLoaded, setEditorLoaded] = useState(false);
  if (editing && !editorLoaded) setEditorLoaded(true);
  if (!canManagePost(post, viewer)) return null;

  const changePrivacy = async (privacy: PostPrivacy) => {
    onProblem(null);
    try {
      await actions.changePrivacy.mutateAsync(privacy);
    } catch (failure) {
      onProblem(splitServerError(failure, []).formError);
    }
  };

  const remove = async () => {
    setDeleteProblem(null);
    try {
      await actions.remove.mutateAsync();
      confirmDelete.close();
      onDeleted?.();
    } catch (failure) {
      setDeleteProblem(splitServerError(failure, []).formError);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Post options"
            loading={actions.changePrivacy.isPending}
          >
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {isAuthor && (
            <>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={edit.open}>
                Edit post
              </Menu.Item>
              {post.plant && (
                <Menu.Item
                  component={Link}
                  to={paths.editPlant(post.plant.id)}
                  leftSection={<IconLeaf size={16} aria-hidden />}
                >
                  Edit plant listing
                </Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Label>Who can see this</Menu.Label>
              {privacyOrder.map((privacy) => {
                const { label, icon: Icon } = privacyOptions[privacy];
                const current = post.privacy === privacy;
                return (
                  <Menu.Item
                    key={privacy}
                    leftSection={<Icon size={16} aria-hidden />}
                    rightSection={current ? <IconCheck size={14} aria-hidden /> : null}
                    onClick={() => void changePrivacy(privacy)}
                    disabled={current}
                    aria-label={`Who can see this: ${label}${current ? ' (current)' : ''}`}
                  >
                    {label}
                  </Menu.Item>
                );
              })}
              <Menu.Divider />
            </>
          )}
          <Menu.Item
            // Mantine paints a red item with one shade in both modes; the error colour reads on
            // the menu in each.
            color="var(--mantine-color-error)"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={confirmDelete.open}
          >
            Delete post
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {editorLoaded && (
        <Suspense fallback={null}>
          <EditPostModal
            post={post}
            opened={editing}
            onClose={edit.close}
            editText={actions.editText}
          />
        </Suspense>
      )}
      <Modal opened={deleting} onClose={confirmDelete.close} title="Delete this post?">
        <Text size="sm" mb="md">
          {post.plant
            ? 'The plant listing, its photos and every comment go with it. This cannot be undone.'
            : 'Its photos and every comment go with it. This cannot be undone.'}
        </Text>
        <FormAlert message={deleteProblem} />
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={confirmDelete.close}>
            Keep it
          </Button>
          <Button color="red" onClick={() => void remove()} loading={actions.remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
