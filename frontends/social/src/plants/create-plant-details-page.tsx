import { plantsApi, contentLimits, type PostPrivacy } from '@plantfolk/api-client';
import {
  BlurhashImage,
  Button,
  Card,
  FormAlert,
  Group,
  IconArrowBackUp,
  PageTitle,
  SimpleGrid,
  Stack,
  formatCount,
  isRendering,
  useForm,
} from '@plantfolk/ui';
import { Textarea } from '@plantfolk/ui/controls';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { responderOf, useViewer } from '../app/viewer';
import { TagPicker } from '../composer/tag-picker';
import { placePostOnTop } from '../content/cache';
import { withAuthor } from '../content/entries';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { ListingSteps } from './create-plant-photos-page';
import { clearPlantDraft, readPlantDraft } from './plant-draft';
import {
  PlantFields,
  emptyPlantValues,
  plantInput,
  validatePlant,
  type PlantFormValues,
} from './plant-fields';

/** `/profile/plants/create2`: step 2 of listing a plant, its details; then it is published. */
export function CreatePlantDetailsPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft] = useState(readPlantDraft);
  const [privacy, setPrivacy] = useState<PostPrivacy>('public');
  const [tags, setTags] = useState<string[]>([]);
  const [text, setText] = useState('');
  const form = useForm<PlantFormValues>({
    initialValues: emptyPlantValues,
    validate: validatePlant,
  });

  if (!draft || draft.photos.length === 0) {
    return (
      <Navigate
        to={paths.createPlant}
        replace
        state={{ message: 'Start with the photos of your plant.' }}
      />
    );
  }
  const user = viewer.user;

  const publish = form.onSubmit(async (values) => {
    if (text.length > contentLimits.postText) {
      form.setFormError(
        `The description can have up to ${formatCount(contentLimits.postText)} characters.`,
      );
      return;
    }
    const created = await plantsApi.createListing({
      text: text.trim(),
      privacy,
      tags,
      photos: draft.photos.map((photo) => ({
        ref: photo.ref,
        ...(photo.alt_text ? { alt_text: photo.alt_text } : {}),
        ...(photo.description ? { description: photo.description } : {}),
      })),
      plant: plantInput(values),
    });
    clearPlantDraft();
    placePostOnTop(queryClient, withAuthor(created, user ? [responderOf(user)] : []));
    await navigate(created.plant ? paths.plant(created.plant.id) : paths.post(created.random_id));
  });

  return (
    <>
      <PageTitle
        title="List a plant"
        description="Now the details: what it is, and on what terms."
      />
      <ListingSteps active={1} />
      {!viewer.canWrite ? (
        <JoinConversationPrompt viewer={viewer} />
      ) : (
        <Card padding="lg">
          <form onSubmit={(event) => void publish(event)} aria-label="Plant details" noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 4, sm: 6 }} spacing={6} aria-label="Your photos">
                {draft.photos.map((photo, index) => (
                  <BlurhashImage
                    key={photo.ref}
                    // Just uploaded, a photo may still be rendering: its blurhash stands in.
                    src={isRendering(photo) ? null : (photo.variants[0]?.ref ?? photo.ref)}
                    alt={photo.alt_text || `Photo ${index + 1}`}
                    blurhash={photo.blurhash}
                    aspectRatio="1 / 1"
                    radius="var(--mantine-radius-sm)"
                  />
                ))}
              </SimpleGrid>
              <PlantFields
                form={form}
                privacy={privacy}
                onPrivacyChange={setPrivacy}
                disabled={form.submitting}
              />
              <Textarea
                label="Description"
                description="Optional: care tips, where to pick it up, anything else"
                autosize
                minRows={3}
                maxRows={12}
                value={text}
                disabled={form.submitting}
                onChange={(event) => setText(event.currentTarget.value)}
              />
              <TagPicker value={tags} onChange={setTags} disabled={form.submitting} />
              <FormAlert message={form.formError} />
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconArrowBackUp size={18} aria-hidden />}
                  onClick={() => void navigate(paths.createPlant)}
                  disabled={form.submitting}
                >
                  Back to photos
                </Button>
                <Button type="submit" loading={form.submitting}>
                  Publish listing
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </>
  );
}
