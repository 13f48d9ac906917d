import { contentApi, contentLimits, pagesApi, type PostPrivacy } from '@plantfolk/api-client';
import { hasRole, type SessionUser } from '@plantfolk/session';
import {
  Button,
  Card,
  FormAlert,
  Group,
  IconPhotoPlus,
  IconSend,
  Stack,
  Text,
  UserAvatar,
  VisuallyHidden,
  splitServerError,
} from '@plantfolk/ui';
import { FileButton, Select, Textarea } from '@plantfolk/ui/controls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { responderOf, useViewer } from '../app/viewer';
import { placePostOnTop } from '../content/cache';
import { withAuthor, type PostEntry } from '../content/entries';
import { PrivacyPicker } from '../posts/privacy-picker';
import {
  DEFAULT_PRIVACY,
  charactersLeft,
  composerProblem,
  counterAnnouncement,
  counterStage,
  postedNotice,
} from './composer-rules';
import { PhotoUploadList } from './photo-upload-list';
import { uploadsFromSaved, usePhotoUploads } from './photo-uploads';
import { clearPostDraft, readPostDraft, savePostDraft, type PostDraft } from './post-draft';
import { TagPicker } from './tag-picker';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * Writing a post: text, up to 10 photos (each uploaded at once, with its progress, preview and
 * alt text), up to 10 tags, and who may see it. The new post goes to the top of the feed and of
 * the author's profile. What the member writes is kept as a draft of their own until it is sent.
 */
export function PostComposer({ onPosted }: { onPosted?: (post: PostEntry) => void }) {
  const viewer = useViewer();
  if (!viewer.user) return null;
  // Keyed by member: another member signing in on this browser starts from their own draft.
  return <ComposerForm key={viewer.user.uuid} user={viewer.user} onPosted={onPosted} />;
}

function ComposerForm({
  user,
  onPosted,
}: {
  user: SessionUser;
  onPosted?: (post: PostEntry) => void;
}) {
  const queryClient = useQueryClient();
  const [restored] = useState(() => readPostDraft(user.uuid));
  const photos = usePhotoUploads({ initial: () => uploadsFromSaved(restored?.photos ?? []) });
  const [text, setText] = useState(restored?.text ?? '');
  const [tags, setTags] = useState<string[]>(restored?.tags ?? []);
  const [privacy, setPrivacy] = useState<PostPrivacy>(restored?.privacy ?? DEFAULT_PRIVACY);
  const [draftRestored, setDraftRestored] = useState(restored !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // A member who owns pages may post as one of them ('' posts as themselves).
  const [asPage, setAsPage] = useState('');
  const mayOwnPages = hasRole(user, 'trusted') || hasRole(user, 'admin');
  const myPages = useQuery({
    queryKey: ['pages', user.uuid, 'mine'],
    queryFn: ({ signal }) => pagesApi.byUser(user.uuid, signal),
    enabled: mayOwnPages,
    staleTime: 60_000,
  });
  const ownPages = (myPages.data ?? []).filter((page) => page.owner_id === user.uuid);
  const me = responderOf(user);

  const uploaded = photos.uploads.filter((upload) => upload.status === 'done' && upload.uploaded);
  const draftPhotos = uploaded.map((upload) => ({
    ...upload.uploaded!,
    alt_text: upload.alt_text,
  }));
  const draft = JSON.stringify({ text, tags, privacy, photos: draftPhotos });
  useEffect(() => {
    savePostDraft(user.uuid, JSON.parse(draft) as PostDraft);
  }, [draft, user.uuid]);

  // The counter is announced when it enters a stage (500 left, 100 left, over), not per key.
  const stage = counterStage(text.length);
  const [announced, setAnnounced] = useState({ stage, text: '' });
  if (announced.stage !== stage) setAnnounced({ stage, text: counterAnnouncement(text.length) });

  const startOver = () => {
    setText('');
    setTags([]);
    setPrivacy(DEFAULT_PRIVACY);
    photos.reset();
    setDraftRestored(false);
    clearPostDraft(user.uuid);
  };

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
        ...(asPage ? { page_id: asPage } : {}),
        photos: photos.uploads.map((upload) => ({
          ref: upload.uploaded!.ref,
          ...(upload.alt_text.trim() ? { alt_text: upload.alt_text.trim() } : {}),
        })),
      });
      const entry = withAuthor(created, [me]);
      placePostOnTop(queryClient, entry);
      // The next post starts public again: an "Only me" choice must not carry over unseen.
      startOver();
      setNotice(postedNotice[created.privacy]);
      onPosted?.(entry);
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    } finally {
      setSending(false);
    }
  };

  const remaining = contentLimits.postText - text.length;
  const counter = charactersLeft(text.length);

  return (
    <Card padding="md">
      <form onSubmit={(event) => void submit(event)} aria-label="New post" noValidate>
        <Stack gap="sm">
          {draftRestored && (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                Your unsent post is back, just as you left it.
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={startOver}>
                Discard draft
              </Button>
            </Group>
          )}
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
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={remaining >= 0 ? counter : undefined}
              error={remaining < 0 ? counter : undefined}
            />
          </Group>
          <VisuallyHidden aria-live="polite" data-testid="composer-counter-announcement">
            {/* No text node at all while silent (Preact would render '' as an empty one). */}
            {announced.text || null}
          </VisuallyHidden>
          <PhotoUploadList photos={photos} disabled={sending} />
          {photos.problems.map((message) => (
            <Text key={message} size="sm" c="red" role="alert">
              {message}
            </Text>
          ))}
          <TagPicker value={tags} onChange={setTags} disabled={sending} />
          {ownPages.length > 0 && (
            <Select
              label="Post as"
              data={[
                { value: '', label: `Yourself (${me.username})` },
                ...ownPages.map((page) => ({ value: page.id, label: page.name })),
              ]}
              value={asPage}
              onChange={(value) => setAsPage(value ?? '')}
              allowDeselect={false}
              disabled={sending}
            />
          )}
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
            <Text size="sm" c="var(--mantine-color-success)" role="status">
              {notice}
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
