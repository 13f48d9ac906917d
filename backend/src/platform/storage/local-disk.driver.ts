import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { StorageDriver, type StoredObject } from './storage-driver';
import { parseRef } from './storage-ref';

/** Stores images as files under `<STORAGE_DIR>/images/<ref>`. */
export class LocalDiskDriver extends StorageDriver {
  readonly name = 'local' as const;
  private readonly root: string;

  constructor(storageDir: string) {
    super();
    this.root = resolve(storageDir, 'images');
  }

  /** Resolves a ref to its file, refusing anything that would land outside the root (defence in depth). */
  private pathOf(ref: string): string {
    const path = resolve(this.root, ref);
    if (!path.startsWith(this.root + sep)) throw new Error('Storage ref escapes the storage root');
    return path;
  }

  async put(ref: string, body: Buffer): Promise<void> {
    const path = this.pathOf(ref);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = join(dirname(path), `.${randomUUID()}.tmp`);
    await writeFile(temporary, body);
    await rename(temporary, path);
  }

  async get(ref: string): Promise<StoredObject | null> {
    const path = this.pathOf(ref);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      body: createReadStream(path),
      contentType: parseRef(ref)?.contentType ?? 'application/octet-stream',
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  async delete(refs: string[]): Promise<void> {
    await Promise.all(refs.map((ref) => rm(this.pathOf(ref), { force: true })));
  }
}
