import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
  etag: string;
  lastModified: Date;
}

/**
 * Where image bytes live. Refs reaching a driver have already been validated (see storage-ref.ts).
 *
 * Two areas: the public one, served under the public images path, and a private one for files
 * that must never be reachable by any URL (an upload's original, which may carry EXIF and GPS,
 * waiting to be rendered). A driver keeps the private area where no public ref can name it.
 */
export abstract class StorageDriver {
  abstract readonly name: 'local' | 's3';
  abstract put(ref: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  abstract get(ref: string): Promise<StoredObject | null>;
  /** Removes the objects; refs that do not exist are ignored, so retries are safe. */
  abstract delete(refs: string[]): Promise<void>;

  abstract putPrivate(ref: string, body: Buffer): Promise<void>;
  /** The private object's bytes, or null when there is none. */
  abstract getPrivate(ref: string): Promise<Buffer | null>;
  /** Removes private objects; missing ones are ignored. */
  abstract deletePrivate(refs: string[]): Promise<void>;
}
