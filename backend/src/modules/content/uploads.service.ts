import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ImagePipeline,
  imageRefs,
  type ImageVariant,
  type ProcessedImage,
} from '../../platform/images/image-pipeline.service';
import { sniffImageFormat } from '../../platform/images/image-format';
import { ImageErrors } from '../../platform/images/images.errors';
import type { UploadedFile } from '../../platform/images/uploads';
import { StorageService } from '../../platform/storage/storage.service';
import { ContentErrors } from './content.errors';

export const PHOTO_FOLDERS = ['posts', 'plants'] as const;
export type PhotoFolder = (typeof PHOTO_FOLDERS)[number];
/** Uploads not attached to a post within this time are removed (row and files). */
export const UNATTACHED_UPLOAD_TTL_HOURS = 24;

export interface UploadedPhoto {
  ref: string;
  variants: ImageVariant[];
  blurhash: string;
  width: number;
  height: number;
}

interface UploadRow {
  ref: string;
  variants: ImageVariant[];
  blurhash: string;
  width: number;
  height: number;
}

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
    try {
      for (const file of files) processed.push(await this.images.process(file.bytes, { folder }));
      await this.dataSource.query(
        `INSERT INTO uploaded_image (ref, user_id, folder, variants, blurhash, width, height)
         SELECT x.ref, $1, $2, x.variants, x.blurhash, x.width, x.height
           FROM jsonb_to_recordset($3::jsonb)
             AS x(ref text, variants jsonb, blurhash text, width int, height int)`,
        [
          userId,
          folder,
          JSON.stringify(
            processed.map(({ ref, variants, blurhash, width, height }) => ({
              ref,
              variants,
              blurhash,
              width,
              height,
            })),
          ),
        ],
      );
    } catch (error) {
      await this.discard(processed.flatMap(imageRefs));
      throw error;
    }
    return processed.map(({ ref, variants, blurhash, width, height }) => ({
      ref,
      variants,
      blurhash,
      width,
      height,
    }));
  }

  /**
   * Marks the member's unattached uploads as used by a post, in the caller's transaction, and
   * returns them in the order asked. Any ref that is not such an upload: UNKNOWN_PHOTO.
   */
  async attach(manager: EntityManager, userId: string, refs: string[]): Promise<UploadRow[]> {
    if (!refs.length) return [];
    if (new Set(refs).size !== refs.length) throw ContentErrors.DUPLICATE_PHOTO();
    // UPDATE/DELETE … RETURNING answer [rows, affected count].
    const [rows]: [UploadRow[], number] = await manager.query(
      `UPDATE uploaded_image SET attached_at = now()
        WHERE ref = ANY($1::text[]) AND user_id = $2 AND attached_at IS NULL
        RETURNING ref, variants, blurhash, width, height`,
      [refs, userId],
    );
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
        const [rows]: [Array<{ ref: string; variants: ImageVariant[] }>, number] =
          await manager.query(
            `DELETE FROM uploaded_image WHERE ref IN (
             SELECT ref FROM uploaded_image
              WHERE attached_at IS NULL
                AND created_at < now() - make_interval(hours => $1)
              LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING ref, variants`,
            [UNATTACHED_UPLOAD_TTL_HOURS, batch],
          );
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
