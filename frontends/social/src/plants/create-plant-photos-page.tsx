import { contentLimits } from '@plantfolk/api-client';
import {
  Button,
  Card,
  FormAlert,
  Group,
  IconArrowRight,
  IconPhotoPlus,
  PageTitle,
  Stack,
  Text,
} from '@plantfolk/ui';
import { FileButton, Stepper } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { PhotoUploadList } from '../composer/photo-upload-list';
import { uploadsFromSaved, usePhotoUploads, type PhotoUploads } from '../composer/photo-uploads';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { clearPlantDraft, readPlantDraft, savePlantDraft } from './plant-draft';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export function ListingSteps({ active }: { active: 0 | 1 }) {
  return (
    <Stepper active={active} size="sm" mb="lg" allowNextStepsSelect={false}>
      <Stepper.Step label="Photos" description="With what each shows" />
      <Stepper.Step label="Details" description="Availability, privacy, tags" />
    </Stepper>
  );
}

/** Why the listing cannot go on to its details yet, or null when it can. */
function photosStepProblem(photos: PhotoUploads): string | null {
  if (photos.uploads.length === 0) return 'Add at least one photo of the plant.';
  if (photos.uploading) return 'Wait a moment: the photos are still uploading.';
  if (photos.uploads.some((upload) => upload.status === 'failed' && upload.retryable)) {
    return 'Some photos did not upload. Retry or remove them.';
  }
  if (photos.failed) return 'Some photos cannot be used. Remove them to go on.';
  return null;
}

/** `/profile/plants/create`: step 1 of listing a plant, its photos with descriptions. */
export function CreatePlantPhotosPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const photos = usePhotoUploads({
    initial: () => uploadsFromSaved(readPlantDraft()?.photos ?? []),
  });
  // Step 2 sends people back here with why; it is moot once they add a photo.
  const arrivedWith = (location.state as { message?: string } | null)?.message ?? null;
  // What "Next" ran into stays only while it still stands: adding a photo, or the uploads
  // finishing, takes the message away by itself.
  const [raised, setRaised] = useState<string | null>(null);
  const standing = photosStepProblem(photos);
  const problem =
    raised !== null && raised === standing
      ? raised
      : photos.uploads.length === 0
        ? arrivedWith
        : null;

  const next = () => {
    setRaised(standing);
    if (standing) return;
    savePlantDraft({
      photos: photos.uploads.map((upload) => ({
        ...upload.uploaded!,
        alt_text: upload.alt_text.trim(),
        description: upload.description.trim(),
      })),
    });
    void navigate(paths.createPlantDetails);
  };

  const cancel = () => {
    clearPlantDraft();
    photos.reset();
    void navigate(paths.myPlants);
  };

  return (
    <>
      <PageTitle
        title="List a plant"
        description="Share a plant you can give away or swap. Start with photos: say what each one shows."
      />
      <ListingSteps active={0} />
      {!viewer.canWrite ? (
        <JoinConversationPrompt viewer={viewer} />
      ) : (
        <Card padding="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {photos.uploads.length} of {contentLimits.photosPerPost} photos
              </Text>
              <FileButton onChange={photos.add} accept={ACCEPT} multiple disabled={photos.full}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconPhotoPlus size={18} aria-hidden />}
                    disabled={photos.full}
                  >
                    {photos.uploads.length > 0 ? 'Add more photos' : 'Add photos'}
                  </Button>
                )}
              </FileButton>
            </Group>
            <PhotoUploadList photos={photos} withDescriptions />
            {photos.problems.map((message) => (
              <Text key={message} size="sm" c="red" role="alert">
                {message}
              </Text>
            ))}
            <FormAlert message={problem} />
            <Group justify="space-between">
              <Button variant="default" onClick={cancel}>
                Cancel
              </Button>
              <Button onClick={next} rightSection={<IconArrowRight size={18} aria-hidden />}>
                Next: details
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </>
  );
}
