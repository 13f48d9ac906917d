/** The storage folders images are uploaded into, each with its renditions. */
export const IMAGE_FOLDERS = ['avatars', 'posts', 'plants', 'events'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

export interface ImagePreset {
  /** The stored image fits in a square of this size (never enlarged). */
  maxDimension: number;
  /** Smaller widths stored next to it, each only when narrower than the stored image. */
  widths: readonly number[];
}

export const IMAGE_PRESETS: Record<ImageFolder, ImagePreset> = {
  avatars: { maxDimension: 512, widths: [96, 256] },
  posts: { maxDimension: 2048, widths: [320, 640, 1280] },
  plants: { maxDimension: 2048, widths: [320, 640, 1280] },
  events: { maxDimension: 2048, widths: [320, 640, 1280] },
};

/** Decoding limits: a frame, and all frames of an animation together. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_ANIMATION_PIXELS = 100_000_000;
