import { contentApi, contentLimits } from '@plantfolk/api-client';
import { Button, FormAlert, Group, Stack, formatCount, splitServerError } from '@plantfolk/ui';
import { Textarea } from '@plantfolk/ui/controls';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { updateComment } from '../content/cache';
import type { CommentEntry } from '../content/entries';

export interface CommentEditorProps {
  comment: CommentEntry;
  /** The caller, who wrote the comment. */
  userId: string;
  /** Saved (true) or cancelled (false). */
  onDone: (saved: boolean) => void;
}

/** Editing one's own comment in place; saving changes every cached copy of it. */
export function CommentEditor({ comment, userId, onDone }: CommentEditorProps) {
  const queryClient = useQueryClient();
  const [content, setContent] = useState(comment.content);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // Where the Edit button was: the text to change, as soon as it is there (a layout effect: a
  // passive one may run a frame later, after paint, with Preact).
  useLayoutEffect(() => box.current?.focus(), []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = content.trim();
    if (!text) {
      setProblem('A comment cannot be empty. Delete it instead?');
      return;
    }
    if (text.length > contentLimits.comment) {
      setProblem(`A comment can have up to ${formatCount(contentLimits.comment)} characters.`);
      return;
    }
    if (text === comment.content) {
      onDone(false);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const saved = await contentApi.updateComment({ id: comment.id, uuid: userId, content: text });
      updateComment(queryClient, comment.id, (entry) => ({
        ...entry,
        content: saved.content,
        edited_at: saved.edited_at,
      }));
      onDone(true);
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Edit your comment" noValidate>
      <Stack gap={6}>
        <FormAlert message={problem} />
        <Textarea
          label="Edit your comment"
          autosize
          minRows={2}
          maxRows={8}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          ref={box}
        />
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={saving}>
            Save
          </Button>
          <Button variant="default" size="compact-sm" onClick={() => onDone(false)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
