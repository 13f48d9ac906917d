import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
  etag: string;
  lastModified: Date;
}

/** Where image bytes live. Refs reaching a driver have already been validated (see storage-ref.ts). */
export abstract class StorageDriver {
  abstract readonly name: 'local' | 's3';
  abstract put(ref: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  abstract get(ref: string): Promise<StoredObject | null>;
  /** Removes the objects; refs that do not exist are ignored, so retries are safe. */
  abstract delete(refs: string[]): Promise<void>;
}
