import { contentApi, contentLimits } from '@plantfolk/api-client';
import {
  Button,
  CloseButton,
  FormAlert,
  Group,
  IconCornerDownRight,
  Stack,
  Text,
  formatCount,
  splitServerError,
} from '@plantfolk/ui';
import { Textarea } from '@plantfolk/ui/controls';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { responderOf, type Viewer } from '../app/viewer';
import { appendComment, updatePost } from '../content/cache';
import type { PostEntry } from '../content/entries';
import { contentKeys } from '../content/query-keys';
import { COMMENT_BOX } from './comment-box';
import type { ReplyContext } from './reply-context';

export interface CommentComposerProps {
  post: PostEntry;
  viewer: Viewer;
  reply: ReplyContext | null;
  onCancelReply: () => void;
  /** The comment is saved; the reply context is cleared by the caller. */
  onPosted: () => void;
}

/** Writing a comment on the post, or a reply to one of its comments. */
export function CommentComposer({
  post,
  viewer,
  reply,
  onCancelReply,
  onPosted,
}: CommentComposerProps) {
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A reply's box takes the focus as it opens: focused here, not with the autoFocus prop, which
  // Preact (serving React) leaves to the HTML attribute, honoured only as a page loads.
  const box = useRef<HTMLTextAreaElement>(null);
  const replying = reply !== null;
  useLayoutEffect(() => {
    if (replying) box.current?.focus();
  }, [replying]);
  const user = viewer.user;
  if (!user) return null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = content.trim();
    if (!text) {
      setProblem(reply ? 'Write your reply first.' : 'Write your comment first.');
      return;
    }
    if (text.length > contentLimits.comment) {
      setProblem(`A comment can have up to ${formatCount(contentLimits.comment)} characters.`);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const created = await contentApi.createComment({
        postId: post.random_id,
        content: text,
        ...(reply ? { parentId: reply.commentId } : {}),
      });
      appendComment(queryClient, contentKeys.comments(viewer.key, post.random_id), {
        ...created,
        author: responderOf(user),
      });
      updatePost(queryClient, post.id, (entry) => ({
        ...entry,
        comment_count: entry.comment_count + 1,
      }));
      setContent('');
      onPosted();
    } catch (failure) {
      setProblem(
        splitServerError(
          failure,
          [],
          {},
          {
            REPLY_TOO_DEEP: 'This thread is as deep as it goes. Reply further up instead.',
            POST_NOT_FOUND: 'This post is no longer there.',
          },
        ).formError,
      );
    } finally {
      setSending(false);
    }
  };

  // Ctrl+Enter (or ⌘+Enter) sends, as in most comment boxes.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
    if (event.key === 'Escape' && reply) onCancelReply();
  };

  const label = reply ? `Reply to ${reply.username}` : COMMENT_BOX;
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={label} noValidate>
      <Stack gap={6}>
        {reply && (
          <Group gap={6} c="dimmed" fz="sm" wrap="nowrap" role="status">
            <IconCornerDownRight size={16} aria-hidden />
            <Text size="sm" style={{ flex: 1 }}>
              Replying to <strong>@{reply.username}</strong>
            </Text>
            <CloseButton size="sm" aria-label="Cancel reply" onClick={onCancelReply} />
          </Group>
        )}
        <Textarea
          aria-label={label}
          placeholder={reply ? `Reply to @${reply.username}…` : 'Write a comment…'}
          autosize
          minRows={reply ? 1 : 2}
          maxRows={10}
          value={content}
          disabled={sending}
          ref={box}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <FormAlert message={problem} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={sending}>
            {reply ? 'Reply' : 'Comment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
