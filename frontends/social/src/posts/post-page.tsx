import { contentApi, isApiError } from '@plantfolk/api-client';
import {
  Card,
  ErrorView,
  PageLoader,
  refetchWhileRendering,
  Stack,
  useDocumentTitle,
} from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
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

  // A link to the comments (#comments from a feed card) lands on them once they are there.
  const loaded = post !== undefined;
  useEffect(() => {
    if (loaded && hash === '#comments') {
      document.getElementById('comments')?.scrollIntoView({ block: 'start' });
    }
  }, [hash, loaded]);

  if (!viewer.ready || query.isPending) return <PageLoader label="Loading the post" />;
  if (query.isError) {
    return notFound ? (
      <ErrorView status={404} message="This post does not exist, or it is not shared with you." />
    ) : (
      <ErrorView status={500} message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <Stack gap="md">
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
