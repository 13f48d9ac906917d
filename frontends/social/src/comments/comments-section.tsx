import { contentApi, contentLimits } from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Button,
  Center,
  EditedMarker,
  FormAlert,
  formatCount,
  Group,
  LivingText,
  Loader,
  Modal,
  splitServerError,
  Stack,
  Text,
  TimeAgo,
  Title,
  useDisclosure,
  UserAvatar,
} from '@plantfolk/ui';
import { useCursorList } from '@plantfolk/ui/cursor-list';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import type { Viewer } from '../app/viewer';
import { removeComments, updateComment, updatePost } from '../content/cache';
import { commentsWithAuthors, type CommentEntry, type PostEntry } from '../content/entries';
import { contentKeys } from '../content/query-keys';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { ReactionButton } from '../posts/reaction-button';
import { useReactionToggle } from '../posts/use-reaction';
import {
  replyContextFor,
  threadComments,
  type CommentNode,
  type ReplyContext,
} from './reply-context';

/** Who liked a comment: downloaded when first asked for. */
// Members only, and loaded when first shown: they bring the form controls
// (`@plantfolk/ui/controls`), which a guest's post page (its first view) never downloads.
const CommentComposer = lazy(async () => ({
  default: (await import('./comment-composer')).CommentComposer,
}));
const CommentEditor = lazy(async () => ({
  default: (await import('./comment-editor')).CommentEditor,
}));
const ReactorsDialog = lazy(async () => ({
  default: (await import('../posts/reactors-dialog')).ReactorsDialog,
}));

/** A post's comments, oldest first, threaded; with the composer for members. */
export function CommentsSection({ post, viewer }: { post: PostEntry; viewer: Viewer }) {
  const [reply, setReply] = useState<ReplyContext | null>(null);
  const key = contentKeys.comments(viewer.key, post.random_id);
  const list = useCursorList({
    queryKey: key,
    enabled: viewer.ready,
    first: async (signal) => {
      const { data, responders } = await contentApi.comments(post.random_id, undefined, signal);
      return { items: commentsWithAuthors(data.items, responders), next_cursor: data.next_cursor };
    },
    more: async (cursor, signal) => {
      const { data, responders } = await contentApi.comments(post.random_id, cursor, signal);
      return { items: commentsWithAuthors(data.items, responders), next_cursor: data.next_cursor };
    },
  });
  const threads = threadComments(list.items);
  const clearReply = () => setReply(null);
  const context = {
    post,
    viewer,
    reply,
    setReply,
    clearReply,
    commentsKey: key,
  };

  return (
    // Focusable by script only: a link to #comments puts a guest's focus here (post-page.tsx).
    <section id="comments" aria-labelledby="comments-heading" className="pf-comments" tabIndex={-1}>
      <Title order={2} size="h4" id="comments-heading" mb="sm">
        Comments{post.comment_count > 0 ? ` (${formatCount(post.comment_count)})` : ''}
      </Title>
      {list.query.isPending ? (
        <Center py="md" role="status" aria-label="Loading comments">
          <Loader size="sm" />
        </Center>
      ) : list.query.isError && list.items.length === 0 ? (
        <Alert color="red" variant="light" role="alert">
          The comments did not load.{' '}
          <Anchor component="button" onClick={() => void list.query.refetch()}>
            Try again
          </Anchor>
        </Alert>
      ) : threads.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          No comments yet.{viewer.canWrite ? ' Be the first to say something.' : ''}
        </Text>
      ) : (
        <CommentTree nodes={threads} context={context} />
      )}
      {list.hasMore && (
        <Button
          variant="subtle"
          size="xs"
          onClick={list.loadMore}
          loading={list.loadingMore}
          mb="sm"
        >
          Show more comments
        </Button>
      )}
      {viewer.canWrite ? (
        reply === null && (
          <Suspense fallback={null}>
            <CommentComposer
              post={post}
              viewer={viewer}
              reply={null}
              onCancelReply={clearReply}
              onPosted={clearReply}
            />
          </Suspense>
        )
      ) : (
        <JoinConversationPrompt viewer={viewer} />
      )}
    </section>
  );
}

interface ThreadContext {
  post: PostEntry;
  viewer: Viewer;
  reply: ReplyContext | null;
  setReply: (reply: ReplyContext | null) => void;
  clearReply: () => void;
  commentsKey: readonly unknown[];
}

function CommentTree({ nodes, context }: { nodes: CommentNode[]; context: ThreadContext }) {
  return (
    <ul className="pf-comment-tree">
      {nodes.map((node) => (
        <li key={node.comment.id}>
          <CommentItem comment={node.comment} context={context} />
          {context.reply?.commentId === node.comment.id && (
            <div className="pf-comment-reply">
              <Suspense fallback={null}>
                <CommentComposer
                  post={context.post}
                  viewer={context.viewer}
                  reply={context.reply}
                  onCancelReply={context.clearReply}
                  onPosted={context.clearReply}
                />
              </Suspense>
            </div>
          )}
          {node.replies.length > 0 && <CommentTree nodes={node.replies} context={context} />}
        </li>
      ))}
    </ul>
  );
}

function CommentItem({ comment, context }: { comment: CommentEntry; context: ThreadContext }) {
  const { post, viewer } = context;
  const queryClient = useQueryClient();
  const [confirming, confirm] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reactionProblem, setReactionProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [reactorsOpen, setReactorsOpen] = useState<boolean | null>(null);
  const name = comment.author?.username ?? 'A Plantfolk member';
  const reaction = useReactionToggle({
    target: { commentId: comment.id },
    state: comment,
    apply: (update) =>
      updateComment(queryClient, comment.id, (entry) => ({ ...entry, ...update(entry) })),
    resync: () => void queryClient.invalidateQueries({ queryKey: context.commentsKey }),
    onProblem: setReactionProblem,
  });
  const me = viewer.user?.uuid;
  const mayDelete =
    viewer.canWrite && (me === comment.user_id || me === post.user_id || viewer.isAdmin);
  const mayReply = viewer.canWrite && comment.level < contentLimits.maxCommentLevel;
  // Only its author changes what a comment says (the post's author and admins may delete it).
  const mayEdit = viewer.canWrite && me === comment.user_id;

  const remove = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      const { deleted } = await contentApi.deleteComment(comment.id, me ?? '');
      const gone = removeComments(queryClient, context.commentsKey, deleted);
      updatePost(queryClient, post.id, (entry) => ({
        ...entry,
        comment_count: Math.max(0, entry.comment_count - gone.size),
      }));
      if (context.reply && gone.has(context.reply.commentId)) context.clearReply();
      confirm.close();
    } catch (failure) {
      console.error('Error: cannot delete');
      setProblem(splitServerError(failure, []).formError);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article className="pf-comment" aria-label={`Comment by ${name}`}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <UserAvatar user={{ username: name, avatar: comment.author?.avatar }} size={32} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} fz="sm">
            {comment.author ? (
              <Anchor
                component={Link}
                to={paths.profile(name)}
                fw={700}
                size="sm"
                c="inherit"
                underline="hover"
              >
                {name}
              </Anchor>
            ) : (
              <Text span fw={700} size="sm">
                {name}
              </Text>
            )}
            <Text span size="xs" c="dimmed">
              <TimeAgo iso={comment.created_at} />
            </Text>
            {comment.edited_at && (
              <Text span size="xs" c="dimmed">
                <EditedMarker editedAt={comment.edited_at} />
              </Text>
            )}
          </Group>
          {editing && me ? (
            <Suspense fallback={null}>
              <CommentEditor comment={comment} userId={me} onDone={() => setEditing(false)} />
            </Suspense>
          ) : (
            <Text size="sm" className="pf-post-card__text" component="div">
              <LivingText text={comment.content} />
            </Text>
          )}
          <Group gap={4}>
            <ReactionButton
              size="xs"
              count={comment.reaction_count}
              reacted={reaction.reacted}
              pending={reaction.pending}
              onToggle={viewer.canWrite ? reaction.toggle : undefined}
              subject={`comment by ${name}`}
              onShowReactors={() => setReactorsOpen(true)}
            />
            {mayReply && (
              <Button
                variant="subtle"
                color="gray"
                size="compact-xs"
                onClick={() => context.setReply(replyContextFor(post.random_id, comment))}
                aria-label={`Reply to ${name}`}
              >
                Reply
              </Button>
            )}
            {/* Keyed: when Edit goes, Preact must not turn its (focused) element into Delete. */}
            {mayEdit && !editing && (
              <Button
                key="edit"
                variant="subtle"
                color="gray"
                size="compact-xs"
                onClick={() => setEditing(true)}
                aria-label="Edit your comment"
              >
                Edit
              </Button>
            )}
            {mayDelete && (
              <Button
                key="delete"
                variant="subtle"
                color="red"
                size="compact-xs"
                onClick={confirm.open}
                aria-label={`Delete comment by ${name}`}
              >
                Delete
              </Button>
            )}
          </Group>
          {reactionProblem && (
            <Text size="xs" c="red" role="alert">
              {reactionProblem}
            </Text>
          )}
        </Stack>
      </Group>
      {reactorsOpen !== null && (
        <Suspense fallback={null}>
          <ReactorsDialog
            target={{ kind: 'comment', id: comment.id }}
            viewer={viewer}
            opened={reactorsOpen}
            onClose={() => setReactorsOpen(false)}
            subject="comment"
          />
        </Suspense>
      )}
      <Modal opened={confirming} onClose={confirm.close} title="Delete this comment?">
        <Text size="sm">Every reply to it is deleted too. This cannot be undone.</Text>
        <FormAlert message={problem} />
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={confirm.close}>
            Keep it
          </Button>
          <Button color="red" onClick={() => void remove()} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Modal>
    </article>
  );
}
