import { contentLimits } from '@plantfolk/api-client';
import {
  Button,
  FormAlert,
  Group,
  Modal,
  Stack,
  formatCount,
  splitServerError,
} from '@plantfolk/ui';
import { Textarea } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { TagPicker } from '../composer/tag-picker';
import type { PostEntry } from '../content/entries';
import type { usePostActions } from './use-post-actions';

/** Editing a post's text and tags; saving moves the post to the top. */
export function EditPostModal({
  post,
  opened,
  onClose,
  editText,
}: {
  post: PostEntry;
  opened: boolean;
  onClose: () => void;
  editText: ReturnType<typeof usePostActions>['editText'];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit post" size="lg">
      {opened && <EditPostForm post={post} onClose={onClose} editText={editText} />}
    </Modal>
  );
}

function EditPostForm({
  post,
  onClose,
  editText,
}: {
  post: PostEntry;
  onClose: () => void;
  editText: ReturnType<typeof usePostActions>['editText'];
}) {
  const [text, setText] = useState(post.text);
  const [tags, setTags] = useState(post.tags.map((tag) => tag.name));
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    if (!text.trim() && post.photos.length === 0) {
      setProblem('Write something: a post without photos needs text.');
      return;
    }
    if (text.length > contentLimits.postText) {
      setProblem(`A post can have up to ${formatCount(contentLimits.postText)} characters.`);
      return;
    }
    try {
      await editText.mutateAsync({ text: text.trim(), tags });
      onClose();
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-label="Edit post"
    >
      <Stack gap="sm">
        <Textarea
          label="Text"
          autosize
          minRows={3}
          maxRows={14}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setProblem(null);
          }}
          data-autofocus
        />
        <TagPicker value={tags} onChange={setTags} />
        <FormAlert message={problem} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={editText.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
