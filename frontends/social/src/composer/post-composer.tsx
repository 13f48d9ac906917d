import { contentApi, contentLimits, type PostPrivacy } from '@plantfolk/api-client';
import {
  Button,
  Card,
  FormAlert,
  Group,
  IconPhotoPlus,
  IconSend,
  Stack,
  Text,
  Textarea,
  UserAvatar,
  formatCount,
  splitServerError,
} from '@plantfolk/ui';
import { FileButton } from '@plantfolk/ui/controls';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { responderOf, useViewer } from '../app/viewer';
import { placePostOnTop } from '../content/cache';
import { withAuthor, type PostEntry } from '../content/entries';
import { PrivacyPicker } from '../posts/privacy-picker';
import { composerProblem } from './composer-rules';
import { PhotoUploadList } from './photo-upload-list';
import { usePhotoUploads } from './photo-uploads';
import { TagPicker } from './tag-picker';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * Writing a post: text, up to 10 photos (each uploaded at once, with its progress, preview and
 * alt text), up to 10 tags, and who may see it. The new post goes to the top of the feed and of
 * the author's profile.
 */
export function PostComposer({ onPosted }: { onPosted?: (post: PostEntry) => void }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const photos = usePhotoUploads();
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [privacy, setPrivacy] = useState<PostPrivacy>('public');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const user = viewer.user;
  if (!user) return null;
  const me = responderOf(user);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const found = composerProblem(text, photos.uploads);
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      const created = await contentApi.createPost({
        text: text.trim(),
        privacy,
        tags,
        photos: photos.uploads.map((upload) => ({
          ref: upload.uploaded!.ref,
          ...(upload.alt_text.trim() ? { alt_text: upload.alt_text.trim() } : {}),
        })),
      });
      const entry = withAuthor(created, [me]);
      placePostOnTop(queryClient, entry);
      setText('');
      setTags([]);
      photos.reset();
      setNotice('Your post is shared.');
      onPosted?.(entry);
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    } finally {
      setSending(false);
    }
  };

  const remaining = contentLimits.postText - text.length;

  return (
    <Card padding="md">
      <form onSubmit={(event) => void submit(event)} aria-label="New post" noValidate>
        <Stack gap="sm">
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <UserAvatar user={me} size={40} />
            <Textarea
              style={{ flex: 1 }}
              aria-label="What would you like to share?"
              placeholder={`What's growing, ${me.username}?`}
              autosize
              minRows={2}
              maxRows={12}
              value={text}
              disabled={sending}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setProblem(null);
              }}
              error={remaining < 0 ? `${formatCount(-remaining)} characters too many` : undefined}
            />
          </Group>
          <PhotoUploadList photos={photos} disabled={sending} />
          {photos.problems.map((message) => (
            <Text key={message} size="sm" c="red" role="alert">
              {message}
            </Text>
          ))}
          <TagPicker value={tags} onChange={setTags} disabled={sending} />
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <FileButton onChange={photos.add} accept={ACCEPT} multiple disabled={photos.full}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    size="sm"
                    leftSection={<IconPhotoPlus size={18} aria-hidden />}
                    disabled={photos.full || sending}
                  >
                    {photos.full
                      ? `${contentLimits.photosPerPost} photos`
                      : photos.uploads.length > 0
                        ? 'Add more photos'
                        : 'Add photos'}
                  </Button>
                )}
              </FileButton>
              <PrivacyPicker value={privacy} onChange={setPrivacy} disabled={sending} />
            </Group>
            <Button
              type="submit"
              loading={sending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              Post
            </Button>
          </Group>
          <FormAlert message={problem} />
          {notice && (
            <Text size="sm" c="green.8" role="status">
              {notice}
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
