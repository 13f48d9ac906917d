import type { UploadedPhoto } from '@plantfolk/api-client';

/** Step 1 of listing a plant (photos with descriptions), kept for step 2. */
export interface PlantDraftPhoto extends UploadedPhoto {
  alt_text: string;
  description: string;
}

export interface PlantDraft {
  photos: PlantDraftPhoto[];
}

/**
 * The draft lives in sessionStorage: it survives a reload or going back and forth between the
 * steps, and goes with the tab. The photos are uploaded already; the API keeps unattached uploads
 * for 24 hours.
 */
const STORAGE_KEY = 'plantfolk:plant-draft';

function isDraftPhoto(value: unknown): value is PlantDraftPhoto {
  if (typeof value !== 'object' || value === null) return false;
  const photo = value as Record<string, unknown>;
  return typeof photo.ref === 'string' && Array.isArray(photo.variants);
}

export function readPlantDraft(): PlantDraft | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { photos?: unknown };
    if (!Array.isArray(parsed.photos) || !parsed.photos.every(isDraftPhoto)) return null;
    return {
      photos: parsed.photos.map((photo) => ({
        ...photo,
        alt_text: typeof photo.alt_text === 'string' ? photo.alt_text : '',
        description: typeof photo.description === 'string' ? photo.description : '',
      })),
    };
  } catch {
    return null;
  }
}

export function savePlantDraft(draft: PlantDraft): void {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
}

export function clearPlantDraft(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
}
