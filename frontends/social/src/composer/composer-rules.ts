import { contentLimits } from '@plantfolk/api-client';
import { formatCount } from '@plantfolk/ui';
import type { PhotoUpload } from './photo-uploads';

/** Why a post cannot be shared yet, or null when it can. */
export function composerProblem(text: string, uploads: readonly PhotoUpload[]): string | null {
  if (uploads.some((upload) => upload.status === 'uploading')) {
    return 'Wait a moment: the photos are still uploading.';
  }
  if (uploads.some((upload) => upload.status === 'failed')) {
    return 'Some photos did not upload. Retry or remove them.';
  }
  if (!text.trim() && uploads.length === 0) return 'Write something or add a photo.';
  if (text.length > contentLimits.postText) {
    return `A post can have up to ${formatCount(contentLimits.postText)} characters.`;
  }
  if (uploads.length > contentLimits.photosPerPost) {
    return `A post can have up to ${contentLimits.photosPerPost} photos.`;
  }
  return null;
}
