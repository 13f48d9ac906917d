import { isApiError, plantLimits, plantsApi, type PostPrivacy } from '@plantfolk/api-client';
import {
  Anchor,
  BlurhashImage,
  Button,
  Card,
  ErrorView,
  FormAlert,
  Group,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  UnsavedChangesPrompt,
  splitServerError,
  useForm,
  isRendering,
  variantSrcSet,
} from '@plantfolk/ui';
import { Textarea, TextInput } from '@plantfolk/ui/controls';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer, type Viewer } from '../app/viewer';
import { placePostOnTop } from '../content/cache';
import type { PostEntry } from '../content/entries';
import { usePlantListing } from './plant-listing-query';
import { PlantFields, plantInput, validatePlant, type PlantFormValues } from './plant-fields';

/**
 * `/profile/plants/edit/{plantId}`: the owner edits the details and the photo descriptions.
 * Saving either moves the listing to the top of the lists (spec §4).
 */
export function EditPlantPage() {
  const { plantId = '' } = useParams();
  const viewer = useViewer();
  const listing = usePlantListing(viewer, plantId);

  if (!viewer.ready || listing.isPending) return <PageLoader label="Loading your listing" />;
  if (listing.isError) {
    return isApiError(listing.error) && listing.error.status === 404 ? (
      <ErrorView status={404} message="This plant listing does not exist." />
    ) : (
      <ErrorView
        status={500}
        message={listing.error.message}
        onRetry={() => void listing.refetch()}
      />
    );
  }
  const post = listing.data;
  if (!post.plant) return <ErrorView status={404} message="This post is not a plant listing." />;
  if (post.user_id !== viewer.user?.uuid) {
    return (
      <ErrorView
        status={403}
        statusText="Not your listing"
        message="You can only edit your own plant listings."
      />
    );
  }
  return (
    <>
      <PageTitle
        title={`Edit ${post.plant.name}`}
        description={
          <>
            Changes move the listing to the top of the lists.{' '}
            <Anchor component={Link} to={paths.plant(post.plant.id)}>
              View the listing
            </Anchor>
          </>
        }
      />
      <Stack gap="md">
        {/* Each form takes its own saved answer as its new starting point; not keyed by the
            listing's update time, which would wipe the other form's unsaved edits and the
            saved notice whenever one of them is saved. */}
        <DetailsForm post={post} viewer={viewer} />
        <PhotoDescriptionsForm post={post} viewer={viewer} />
      </Stack>
    </>
  );
}

function DetailsForm({ post, viewer }: { post: PostEntry; viewer: Viewer }) {
  const queryClient = useQueryClient();
  const plant = post.plant!;
  const [privacy, setPrivacy] = useState<PostPrivacy>(post.privacy);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<PlantFormValues>({
    initialValues: {
      name: plant.name,
      species: plant.species ?? '',
      available: plant.available,
      quantity: plant.quantity ?? '',
      swap_terms: plant.swap_terms ?? '',
    },
    validate: validatePlant,
  });
  const dirty = form.isDirty || privacy !== post.privacy;

  const save = form.onSubmit(async (values) => {
    setNotice(null);
    const updated = await plantsApi.updateDetails({
      postId: post.id,
      userId: viewer.user!.uuid,
      plant: plantInput(values),
      privacy,
    });
    form.resetTo();
    placePostOnTop(queryClient, { ...updated, author: post.author });
    setNotice('Saved. The listing is at the top of the lists again.');
  });

  return (
    <Card title="Details" titleOrder={2}>
      <UnsavedChangesPrompt when={dirty} />
      <form onSubmit={(event) => void save(event)} aria-label="Plant details" noValidate>
        <Stack gap="md">
          <PlantFields
            form={form}
            privacy={privacy}
            onPrivacyChange={setPrivacy}
            disabled={form.submitting}
          />
          <FormAlert message={form.formError} />
          <Group justify="flex-end" gap="sm">
            {notice && (
              <Text size="sm" c="var(--mantine-color-success)" role="status">
                {notice}
              </Text>
            )}
            <Button type="submit" loading={form.submitting} disabled={!dirty}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PhotoDescriptionsForm({ post, viewer }: { post: PostEntry; viewer: Viewer }) {
  const queryClient = useQueryClient();
  const initial = post.photos.map((photo) => ({
    id: photo.id,
    description: photo.description ?? '',
    alt_text: photo.alt_text ?? '',
  }));
  const [photos, setPhotos] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = photos.some(
    (photo, index) =>
      photo.description.trim() !== initial[index]!.description.trim() ||
      photo.alt_text.trim() !== initial[index]!.alt_text.trim(),
  );
  const edit = (id: string, field: 'description' | 'alt_text', value: string) => {
    setNotice(null);
    setPhotos((list) =>
      list.map((photo) => (photo.id === id ? { ...photo, [field]: value } : photo)),
    );
  };

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const updated = await plantsApi.updatePhotoDescriptions({
        id: post.id,
        uuid: viewer.user!.uuid,
        plantPhotos: photos.map((photo) => ({
          id: photo.id,
          description: photo.description.trim(),
          alt_text: photo.alt_text.trim(),
        })),
      });
      placePostOnTop(queryClient, { ...updated, author: post.author });
      setNotice('Saved.');
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Photo descriptions" titleOrder={2}>
      <UnsavedChangesPrompt when={dirty} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        aria-label="Photo descriptions"
      >
        <Stack gap="md">
          {post.photos.map((photo, index) => {
            const values = photos[index]!;
            return (
              <Group key={photo.id} align="flex-start" wrap="nowrap" gap="md">
                <div style={{ width: 96, flex: 'none' }}>
                  <BlurhashImage
                    src={isRendering(photo) ? null : photo.image_ref}
                    srcSet={variantSrcSet(photo.variants)}
                    sizes="96px"
                    alt={photo.alt_text || `Photo ${index + 1}`}
                    blurhash={photo.blurhash}
                    failed={photo.failed}
                    aspectRatio="1 / 1"
                  />
                </div>
                <Stack gap={6} style={{ flex: 1 }}>
                  <Textarea
                    label={`Description of photo ${index + 1}`}
                    autosize
                    minRows={2}
                    maxLength={plantLimits.photoDescription}
                    value={values.description}
                    disabled={saving}
                    onChange={(event) => edit(photo.id, 'description', event.currentTarget.value)}
                  />
                  <TextInput
                    size="xs"
                    label={`Alt text for photo ${index + 1}`}
                    value={values.alt_text}
                    disabled={saving}
                    onChange={(event) => edit(photo.id, 'alt_text', event.currentTarget.value)}
                  />
                </Stack>
              </Group>
            );
          })}
          <FormAlert message={problem} />
          <Group justify="flex-end" gap="sm">
            {notice && (
              <Text size="sm" c="var(--mantine-color-success)" role="status">
                {notice}
              </Text>
            )}
            <Button type="submit" loading={saving} disabled={!dirty}>
              Save descriptions
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
