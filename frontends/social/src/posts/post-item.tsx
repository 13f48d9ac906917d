import {
  Anchor,
  FormAlert,
  Group,
  IconMessageCircle,
  PhotoGrid,
  PostCard,
  Text,
  Tooltip,
  formatCount,
} from '@plantfolk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, placeOf } from '../app/paths';
import type { Viewer } from '../app/viewer';
import { updatePost } from '../content/cache';
import type { PostEntry } from '../content/entries';
import { contentKeys } from '../content/query-keys';
import { PlantDetails } from '../plants/plant-details';
import { TagLinks } from '../tags/tag-links';
import { PostMenu } from './post-menu';
import { privacyOptions } from './privacy';
import { ReactionButton } from './reaction-button';
import { useReactionToggle } from './use-reaction';

export interface PostItemProps {
  post: PostEntry;
  viewer: Viewer;
  /** On the post's own page the text is never folded and the comment count is not a link. */
  standalone?: boolean;
  onDeleted?: () => void;
  children?: ReactNode;
}

/** A post (or plant listing) with its author's menu, photos, tags, reactions and comment count. */
export function PostItem({ post, viewer, standalone = false, onDeleted, children }: PostItemProps) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const reaction = useReactionToggle({
    target: { postId: post.id },
    state: post,
    apply: (update) =>
      updatePost(queryClient, post.id, (entry) => ({ ...entry, ...update(entry) })),
    resync: () =>
      void queryClient.invalidateQueries({
        queryKey: contentKeys.post(viewer.key, post.random_id),
      }),
    onProblem: setProblem,
  });
  const privacy = privacyOptions[post.privacy];
  const PrivacyIcon = privacy.icon;
  const authorName = post.author?.username;
  const comments = `${formatCount(post.comment_count)} ${post.comment_count === 1 ? 'comment' : 'comments'}`;

  return (
    <PostCard
      author={
        post.author && {
          username: post.author.username,
          avatar: post.author.avatar,
          place: placeOf(post.author),
        }
      }
      authorHref={authorName ? paths.profile(authorName) : undefined}
      createdAt={post.created_at}
      permalink={paths.post(post.random_id)}
      meta={
        <Tooltip label={`${privacy.label}: ${privacy.description}`} withinPortal={false}>
          <span
            role="img"
            aria-label={`Visible to: ${privacy.label}`}
            style={{ display: 'inline-flex' }}
          >
            <PrivacyIcon size={14} aria-hidden />
          </span>
        </Tooltip>
      }
      headerAction={
        <PostMenu post={post} viewer={viewer} onDeleted={onDeleted} onProblem={setProblem} />
      }
      before={
        <>
          <FormAlert message={problem} />
          {post.plant && <PlantDetails plant={post.plant} linkName={!standalone} />}
        </>
      }
      text={post.text}
      foldTextAt={standalone ? 0 : 320}
      tags={<TagLinks tags={post.tags} />}
      media={
        post.photos.length > 0 && (
          <PhotoGrid photos={post.photos} fallbackAlt={`Photo by ${authorName ?? 'a member'}`} />
        )
      }
      footer={
        <Group gap="xs">
          <ReactionButton
            count={post.reaction_count}
            reacted={reaction.reacted}
            onToggle={viewer.canWrite ? reaction.toggle : undefined}
            pending={reaction.pending}
            subject={authorName ? `post by ${authorName}` : 'post'}
          />
          {standalone ? (
            <Group gap={4} c="dimmed">
              <IconMessageCircle size={18} aria-hidden />
              <Text span size="sm">
                {comments}
              </Text>
            </Group>
          ) : (
            <Anchor
              component={Link}
              to={`${paths.post(post.random_id)}#comments`}
              c="dimmed"
              size="sm"
              underline="never"
            >
              <Group gap={4} component="span">
                <IconMessageCircle size={18} aria-hidden />
                <span>{comments}</span>
              </Group>
            </Anchor>
          )}
        </Group>
      }
    >
      {children}
    </PostCard>
  );
}
