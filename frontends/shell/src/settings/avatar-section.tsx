import { identityApi } from '@plantfolk/api-client';
import { displayNameOf, type SessionUser } from '@plantfolk/session';
import {
  Button,
  Card,
  FormAlert,
  Group,
  IconPhoto,
  IconTrash,
  IconUpload,
  Stack,
  Text,
  UserAvatar,
  splitServerError,
} from '@plantfolk/ui';
import { FileButton, Progress } from '@plantfolk/ui/controls';
import { useEffect, useRef, useState } from 'react';
import { useSessionClient } from '../app/shell-context';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

export function avatarFileProblem(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF picture.';
  if (file.size > MAX_AVATAR_BYTES) return 'Choose a picture of at most 10 MB.';
  return null;
}

/** Profile photo: choose, preview, upload with progress; or remove the current one. */
export function AvatarSection({ user }: { user: SessionUser }) {
  const sessionClient = useSessionClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  // The preview is a blob: URL, made when a file is chosen and released when it is no longer shown.
  const previewUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      upload.current?.abort();
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const showFile = (next: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = next ? URL.createObjectURL(next) : null;
    setPreview(previewUrl.current);
    setFile(next);
  };

  const choose = (chosen: File | null) => {
    setNotice(null);
    if (!chosen) return;
    const problem = avatarFileProblem(chosen);
    setError(problem);
    showFile(problem ? null : chosen);
  };

  const send = async () => {
    if (!file) return;
    const controller = new AbortController();
    upload.current = controller;
    setBusy('upload');
    setError(null);
    setProgress(0);
    try {
      const profile = await identityApi.uploadAvatar(file, {
        signal: controller.signal,
        onProgress: ({ fraction }) => setProgress(fraction === null ? null : fraction * 100),
      });
      sessionClient.setUser(profile);
      showFile(null);
      setNotice('Your new photo is saved.');
    } catch (failure) {
      if (!controller.signal.aborted) setError(splitServerError(failure, []).formError);
    } finally {
      setBusy(null);
      setProgress(null);
      upload.current = null;
    }
  };

  const remove = async () => {
    setBusy('remove');
    setError(null);
    try {
      sessionClient.setUser(await identityApi.deleteAvatar());
      setNotice('Your photo is removed.');
    } catch (failure) {
      setError(splitServerError(failure, []).formError);
    } finally {
      setBusy(null);
    }
  };

  const name = displayNameOf(user);
  return (
    <Card title="Profile photo">
      <Stack gap="md">
        <Group gap="lg" align="center" wrap="nowrap">
          {preview ? (
            <img
              src={preview}
              alt="Preview of your new photo"
              width={96}
              height={96}
              style={{ borderRadius: '50%', objectFit: 'cover', flex: 'none' }}
            />
          ) : (
            <UserAvatar user={{ username: name, avatar: user.avatar }} size={96} />
          )}
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {preview
                ? 'This is how your new photo will look. Upload it to save it.'
                : 'JPEG, PNG, WebP or GIF, up to 10 MB. Square pictures look best.'}
            </Text>
            <Group gap="sm">
              {file ? (
                <>
                  <Button
                    leftSection={<IconUpload size={18} aria-hidden />}
                    onClick={() => void send()}
                    loading={busy === 'upload'}
                  >
                    Upload photo
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => {
                      upload.current?.abort();
                      showFile(null);
                    }}
                  >
                    Cancel
                  </Button>
                </>
              ) : (
                <FileButton onChange={choose} accept={AVATAR_TYPES.join(',')}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconPhoto size={18} aria-hidden />}
                      disabled={busy !== null}
                    >
                      {user.avatar ? 'Choose a new photo' : 'Choose a photo'}
                    </Button>
                  )}
                </FileButton>
              )}
              {user.avatar && !file && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => void remove()}
                  loading={busy === 'remove'}
                >
                  Remove photo
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
        {busy === 'upload' && (
          <Progress
            value={progress ?? 100}
            animated={progress === null}
            striped={progress === null}
            aria-label="Upload progress"
            size="lg"
          />
        )}
        <FormAlert message={error} />
        {notice && (
          <Text size="sm" c="var(--mantine-color-success)" role="status">
            {notice}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
