import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type AcceptedUpload,
  ImagePipeline,
  imageRefs,
  storedRefsOf,
} from '../../platform/images/image-pipeline.service';
import { sniffImageFormat } from '../../platform/images/image-format';
import { ImageErrors } from '../../platform/images/images.errors';
import type { UploadedFile } from '../../platform/images/uploads';
import { JobQueue } from '../../platform/queues/job-queue.service';
import { StorageService } from '../../platform/storage/storage.service';
import type { UploadStatus } from './entities/uploaded-image.entity';
import { type RenderUploadPayload, renderUploadJobId } from './jobs/content.jobs';
import {
  deleteUnreferencedUploads,
  findUploadToRender,
  lockSweepableUploads,
  insertPendingUploads,
  markUploadFailed,
  markUploadReady,
  recordUploadBlurhash,
  type UploadRow,
} from './uploads.queries';

export const PHOTO_FOLDERS = ['posts', 'plants'] as const;
export type PhotoFolder = (typeof PHOTO_FOLDERS)[number];
/** Uploads not attached to a post within this time are removed (row and files). */
export const UNATTACHED_UPLOAD_TTL_HOURS = 24;
/** Uploads whose post photos all went this long ago are removed (row and files). */
export const DETACHED_UPLOAD_GRACE_HOURS = 24;

/** A photo as the uploader gets it back: name `ref` when saving the post. */
export interface UploadedPhoto extends UploadRow {
  status: UploadStatus;
}

/** What became of a render job's upload. */
export type RenderOutcome = 'rendered' | 'already-rendered' | 'gone';

/**
 * Photos are uploaded before their post is saved. The upload request checks each file's bytes
 * without decoding them (format, header limits, a clean end: see inspectImage), keeps the original
 * in the private storage area and records it as the member's pending upload with its render job
 * (in the outbox, and on the queue at once); the uploader gets the ref and size at once. The
 * `images` queue renders the files (`render`): it decodes the photo once, records its blurhash
 * first, then makes every size. A post saved meanwhile shows a placeholder of the photo's shape,
 * then the blurhash, until the files exist; one whose bytes turn out damaged is marked failed.
 * Saving a post attaches the uploads it names; the cleanup job removes those never attached.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('PhotoUploads');

  constructor(
    private readonly dataSource: DataSource,
    private readonly images: ImagePipeline,
    private readonly storage: StorageService,
    private readonly jobs: JobQueue,
  ) {}

  /** All or nothing: when any file is refused, nothing of the upload stays stored. */
  async upload(
    userId: string,
    files: UploadedFile[],
    folder: PhotoFolder,
  ): Promise<UploadedPhoto[]> {
    // Refuse a file that is not an image before spending time on the others.
    if (files.some((file) => !sniffImageFormat(file.bytes))) throw ImageErrors.UNSUPPORTED_IMAGE();
    // Checked side by side; the first refusal in the order sent is the answer.
    const checks = await Promise.allSettled(
      files.map((file) => this.images.accept(file.bytes, folder)),
    );
    const refused = checks.find((check) => check.status === 'rejected');
    if (refused) throw refused.reason;
    const accepted = checks.map((check) => (check as PromiseFulfilledResult<AcceptedUpload>).value);

    const stored: string[] = [];
    try {
      await Promise.all(
        accepted.map(async (upload, index) => {
          stored.push(upload.original);
          await this.images.storeOriginal(upload, files[index].bytes);
        }),
      );
      await insertPendingUploads(this.dataSource, userId, folder, accepted);
    } catch (error) {
      await this.discardOriginals(stored);
      throw error;
    }
    await this.queueRenders(accepted);
    return accepted.map(({ ref, width, height }) => ({
      ref,
      status: 'pending',
      variants: [],
      // The render job makes it from its one decode (a decode here would cost the request a
      // sixth of the render's time).
      blurhash: null,
      width,
      height,
    }));
  }

  /**
   * Renders a pending upload (the `images/render-upload` job): its files are written under names
   * fixed by its ref, then it is recorded ready (with the post photos made of it meanwhile), then
   * its original goes. Safe to run again at any point, or twice at once: a run finding the upload
   * rendered only makes sure the original is gone; one finding it gone (purged, its post or
   * member deleted) removes whatever files it or an earlier run wrote. Refused bytes and a lost
   * original throw; see `giveUp`.
   */
  async render({ ref, original }: RenderUploadPayload): Promise<RenderOutcome> {
    const upload = await findUploadToRender(this.dataSource, ref);
    if (!upload || upload.status === 'failed') {
      await this.removeFiles(storedRefsOf(ref), [original]);
      return 'gone';
    }
    if (upload.status === 'ready') {
      await this.images.removeOriginals([original]);
      return 'already-rendered';
    }
    const image = await this.images.renderOriginal(
      ref,
      original,
      upload.folder as PhotoFolder,
      async (blurhash) => {
        await this.dataSource.transaction((manager) =>
          recordUploadBlurhash(manager, ref, blurhash),
        );
      },
    );
    if (!image) {
      // Another run may have finished and removed the original since we looked.
      const now = await findUploadToRender(this.dataSource, ref);
      if (now?.status === 'ready') return 'already-rendered';
      throw new OriginalMissingError(ref);
    }
    const marked = await this.dataSource.transaction((manager) =>
      markUploadReady(manager, ref, image),
    );
    if (!marked) {
      const now = await findUploadToRender(this.dataSource, ref);
      // Rendered by another run: the same names, the same files.
      if (now?.status === 'ready') return 'already-rendered';
      await this.removeFiles(imageRefs(image), [original]);
      return 'gone';
    }
    await this.images.removeOriginals([original]);
    return 'rendered';
  }

  /**
   * After a render's last attempt: the upload is recorded failed and its files (original and any
   * rendition written) are removed. A post saved with it shows that photo as one that could not
   * be processed (`failed`).
   */
  async giveUp({ ref, original }: RenderUploadPayload): Promise<void> {
    await markUploadFailed(this.dataSource, ref);
    await this.removeFiles(storedRefsOf(ref), [original]);
  }

  /**
   * Removes the uploads no post photo references: those never attached, a day after their upload,
   * and those whose photos all went (a photo removed, its post deleted, however), a day after
   * that. Each batch's rows are locked, then deleted by a statement that checks again that nothing
   * references them; their files (renditions, and the original of one never rendered) are removed
   * by a cleanup job that the same transaction queues, so only once the delete has committed.
   * Returns how many uploads went.
   */
  async purgeUnattached(batch = 500): Promise<number> {
    return (
      (await this.sweep('unattached', UNATTACHED_UPLOAD_TTL_HOURS, batch)) +
      (await this.sweep('detached', DETACHED_UPLOAD_GRACE_HOURS, batch))
    );
  }

  private async sweep(
    kind: 'unattached' | 'detached',
    hours: number,
    batch: number,
  ): Promise<number> {
    let removed = 0;
    for (;;) {
      const { locked, deleted } = await this.dataSource.transaction(async (manager) => {
        const refs = await lockSweepableUploads(manager, kind, hours, batch);
        const rows = await deleteUnreferencedUploads(manager, refs);
        await this.storage.scheduleRemoval(
          rows.flatMap(imageRefs),
          manager,
          rows.flatMap((row) => (row.original_ref ? [row.original_ref] : [])),
        );
        return { locked: refs.length, deleted: rows.length };
      });
      removed += deleted;
      if (locked < batch) return removed;
    }
  }

  private async removeFiles(refs: string[], originals: string[]): Promise<void> {
    try {
      await this.storage.remove(refs);
      await this.images.removeOriginals(originals);
    } catch (error) {
      this.logger.warn(`Could not remove upload files now, scheduling: ${String(error)}`);
      await this.storage.scheduleRemoval(refs, undefined, originals);
    }
  }

  /**
   * Puts the committed uploads' render jobs on the queue now, under the ids their outbox rows carry:
   * the relay polls every half second, and that wait was a fifth of an upload's time to ready. The
   * relay's own add later is a no-op (same id). Best effort: when Redis fails, the outbox still
   * relays them, so the upload is answered as usual.
   */
  private async queueRenders(uploads: AcceptedUpload[]): Promise<void> {
    try {
      await Promise.all(
        uploads.map(({ ref, original }) =>
          this.jobs.add(
            'images',
            'render-upload',
            { ref, original },
            { jobId: renderUploadJobId(ref) },
          ),
        ),
      );
    } catch (error) {
      this.logger.warn(`Could not queue renders now, the outbox relays them: ${String(error)}`);
    }
  }

  private async discardOriginals(originals: string[]): Promise<void> {
    if (!originals.length) return;
    try {
      await this.images.removeOriginals(originals);
    } catch (error) {
      this.logger.warn(
        `Could not remove refused upload originals now, scheduling: ${String(error)}`,
      );
      await this.storage.scheduleRemoval([], undefined, originals).catch(() => undefined);
    }
  }
}

/** The private original of a pending upload is not there: nothing to render, now or later. */
export class OriginalMissingError extends Error {
  constructor(ref: string) {
    super(`The original of upload ${ref} is missing`);
  }
}
