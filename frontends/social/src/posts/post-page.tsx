import { contentApi, isApiError } from '@plantfolk/api-client';
import {
  Card,
  ErrorView,
  PageLoader,
  refetchWhileRendering,
  Stack,
  Title,
  useDocumentTitle,
} from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { COMMENT_BOX } from '../comments/comment-box';
import { CommentsSection } from '../comments/comments-section';
import { withAuthor, type PostEntry } from '../content/entries';
import { contentKeys } from '../content/query-keys';
import { PostItem } from './post-item';

/** Spec §8: what is logged when a post cannot be found. */
export const POST_NOT_FOUND_LOG = 'Post not found!';

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** `/post/{randomId}`: one post with its comments. */
export function PostPage() {
  const { randomId = '' } = useParams();
  const viewer = useViewer();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const query = useQuery({
    queryKey: contentKeys.post(viewer.key, randomId),
    enabled: viewer.ready,
    queryFn: async ({ signal }) => {
      if (viewer.user) {
        const { data, responders } = await contentApi.post(randomId, signal);
        return withAuthor(data, responders);
      }
      const { data, responders } = await contentApi.publicPost(randomId, signal);
      return withAuthor(data.post, responders);
    },
    // A post saved right after its photos were uploaded shows their blurhash until they exist.
    refetchInterval: refetchWhileRendering((post: PostEntry) => post.photos),
  });
  const post = query.data;
  useDocumentTitle(post ? `Post by ${post.author?.username ?? 'a member'}` : 'Post');

  const notFound = query.isError && isNotFound(query.error);
  useEffect(() => {
    if (notFound) console.error(POST_NOT_FOUND_LOG);
  }, [notFound]);

  // A link to the comments (#comments from a feed card) lands on them once they are there, with
  // the focus in the comment box (or on the comments, for a guest), not left on the page body.
  const loaded = post !== undefined;
  const canComment = viewer.canWrite;
  useEffect(() => {
    if (!loaded || hash !== '#comments') return;
    const comments = document.getElementById('comments');
    if (!comments) return;
    comments.scrollIntoView({ block: 'start' });
    const focusBox = () => {
      const box = comments.querySelector<HTMLElement>(`form[aria-label="${COMMENT_BOX}"] textarea`);
      (box ?? comments).focus({ preventScroll: true });
      return box !== null;
    };
    if (focusBox() || !canComment) return;
    // A member's comment box loads on demand (it brings the form controls): focus it once it is in.
    const observer = new MutationObserver(() => {
      if (focusBox()) observer.disconnect();
    });
    observer.observe(comments, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [hash, loaded, canComment]);

  if (!viewer.ready || query.isPending) return <PageLoader label="Loading the post" />;
  if (query.isError) {
    return notFound ? (
      <ErrorView status={404} message="This post does not exist, or it is not shared with you." />
    ) : (
      <ErrorView status={500} message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  const author = query.data.author?.username ?? 'a member';
  return (
    <Stack gap="md">
      {/* A plant listing's name is the page's h1 (PlantDetails); a post has none on screen. */}
      {!query.data.plant && (
        <Title order={1} className="pf-visually-hidden">
          Post by {author}
        </Title>
      )}
      <PostItem
        post={query.data}
        viewer={viewer}
        standalone
        onDeleted={() => void navigate(paths.home, { replace: true })}
      />
      <Card padding="md">
        <CommentsSection post={query.data} viewer={viewer} />
      </Card>
    </Stack>
  );
}
