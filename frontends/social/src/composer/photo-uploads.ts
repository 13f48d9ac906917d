import {
  acceptedImageTypes,
  contentApi,
  contentLimits,
  isApiError,
  type UploadedPhoto,
} from '@plantfolk/api-client';
import { splitServerError } from '@plantfolk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';

/** One photo of a post being written: uploading, uploaded, or failed. */
export interface PhotoUpload {
  key: string;
  /** The chosen file (null for photos uploaded on an earlier visit, e.g. a plant draft). */
  file: File | null;
  /** A blob: URL of the file, or the uploaded image's reference. */
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  /** Per cent sent, or null while the size is unknown. */
  progress: number | null;
  error: string | null;
  /** A failure the same file may get past on another try (the network or the server failed). */
  retryable: boolean;
  uploaded: UploadedPhoto | null;
  alt_text: string;
  /** Plant photos: what the photo shows. */
  description: string;
}

const notAPicture = (name: string) => `${name} is not a JPEG, PNG, WebP or GIF picture.`;

export function photoFileProblem(file: File): string | null {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return notAPicture(file.name);
  if (file.size > contentLimits.photoBytes) return `${file.name} is bigger than 10 MB.`;
  return null;
}

/**
 * Whether sending the same file again may succeed: when the network, a time-out, a rate limit or
 * the server failed. A refusal of the file itself (its type, its size, damaged bytes) stays a
 * refusal however often it is retried.
 */
export function isRetryableUploadFailure(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

let keySequence = 0;
const nextKey = () => `photo-${++keySequence}`;

/** Photos uploaded earlier (a saved draft), shown as done. */
export function uploadsFromSaved(
  saved: readonly (UploadedPhoto & { alt_text?: string; description?: string })[],
): PhotoUpload[] {
  return saved.map((photo) => ({
    key: nextKey(),
    file: null,
    preview: photo.variants[0]?.ref ?? photo.ref,
    status: 'done',
    progress: 100,
    error: null,
    retryable: false,
    uploaded: {
      ref: photo.ref,
      // Drafts saved before uploads had a status were rendered in their request.
      status: photo.status ?? 'ready',
      variants: photo.variants,
      blurhash: photo.blurhash,
      width: photo.width,
      height: photo.height,
    },
    alt_text: photo.alt_text ?? '',
    description: photo.description ?? '',
  }));
}

/**
 * The photos of a post being written. Each chosen file is checked, previewed at once and uploaded
 * on its own request, so each shows its own progress and can fail, be retried or removed alone.
 */
export function usePhotoUploads({
  max = contentLimits.photosPerPost,
  initial,
}: { max?: number; initial?: () => PhotoUpload[] } = {}) {
  const [uploads, setUploads] = useState<PhotoUpload[]>(() => initial?.() ?? []);
  const [problems, setProblems] = useState<string[]>([]);
  // The latest list for event handlers (how much room is left, what to abort).
  const current = useRef(uploads);
  useEffect(() => {
    current.current = uploads;
  }, [uploads]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((key: string, patch: Partial<PhotoUpload>) => {
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const send = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0, error: null, retryable: false });
      contentApi
        .uploadPhotos([file], {
          signal: controller.signal,
          onProgress: ({ fraction }) =>
            update(key, { progress: fraction === null ? null : Math.round(fraction * 100) }),
        })
        .then(([uploaded]) => {
          if (!uploaded) throw new Error('The upload answered no photo.');
          update(key, { status: 'done', progress: 100, uploaded });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          update(key, {
            status: 'failed',
            error:
              splitServerError(error, [], {}, { UNSUPPORTED_IMAGE: notAPicture(file.name) })
                .formError ?? 'The upload failed.',
            retryable: isRetryableUploadFailure(error),
          });
        })
        .finally(() => controllers.current.delete(key));
    },
    [update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const found: string[] = [];
      const valid = files.filter((file) => {
        const problem = photoFileProblem(file);
        if (problem) found.push(problem);
        return !problem;
      });
      const room = Math.max(0, max - current.current.length);
      if (valid.length > room) {
        found.push(
          `A post can have up to ${max} photos; ${valid.length - room} of those you chose ${
            valid.length - room === 1 ? 'was' : 'were'
          } left out.`,
        );
      }
      setProblems(found);
      const added: PhotoUpload[] = valid.slice(0, room).map((file) => ({
        key: nextKey(),
        file,
        preview: URL.createObjectURL(file),
        status: 'uploading',
        progress: 0,
        error: null,
        retryable: false,
        uploaded: null,
        alt_text: '',
        description: '',
      }));
      if (added.length === 0) return;
      current.current = [...current.current, ...added];
      setUploads((list) => [...list, ...added]);
      for (const upload of added) send(upload.key, upload.file!);
    },
    [max, send],
  );

  const release = (upload: PhotoUpload) => {
    controllers.current.get(upload.key)?.abort();
    if (upload.preview.startsWith('blob:')) URL.revokeObjectURL(upload.preview);
  };

  const remove = useCallback((key: string) => {
    const upload = current.current.find((item) => item.key === key);
    if (upload) release(upload);
    setUploads((list) => list.filter((item) => item.key !== key));
    setProblems([]);
  }, []);

  const retry = useCallback(
    (key: string) => {
      const upload = current.current.find((item) => item.key === key);
      if (upload?.file && upload.retryable) send(key, upload.file);
    },
    [send],
  );

  const setText = useCallback(
    (key: string, field: 'alt_text' | 'description', value: string) =>
      update(key, { [field]: value }),
    [update],
  );

  /** Forgets every photo (after the post is saved, or when the writer starts over). */
  const reset = useCallback(() => {
    current.current.forEach(release);
    setUploads([]);
    setProblems([]);
  }, []);

  useEffect(() => {
    const live = current;
    return () => live.current.forEach(release);
  }, []);

  return {
    uploads,
    problems,
    add,
    remove,
    retry,
    setText,
    reset,
    uploading: uploads.some((upload) => upload.status === 'uploading'),
    failed: uploads.some((upload) => upload.status === 'failed'),
    full: uploads.length >= max,
  };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
