import { randomUUID } from 'node:crypto';

/** The image types we store and serve. Nothing else (no SVG, no HTML) ever leaves storage. */
export const IMAGE_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
} as const;

export type ImageExtension = keyof typeof IMAGE_CONTENT_TYPES;

/**
 * A ref is a relative path of safe segments ending in a known image extension, e.g.
 * `posts/3f/3f2a…e1-640.webp`. No `.` or `..` segments, no backslashes, no leading slash,
 * so a ref can never point outside the images bucket.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const FILE = /^[A-Za-z0-9][A-Za-z0-9_-]*\.([a-z0-9]+)$/;
const MAX_REF_LENGTH = 300;

export function parseRef(ref: string): { extension: ImageExtension; contentType: string } | null {
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > MAX_REF_LENGTH) return null;
  const segments = ref.split('/');
  const file = segments.pop() as string;
  if (segments.length > 6 || !segments.every((segment) => SEGMENT.test(segment))) return null;
  const match = FILE.exec(file);
  const extension = match?.[1] as ImageExtension | undefined;
  if (!extension || !(extension in IMAGE_CONTENT_TYPES)) return null;
  return { extension, contentType: IMAGE_CONTENT_TYPES[extension] };
}

export function isValidRef(ref: string): boolean {
  return parseRef(ref) !== null;
}

/** A new random ref under a folder, spread over 256 sub-folders so no directory grows huge. */
export function newRef(folder: string, extension: ImageExtension, variant?: string): string {
  if (!SEGMENT.test(folder)) throw new Error(`Bad storage folder "${folder}"`);
  const id = randomUUID();
  return `${folder}/${id.slice(0, 2)}/${id}${variant ? `-${variant}` : ''}.${extension}`;
}
