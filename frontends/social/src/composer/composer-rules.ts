import { contentLimits, type PostPrivacy } from '@plantfolk/api-client';
import { formatCount } from '@plantfolk/ui';
import type { PhotoUpload } from './photo-uploads';

/** Why a post cannot be shared yet, or null when it can. */
export function composerProblem(text: string, uploads: readonly PhotoUpload[]): string | null {
  if (uploads.some((upload) => upload.status === 'uploading')) {
    return 'Wait a moment: the photos are still uploading.';
  }
  const failed = uploads.filter((upload) => upload.status === 'failed');
  if (failed.some((upload) => upload.retryable)) {
    return 'Some photos did not upload. Retry or remove them.';
  }
  if (failed.length > 0) return 'Some photos cannot be used. Remove them to share the post.';
  if (!text.trim() && uploads.length === 0) return 'Write something or add a photo.';
  if (text.length > contentLimits.postText) {
    return `A post can have up to ${formatCount(contentLimits.postText)} characters.`;
  }
  if (uploads.length > contentLimits.photosPerPost) {
    return `A post can have up to ${contentLimits.photosPerPost} photos.`;
  }
  return null;
}

/** The privacy a new post starts with; the composer returns to it after each post. */
export const DEFAULT_PRIVACY: PostPrivacy = 'public';

/** What happened to a post just sent, said in terms of who can see it. */
export const postedNotice: Record<PostPrivacy, string> = {
  public: 'Your post is shared.',
  members: 'Your post is shared with Plantfolk members.',
  private: 'Saved — only you can see it.',
};

/** The counter shows from this many characters left. */
export const COUNTER_FROM = 500;

const characters = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'character' : 'characters'}`;

/** The visible counter under the text near the limit, or null while there is room enough. */
export function charactersLeft(length: number, limit = contentLimits.postText): string | null {
  const left = limit - length;
  if (left > COUNTER_FROM) return null;
  return left >= 0 ? `${characters(left)} left` : `${characters(-left)} too many`;
}

/**
 * Which stretch of the counter the text is in: screen readers hear the counter once on entering
 * each (500 left, 100 left, over the limit), not on every keystroke.
 */
export function counterStage(length: number, limit = contentLimits.postText): number {
  const left = limit - length;
  if (left > COUNTER_FROM) return 0;
  if (left > 100) return 1;
  if (left >= 0) return 2;
  return 3;
}

/** What is announced on entering a stage of the counter. */
export function counterAnnouncement(length: number, limit = contentLimits.postText): string {
  const left = limit - length;
  if (left > COUNTER_FROM) return '';
  return left >= 0
    ? `${characters(left)} left of ${formatCount(limit)}.`
    : `${characters(-left)} over the limit of ${formatCount(limit)}.`;
}
