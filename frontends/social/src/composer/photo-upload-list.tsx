import {
  ActionIcon,
  Button,
  Group,
  IconRefresh,
  IconX,
  SimpleGrid,
  Stack,
  Text,
  storageImageUrl,
} from '@plantfolk/ui';
import { Progress, Textarea, TextInput } from '@plantfolk/ui/controls';
import { contentLimits, plantLimits } from '@plantfolk/api-client';
import type { PhotoUploads } from './photo-uploads';

export interface PhotoUploadListProps {
  photos: PhotoUploads;
  /** Plant photos also take a description. */
  withDescriptions?: boolean;
  disabled?: boolean;
}

/** The chosen photos: preview, upload progress, alt text (and description), remove or retry. */
export function PhotoUploadList({ photos, withDescriptions, disabled }: PhotoUploadListProps) {
  if (photos.uploads.length === 0) return null;
  return (
    <SimpleGrid
      cols={withDescriptions ? { base: 1, sm: 2 } : { base: 2, sm: 3 }}
      spacing="sm"
      component="ul"
      className="pf-plain-list"
      aria-label="Chosen photos"
    >
      {photos.uploads.map((upload, index) => {
        const name = upload.file?.name ?? `Photo ${index + 1}`;
        return (
          <li key={upload.key} className="pf-upload" data-status={upload.status}>
            <Stack gap={6}>
              <div className="pf-upload__preview">
                <img src={storageImageUrl(upload.preview)} alt={`Preview of ${name}`} />
                <ActionIcon
                  className="pf-upload__remove"
                  variant="filled"
                  color="dark"
                  size="sm"
                  radius="xl"
                  onClick={() => photos.remove(upload.key)}
                  aria-label={`Remove ${name}`}
                  disabled={disabled}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </div>
              {upload.status === 'uploading' && (
                <Progress
                  value={upload.progress ?? 100}
                  animated={upload.progress === null}
                  striped={upload.progress === null}
                  size="sm"
                  aria-label={`Uploading ${name}`}
                />
              )}
              {upload.status === 'failed' && (
                <Group gap={6} wrap="nowrap">
                  <Text size="xs" c="red" role="alert" style={{ flex: 1 }}>
                    {upload.error}
                    {!upload.retryable && ' Remove it and choose another file.'}
                  </Text>
                  {/* Only where another try can work: a refused file stays refused. */}
                  {upload.retryable && upload.file && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconRefresh size={12} aria-hidden />}
                      onClick={() => photos.retry(upload.key)}
                      aria-label={`Retry uploading ${name}`}
                    >
                      Retry
                    </Button>
                  )}
                </Group>
              )}
              <TextInput
                size="xs"
                label={`Alt text for photo ${index + 1}`}
                placeholder="Describe the photo for people who cannot see it"
                // Without alt text the photo is shown with an empty alt: nothing is read out.
                description={
                  upload.alt_text.trim()
                    ? undefined
                    : 'No description yet: screen readers will skip this photo.'
                }
                value={upload.alt_text}
                maxLength={contentLimits.altText}
                disabled={disabled}
                onChange={(event) =>
                  photos.setText(upload.key, 'alt_text', event.currentTarget.value)
                }
              />
              {withDescriptions && (
                <Textarea
                  size="xs"
                  label={`Description of photo ${index + 1}`}
                  placeholder="What does this photo show? Roots, new growth, the pot…"
                  value={upload.description}
                  autosize
                  minRows={2}
                  maxLength={plantLimits.photoDescription}
                  disabled={disabled}
                  onChange={(event) =>
                    photos.setText(upload.key, 'description', event.currentTarget.value)
                  }
                />
              )}
            </Stack>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
