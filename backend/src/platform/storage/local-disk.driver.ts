import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { StorageDriver, type StoredObject } from './storage-driver';
import { parseRef } from './storage-ref';

/**
 * Stores images as files under `<STORAGE_DIR>/images/<ref>`, and private files under
 * `<STORAGE_DIR>/private/<ref>`: beside the public root, never inside it.
 */
export class LocalDiskDriver extends StorageDriver {
  readonly name = 'local' as const;
  private readonly root: string;
  private readonly privateRoot: string;

  constructor(storageDir: string) {
    super();
    this.root = resolve(storageDir, 'images');
    this.privateRoot = resolve(storageDir, 'private');
  }

  /** Resolves a ref to its file, refusing anything that would land outside the root (defence in depth). */
  private pathOf(ref: string, root = this.root): string {
    const path = resolve(root, ref);
    if (!path.startsWith(root + sep)) throw new Error('Storage ref escapes the storage root');
    return path;
  }

  async put(ref: string, body: Buffer): Promise<void> {
    await this.write(this.pathOf(ref), body);
  }

  async putPrivate(ref: string, body: Buffer): Promise<void> {
    await this.write(this.pathOf(ref, this.privateRoot), body);
  }

  async getPrivate(ref: string): Promise<Buffer | null> {
    return readFile(this.pathOf(ref, this.privateRoot)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  async deletePrivate(refs: string[]): Promise<void> {
    await Promise.all(refs.map((ref) => rm(this.pathOf(ref, this.privateRoot), { force: true })));
  }

  private async write(path: string, body: Buffer): Promise<void> {
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
