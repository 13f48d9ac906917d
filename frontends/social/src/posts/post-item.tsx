import {
  Anchor,
  EditedMarker,
  FormAlert,
  Group,
  IconMessageCircle,
  PhotoGrid,
  PostCard,
  ShareButton,
  Text,
  Tooltip,
  formatCount,
  isRendering,
  tokenize,
} from '@plantfolk/ui';
// Not in the kit's singleton: only posts play videos (the first view's budget).
import { usePublicSettings } from '@plantfolk/ui/site-settings';
import { VideoPlayer, videoEmbedOf, videoEmbedsFor } from '@plantfolk/ui/video-embed';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, placeOf } from '../app/paths';
import type { Viewer } from '../app/viewer';
import { updatePost } from '../content/cache';
import type { PostEntry } from '../content/entries';
import { contentKeys } from '../content/query-keys';
import { PlantDetails } from '../plants/plant-details';
import { TagLinks } from '../tags/tag-links';
import { canManagePost } from './post-permissions';
import { privacyOptions } from './privacy';
import { ReactionButton } from './reaction-button';
import { useReactionToggle } from './use-reaction';

/** Only its author and admins get the menu, so nobody else downloads it (and the menu controls). */
const RenderingRefresher = lazy(async () => ({
  default: (await import('./rendering-refresher')).RenderingRefresher,
}));
const PostMenu = lazy(async () => ({ default: (await import('./post-menu')).PostMenu }));
/** Who liked it: downloaded when first asked for. */
const ReactorsDialog = lazy(async () => ({
  default: (await import('./reactors-dialog')).ReactorsDialog,
}));

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
  const [reactorsOpen, setReactorsOpen] = useState<boolean | null>(null);
  const videos = usePostVideos(post.text);
  // A played video needs no preview card of the same link.
  const linkPreview =
    post.linkPreview && videos.some((video) => video.url === post.linkPreview?.url)
      ? null
      : post.linkPreview;
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
  const subject = authorName ? `post by ${authorName}` : 'post';
  const comments = `${formatCount(post.comment_count)} ${post.comment_count === 1 ? 'comment' : 'comments'}`;

  return (
    <PostCard
      author={
        post.author && {
          username: post.author.username,
          displayName: post.author.display_name,
          avatar: post.author.avatar,
          place: placeOf(post.author),
        }
      }
      authorHref={authorName ? paths.profile(authorName) : undefined}
      createdAt={post.created_at}
      permalink={paths.post(post.random_id)}
      meta={
        <>
          <EditedMarker editedAt={post.edited_at} />
          <Tooltip label={`${privacy.label}: ${privacy.description}`} withinPortal={false}>
            <span
              role="img"
              aria-label={`Visible to: ${privacy.label}`}
              style={{ display: 'inline-flex' }}
            >
              <PrivacyIcon size={14} aria-hidden />
            </span>
          </Tooltip>
        </>
      }
      headerAction={
        canManagePost(post, viewer) && (
          <Suspense fallback={null}>
            <PostMenu post={post} viewer={viewer} onDeleted={onDeleted} onProblem={setProblem} />
          </Suspense>
        )
      }
      before={
        <>
          <FormAlert message={problem} />
          {post.page && (
            <Text size="sm" c="dimmed">
              Posted as{' '}
              <Anchor component={Link} to={paths.profile(post.page.handle)}>
                {post.page.name}
              </Anchor>
            </Text>
          )}
          {post.plant && (
            <PlantDetails
              plant={post.plant}
              linkName={!standalone}
              // The plant's own page is about this plant: its name is the page's h1.
              headingOrder={standalone ? 1 : 3}
            />
          )}
        </>
      }
      text={post.text}
      linkPreview={linkPreview}
      foldTextAt={standalone ? 0 : 320}
      tags={<TagLinks tags={post.tags} />}
      media={
        (post.photos.length > 0 || videos.length > 0) && (
          <>
            {videos.map((video) => (
              <VideoPlayer key={video.embedUrl} embed={video} title={`Video: ${video.url}`} />
            ))}
            {post.photos.length > 0 && <PhotoGrid photos={post.photos} />}
            {!standalone && post.photos.some(isRendering) && (
              <Suspense fallback={null}>
                <RenderingRefresher post={post} viewer={viewer} />
              </Suspense>
            )}
          </>
        )
      }
      footer={
        <Group gap="xs">
          <ReactionButton
            count={post.reaction_count}
            reacted={reaction.reacted}
            onToggle={viewer.canWrite ? reaction.toggle : undefined}
            pending={reaction.pending}
            subject={subject}
            onShowReactors={() => setReactorsOpen(true)}
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
          <ShareButton
            url={post.plant ? paths.plant(post.plant.id) : paths.post(post.random_id)}
            title={post.plant ? post.plant.name : `Post by ${authorName ?? 'a Plantfolk member'}`}
            subject={post.plant ? `plant ${post.plant.name}` : subject}
          />
          {reactorsOpen !== null && (
            <Suspense fallback={null}>
              <ReactorsDialog
                target={{ kind: 'post', randomId: post.random_id }}
                viewer={viewer}
                opened={reactorsOpen}
                onClose={() => setReactorsOpen(false)}
                subject={post.plant ? 'listing' : 'post'}
              />
            </Suspense>
          )}
        </Group>
      }
    >
      {children}
    </PostCard>
  );
}

/**
 * The video links of a post the site plays (site settings: video embeds on, the link's host
 * allowed, at most so many per post). The settings are asked for only when the text has a link
 * to a video provider, so a feed without videos costs nothing more.
 */
function usePostVideos(text: string) {
  const videoUrls = useMemo(
    () =>
      tokenize(text).flatMap((token) =>
        token.kind === 'url' && videoEmbedOf(token.url) ? [token.url] : [],
      ),
    [text],
  );
  const { settings } = usePublicSettings({ enabled: videoUrls.length > 0 });
  return useMemo(
    () => (videoUrls.length ? videoEmbedsFor(videoUrls, settings.video) : []),
    [videoUrls, settings.video],
  );
}
