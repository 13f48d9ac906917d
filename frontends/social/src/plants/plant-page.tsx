import { isApiError } from '@plantfolk/api-client';
import {
  BlurhashImage,
  Button,
  Card,
  ErrorView,
  Group,
  IconPencil,
  PageLoader,
  Stack,
  Text,
  Title,
  useDocumentTitle,
  isRendering,
  variantSrcSet,
} from '@plantfolk/ui';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { CommentsSection } from '../comments/comments-section';
import { MessageButton } from '../messages/message-button';
import { messagePaths, plantDraft } from '../messages/message-paths';
import { PostItem } from '../posts/post-item';
import { usePlantListing } from './plant-listing-query';

/** `/plant/{plantId}`: a plant listing with its photos' notes and the conversation about it. */
export function PlantPage() {
  const { plantId = '' } = useParams();
  const viewer = useViewer();
  const navigate = useNavigate();
  const listing = usePlantListing(viewer, plantId);
  useDocumentTitle(listing.data?.plant?.name ?? 'Plant');

  if (!viewer.ready || listing.isPending) return <PageLoader label="Loading the plant" />;
  if (listing.isError) {
    return isApiError(listing.error) && listing.error.status === 404 ? (
      <ErrorView
        status={404}
        message="This plant listing does not exist, or it is not shared with you."
      />
    ) : (
      <ErrorView
        status={500}
        message={listing.error.message}
        onRetry={() => void listing.refetch()}
      />
    );
  }
  const post = listing.data;
  const isOwner = viewer.user?.uuid === post.user_id;
  const described = post.photos.filter((photo) => photo.description);

  return (
    <Stack gap="md">
      {!isOwner && viewer.user && post.plant && post.author?.username && (
        <Group justify="flex-end">
          <MessageButton
            to={messagePaths.withUser(post.author.username)}
            label="Message about this plant"
            draft={plantDraft(post.plant.name, paths.plant(post.plant.id))}
            variant="light"
          />
        </Group>
      )}
      {isOwner && post.plant && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={paths.editPlant(post.plant.id)}
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            Edit listing
          </Button>
        </Group>
      )}
      <PostItem
        post={post}
        viewer={viewer}
        standalone
        onDeleted={() => void navigate(paths.myPlants, { replace: true })}
      />
      {described.length > 0 && (
        <Card padding="md" title="About the photos" titleOrder={2}>
          <Stack gap="sm" component="ul" className="pf-plain-list">
            {described.map((photo) => (
              <Group key={photo.id} component="li" align="flex-start" wrap="nowrap" gap="sm">
                <div style={{ width: 72, flex: 'none' }}>
                  <BlurhashImage
                    src={isRendering(photo) ? null : photo.image_ref}
                    srcSet={variantSrcSet(photo.variants)}
                    sizes="72px"
                    alt={photo.alt_text ?? ''}
                    blurhash={photo.blurhash}
                    failed={photo.failed}
                    aspectRatio="1 / 1"
                  />
                </div>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {photo.description}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <Card padding="md">
        <CommentsSection post={post} viewer={viewer} />
      </Card>
      {!post.plant && (
        <Title order={2} size="h5" c="dimmed">
          This post is not a plant listing.
        </Title>
      )}
    </Stack>
  );
}
