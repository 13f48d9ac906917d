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
import { uploadsFromSaved, usePhotoUploads } from '../composer/photo-uploads';
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

/** `/profile/plants/create`: step 1 of listing a plant, its photos with descriptions. */
export function CreatePlantPhotosPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const photos = usePhotoUploads({
    initial: () => uploadsFromSaved(readPlantDraft()?.photos ?? []),
  });
  const [problem, setProblem] = useState<string | null>(
    (location.state as { message?: string } | null)?.message ?? null,
  );

  const next = () => {
    if (photos.uploads.length === 0) {
      setProblem('Add at least one photo of the plant.');
      return;
    }
    if (photos.uploading) {
      setProblem('Wait a moment: the photos are still uploading.');
      return;
    }
    if (photos.failed) {
      setProblem('Some photos did not upload. Retry or remove them.');
      return;
    }
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
