import type { Tag, TagGroup, TagWithChildren } from '@plantfolk/api-client';
import {
  Badge,
  Button,
  Card,
  FormAlert,
  Group,
  Loader,
  PageTitle,
  Stack,
  Text,
  UnstyledButton,
  useDebouncedValue,
  IconChevronDown,
  IconChevronRight,
} from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { DeleteTagDialog, EditTagDialog, MergeTagDialog, problemOf } from './tag-dialogs';
import { tagsOf, useTagActions, useTagTree } from './use-tag-tree';

type Dialog = { kind: 'edit' | 'merge' | 'delete'; tag: Tag } | null;

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

function TagRow({
  tag,
  groups,
  onAction,
}: {
  tag: Tag;
  groups: TagGroup[];
  onAction: (dialog: Dialog) => void;
}) {
  const group = groups.find((candidate) => candidate.id === tag.group_id);
  return (
    <Group gap="xs" wrap="wrap" py={4} data-testid={`tag-row-${tag.name}`}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        #{tag.name}
      </Text>
      <Text size="xs" c="dimmed">
        {tag.post_count} posts · {tag.follower_count} interests
      </Text>
      {group && (
        <Badge variant="light" size="sm">
          {group.name}
        </Badge>
      )}
      <Group gap={4} ml="auto" wrap="nowrap">
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Edit ${tag.name}`}
          onClick={() => onAction({ kind: 'edit', tag })}
        >
          Edit
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Merge ${tag.name}`}
          onClick={() => onAction({ kind: 'merge', tag })}
        >
          Merge
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={`Delete ${tag.name}`}
          onClick={() => onAction({ kind: 'delete', tag })}
        >
          Delete
        </Button>
      </Group>
    </Group>
  );
}

/** A category with a disclosure button; its tags in a nested list when open. */
function CategoryItem({
  category,
  groups,
  onAction,
}: {
  category: TagWithChildren;
  groups: TagGroup[];
  onAction: (dialog: Dialog) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = `tag-children-${category.id}`;
  return (
    <li>
      <Group gap={4} wrap="nowrap" align="center">
        <UnstyledButton
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`${open ? 'Hide' : 'Show'} the ${category.children.length} tags under ${category.name}`}
          onClick={() => setOpen((was) => !was)}
          style={{ display: 'inline-flex', padding: 4, borderRadius: 4 }}
        >
          {open ? (
            <IconChevronDown size={18} aria-hidden />
          ) : (
            <IconChevronRight size={18} aria-hidden />
          )}
        </UnstyledButton>
        <div style={{ flex: 1, minWidth: 0 }}>
          <TagRow tag={category} groups={groups} onAction={onAction} />
        </div>
      </Group>
      <ul id={listId} hidden={!open} style={{ ...listStyle, paddingLeft: 28 }}>
        {category.children.length === 0 && (
          <li>
            <Text size="sm" c="dimmed">
              No tags under this category.
            </Text>
          </li>
        )}
        {category.children.map((child) => (
          <li key={child.id}>
            <TagRow tag={child} groups={groups} onAction={onAction} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** /admin/tags: the catalogue as a tree (categories and their tags, then the rest), curated here. */
export function AdminTagsPage() {
  const [prefix, setPrefix] = useState('');
  const [debounced] = useDebouncedValue(prefix.trim().toLowerCase(), 250);
  const { data, error, isPending } = useTagTree(debounced);
  const actions = useTagActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const groups = data?.groups ?? [];
  const open = (next: Dialog) => {
    actions.edit.reset();
    actions.merge.reset();
    actions.remove.reset();
    setDialog(next);
  };
  const close = () => setDialog(null);
  return (
    <Stack gap="lg">
      <PageTitle
        title="Tags"
        description="Categories and the tags under them, groups, and every other tag: rename, merge or delete."
      />
      {isPending && <Loader aria-label="Loading the tags" />}
      {error && <FormAlert message={problemOf(error)} />}
      {data && (
        <>
          <Card title="Categories" titleOrder={2}>
            {data.categories.length === 0 ? (
              <Text size="sm" c="dimmed">
                No categories yet.
              </Text>
            ) : (
              <ul style={listStyle} aria-label="Categories">
                {data.categories.map((category) => (
                  <CategoryItem
                    key={category.id}
                    category={category}
                    groups={groups}
                    onAction={open}
                  />
                ))}
              </ul>
            )}
          </Card>
          <Card title="Other tags" titleOrder={2}>
            <TextInput
              label="Names starting with"
              value={prefix}
              onChange={(event) => setPrefix(event.currentTarget.value)}
              maxLength={40}
              mb="sm"
            />
            {data.loose.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tags found.
              </Text>
            ) : (
              <ul style={listStyle} aria-label="Other tags">
                {data.loose.map((tag) => (
                  <li key={tag.id}>
                    <TagRow tag={tag} groups={groups} onAction={open} />
                  </li>
                ))}
              </ul>
            )}
            {data.loose_truncated && (
              <Text size="sm" c="dimmed" mt="xs">
                More tags follow: type more of a name to find them.
              </Text>
            )}
          </Card>
          {groups.length > 0 && (
            <Card title="Groups" titleOrder={2}>
              <Group gap="xs" component="ul" style={listStyle}>
                {groups.map((group) => (
                  <li key={group.id}>
                    <Badge variant="light">{group.name}</Badge>
                  </li>
                ))}
              </Group>
            </Card>
          )}
        </>
      )}
      <EditTagDialog
        tag={dialog?.kind === 'edit' ? dialog.tag : null}
        groups={groups}
        onClose={close}
        onSave={(input) => actions.edit.mutate(input, { onSuccess: close })}
        pending={actions.edit.isPending}
        error={actions.edit.error}
      />
      <MergeTagDialog
        tag={dialog?.kind === 'merge' ? dialog.tag : null}
        candidates={tagsOf(data)}
        onClose={close}
        onMerge={(input) => actions.merge.mutate(input, { onSuccess: close })}
        pending={actions.merge.isPending}
        error={actions.merge.error}
      />
      <DeleteTagDialog
        tag={dialog?.kind === 'delete' ? dialog.tag : null}
        onClose={close}
        onDelete={(name) => actions.remove.mutate(name, { onSuccess: close })}
        pending={actions.remove.isPending}
        error={actions.remove.error}
      />
    </Stack>
  );
}
