import { postPrivacies, type PostPrivacy, type UploadedPhoto } from '@plantfolk/api-client';

/** A photo of a draft: uploaded already, with what its author wrote about it. */
export interface PostDraftPhoto extends UploadedPhoto {
  alt_text: string;
}

/** The post a member was writing and has not sent yet. */
export interface PostDraft {
  text: string;
  tags: string[];
  privacy: PostPrivacy;
  photos: PostDraftPhoto[];
}

/**
 * The API keeps an upload that no post names for 24 hours: a photo kept in a draft for longer is
 * gone on the server, so it is left out (the text stays).
 */
export const DRAFT_PHOTOS_TTL_MS = 20 * 60 * 60 * 1000;

/**
 * Drafts live in localStorage, one per member (a shared browser keeps each member's apart), so a
 * link followed or a tab closed mid-post does not lose the text. The draft is written as the
 * member types and removed once the post is sent or the draft discarded.
 */
const keyOf = (memberId: string) => `plantfolk:post-draft:${memberId}`;

/** As stored: when the photo first went into the draft, which is about when it was uploaded. */
type StoredPhoto = PostDraftPhoto & { saved_at?: number };

function isDraftPhoto(value: unknown): value is StoredPhoto {
  if (typeof value !== 'object' || value === null) return false;
  const photo = value as Record<string, unknown>;
  return (
    typeof photo.ref === 'string' &&
    Array.isArray(photo.variants) &&
    typeof photo.width === 'number' &&
    typeof photo.height === 'number'
  );
}

export function isEmptyDraft(draft: Pick<PostDraft, 'text' | 'tags' | 'photos'>): boolean {
  return !draft.text.trim() && draft.tags.length === 0 && draft.photos.length === 0;
}

export function readPostDraft(memberId: string, now = Date.now()): PostDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(memberId));
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<Record<keyof PostDraft, unknown>>;
    const draft: PostDraft = {
      text: typeof saved.text === 'string' ? saved.text : '',
      tags: Array.isArray(saved.tags)
        ? saved.tags.filter((tag): tag is string => typeof tag === 'string')
        : [],
      privacy: (postPrivacies as readonly unknown[]).includes(saved.privacy)
        ? (saved.privacy as PostPrivacy)
        : 'public',
      photos: Array.isArray(saved.photos)
        ? saved.photos
            .filter(isDraftPhoto)
            .filter((photo) => now - (photo.saved_at ?? 0) < DRAFT_PHOTOS_TTL_MS)
            .map(({ saved_at: _, ...photo }) => ({
              ...photo,
              alt_text: typeof photo.alt_text === 'string' ? photo.alt_text : '',
            }))
        : [],
    };
    return isEmptyDraft(draft) ? null : draft;
  } catch {
    return null;
  }
}

/** Keeps the draft, or forgets it when there is nothing in it. */
export function savePostDraft(memberId: string, draft: PostDraft, now = Date.now()): void {
  try {
    if (isEmptyDraft(draft)) window.localStorage.removeItem(keyOf(memberId));
    else {
      const before = storedPhotos(memberId);
      const photos: StoredPhoto[] = draft.photos.map((photo) => ({
        ...photo,
        saved_at: before.get(photo.ref) ?? now,
      }));
      window.localStorage.setItem(keyOf(memberId), JSON.stringify({ ...draft, photos }));
    }
  } catch {
    // Storage full or refused (private mode): the composer works on without a draft.
  }
}

function storedPhotos(memberId: string): Map<string, number> {
  const saved = new Map<string, number>();
  try {
    const photos = (
      JSON.parse(window.localStorage.getItem(keyOf(memberId)) ?? '{}') as {
        photos?: unknown;
      }
    ).photos;
    if (!Array.isArray(photos)) return saved;
    for (const photo of photos.filter(isDraftPhoto)) {
      if (typeof photo.saved_at === 'number') saved.set(photo.ref, photo.saved_at);
    }
  } catch {
    // An unreadable draft is replaced.
  }
  return saved;
}

export function clearPostDraft(memberId: string): void {
  try {
    window.localStorage.removeItem(keyOf(memberId));
  } catch {
    // As above: nothing was kept.
  }
}
