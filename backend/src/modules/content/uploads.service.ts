import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ImagePipeline,
  imageRefs,
  type ProcessedImage,
} from '../../platform/images/image-pipeline.service';
import { sniffImageFormat } from '../../platform/images/image-format';
import { ImageErrors } from '../../platform/images/images.errors';
import type { UploadedFile } from '../../platform/images/uploads';
import { StorageService } from '../../platform/storage/storage.service';
import { ContentErrors } from './content.errors';
import { deleteStaleUploads, insertUploads, markAttached, type UploadRow } from './uploads.queries';

export const PHOTO_FOLDERS = ['posts', 'plants'] as const;
export type PhotoFolder = (typeof PHOTO_FOLDERS)[number];
/** Uploads not attached to a post within this time are removed (row and files). */
export const UNATTACHED_UPLOAD_TTL_HOURS = 24;

/** A stored photo as the uploader gets it back: name `ref` when saving the post. */
export type UploadedPhoto = UploadRow;

/**
 * Photos are uploaded before their post is saved: each is checked, re-encoded (metadata
 * stripped) and stored, then recorded as the member's unattached upload. Saving a post attaches
 * the uploads it names; the cleanup job removes those never attached.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('PhotoUploads');

  constructor(
    private readonly dataSource: DataSource,
    private readonly images: ImagePipeline,
    private readonly storage: StorageService,
  ) {}

  /** All or nothing: when any file is refused, nothing of the upload stays stored. */
  async upload(
    userId: string,
    files: UploadedFile[],
    folder: PhotoFolder,
  ): Promise<UploadedPhoto[]> {
    // Refuse a file that is not an image before spending time on the others.
    if (files.some((file) => !sniffImageFormat(file.bytes))) throw ImageErrors.UNSUPPORTED_IMAGE();
    const processed: ProcessedImage[] = [];
    let photos: UploadedPhoto[];
    try {
      for (const file of files) processed.push(await this.images.process(file.bytes, { folder }));
      photos = processed.map(({ ref, variants, blurhash, width, height }) => ({
        ref,
        variants,
        blurhash,
        width,
        height,
      }));
      await insertUploads(this.dataSource, userId, folder, photos);
    } catch (error) {
      await this.discard(processed.flatMap(imageRefs));
      throw error;
    }
    return photos;
  }

  /**
   * Marks the member's unattached uploads as used by a post, in the caller's transaction, and
   * returns them in the order asked. Any ref that is not such an upload: UNKNOWN_PHOTO.
   */
  async attach(manager: EntityManager, userId: string, refs: string[]): Promise<UploadRow[]> {
    if (!refs.length) return [];
    if (new Set(refs).size !== refs.length) throw ContentErrors.DUPLICATE_PHOTO();
    const rows = await markAttached(manager, userId, refs);
    if (rows.length !== refs.length) throw ContentErrors.UNKNOWN_PHOTO();
    const byRef = new Map(rows.map((row) => [row.ref, row]));
    return refs.map((ref) => byRef.get(ref) as UploadRow);
  }

  /**
   * Removes unattached uploads older than a day: the rows now, the files through the cleanup queue
   * once that commits. Returns how many uploads went.
   */
  async purgeUnattached(batch = 500): Promise<number> {
    let removed = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const rows = await deleteStaleUploads(manager, UNATTACHED_UPLOAD_TTL_HOURS, batch);
        await this.storage.scheduleRemoval(rows.flatMap(imageRefs), manager);
        return rows.length;
      });
      removed += count;
      if (count < batch) return removed;
    }
  }

  private async discard(refs: string[]): Promise<void> {
    if (!refs.length) return;
    try {
      await this.storage.remove(refs);
    } catch (error) {
      this.logger.warn(`Could not remove refused upload files now, scheduling: ${String(error)}`);
      await this.storage.scheduleRemoval(refs).catch(() => undefined);
    }
  }
}
