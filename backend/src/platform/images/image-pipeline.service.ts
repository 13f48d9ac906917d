import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isValidRef, newRef } from '../storage/storage-ref';
import { StorageService } from '../storage/storage.service';
import type { AcceptedImageFormat } from './image-format';
import { IMAGE_PRESETS, type ImageFolder, type ImagePreset } from './image-presets';
import {
  type InspectedImage,
  inspectImage,
  type RenderedImage,
  renderImage,
} from './image-renderer';
import { ImageTracking } from './image-tracking';
import { ImageErrors } from './images.errors';

export interface ImageVariant {
  width: number;
  height: number;
  ref: string;
}

export interface ProcessedImage {
  /** The stored image (WebP, at most the folder's maxDimension); what a record keeps. */
  ref: string;
  width: number;
  height: number;
  blurhash: string;
  animated: boolean;
  /** Every stored rendition ascending by width, for `srcset`; the last one is `ref` itself. */
  variants: ImageVariant[];
}

export interface ProcessImageOptions {
  folder: ImageFolder;
  /** Replaces the folder's variant widths (then `storedRefsOf(ref)` cannot derive them). */
  widths?: readonly number[];
}

/**
 * Every file of a processed image, e.g. to schedule their removal. An image not rendered yet (no
 * variants recorded) may still get its files while the removal is on its way, so for it every
 * file its folder's preset can make is named (removing a file that does not exist is harmless).
 */
export function imageRefs(image: Pick<ProcessedImage, 'ref' | 'variants'>): string[] {
  if (!image.variants.length) return storedRefsOf(image.ref);
  return [...new Set([image.ref, ...image.variants.map((variant) => variant.ref)])];
}

/** An upload accepted for rendering: its checked facts and the names its files will have. */
export interface AcceptedUpload extends InspectedImage {
  /** The main rendition's ref (not stored yet); its variants are named after it. */
  ref: string;
  /** Where the upload's original bytes wait, in the private storage area. */
  original: string;
}

const ORIGINAL_EXTENSIONS: Record<AcceptedImageFormat, 'jpg' | 'png' | 'webp' | 'gif'> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};

function presetOf(folder: ImageFolder, widths?: readonly number[]): ImagePreset {
  const preset = IMAGE_PRESETS[folder];
  if (!preset) throw new Error(`Unknown image folder "${folder}"`);
  return widths ? { ...preset, widths } : preset;
}

function variantRef(ref: string, width: number): string {
  return ref.replace(/\.webp$/, `-${width}.webp`);
}

const STORED_REF = /^([a-z]+)\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/;

/**
 * The refs that may exist for an image stored under `ref` by this pipeline with its folder's
 * preset widths (removing a ref that does not exist is harmless). Unknown shapes give `[ref]`.
 */
export function storedRefsOf(ref: string): string[] {
  const match = STORED_REF.exec(ref);
  const preset = match ? IMAGE_PRESETS[match[1] as ImageFolder] : undefined;
  if (!preset) return [ref];
  return [ref, ...preset.widths.map((width) => variantRef(ref, width))];
}

/**
 * Upload bytes in, stored WebP renditions out. See image-renderer.ts for what is checked.
 * Avatars, pages' avatars and events' images go through `processUpload`, at once. Post and plant
 * photos are accepted in the request (`accept`, `storeOriginal`) and rendered by the `images`
 * queue (`renderOriginal`).
 */
@Injectable()
export class ImagePipeline {
  private readonly logger = new Logger('Images');

  constructor(
    private readonly storage: StorageService,
    private readonly tracking: ImageTracking,
  ) {}

  /**
   * Checks, re-encodes and stores an uploaded image under fresh random refs, all in the caller's
   * time (avatars: one small preset). Throws 415 UNSUPPORTED_IMAGE, 400 INVALID_IMAGE or 400
   * IMAGE_TOO_LARGE_PIXELS without storing anything; if storage fails part-way, what was stored
   * is removed again before the error is rethrown.
   */
  async process(bytes: Buffer, options: ProcessImageOptions): Promise<ProcessedImage> {
    const rendered = await renderImage(bytes, presetOf(options.folder, options.widths));
    const stored = await this.store(rendered, newRef(options.folder, 'webp'));
    return { ...stored, blurhash: rendered.blurhash };
  }

  /**
   * `process` for an image a row will show (an avatar, a page's avatar, an event's image), with an
   * upload record written before its files (see ImageTracking): if the row is never saved, the
   * sweep of unattached uploads removes the files. Save the row and call `attachUpload` in one
   * transaction; when an image goes, call `forgetUploads` in the one removing its files.
   */
  async processUpload(
    userId: string,
    bytes: Buffer,
    options: ProcessImageOptions,
  ): Promise<ProcessedImage> {
    const rendered = await renderImage(bytes, presetOf(options.folder, options.widths));
    const ref = newRef(options.folder, 'webp');
    const files = this.filesOf(rendered, ref);
    await this.tracking.record({
      ref,
      userId,
      folder: options.folder,
      variants: files.map(({ width, height, ref: fileRef }) => ({ width, height, ref: fileRef })),
      blurhash: rendered.blurhash,
      width: rendered.main.width,
      height: rendered.main.height,
    });
    const stored = await this.store(rendered, ref);
    return { ...stored, blurhash: rendered.blurhash };
  }

  /**
   * In the transaction saving the row that shows an image from `processUpload`: its upload is no
   * longer swept. 409 UPLOAD_EXPIRED when the sweep took it already (the files are gone).
   */
  async attachUpload(manager: EntityManager, ref: string, userId: string): Promise<void> {
    if (!(await this.tracking.attach(manager, ref, userId))) throw ImageErrors.UPLOAD_EXPIRED();
  }

  /** In the transaction that removes these images' files (or schedules it): no records left. */
  async forgetUploads(manager: EntityManager, refs: Array<string | null | undefined>) {
    await this.tracking.forget(manager, refs);
  }

  /**
   * The upload request's part of a photo rendered later: checks the bytes without decoding them
   * (see inspectImage: the same refusals as `process` for a file that is not an image, too large
   * or cut off, with nothing stored) and names its files. Store the original with
   * `storeOriginal`, then render it with `renderOriginal` off the request path; the blurhash comes
   * from that render.
   */
  async accept(bytes: Buffer, folder: ImageFolder): Promise<AcceptedUpload> {
    const inspected = await inspectImage(bytes, presetOf(folder));
    const ref = newRef(folder, 'webp');
    const original = ref.replace(/\.webp$/, `.${ORIGINAL_EXTENSIONS[inspected.format]}`);
    return { ...inspected, ref, original };
  }

  /** Keeps an accepted upload's bytes in the private area until it is rendered. */
  async storeOriginal(upload: Pick<AcceptedUpload, 'original'>, bytes: Buffer): Promise<void> {
    await this.storage.putPrivate(upload.original, bytes);
  }

  /**
   * Renders a stored original into the image's files under `ref` and its variant names. The names
   * depend on `ref` alone, so running it again (a retried job) rewrites the same files. Null when
   * the original is gone. Refusals of the bytes throw as in `process` (damage deep inside a file
   * shows here first: the upload request does not decode). The blurhash goes to `onBlurhash` as
   * soon as the image is decoded, before the files are encoded (see RenderOptions).
   */
  async renderOriginal(
    ref: string,
    original: string,
    folder: ImageFolder,
    onBlurhash: (blurhash: string) => Promise<void>,
  ): Promise<ProcessedImage | null> {
    const bytes = await this.storage.readPrivate(original);
    if (!bytes) return null;
    const rendered = await renderImage(bytes, presetOf(folder), { onBlurhash });
    return { ...(await this.store(rendered, ref)), blurhash: rendered.blurhash };
  }

  async removeOriginals(originals: string[]): Promise<void> {
    await this.storage.removePrivate(originals);
  }

  /** Stores a render's files under `ref` and its variant names; all or none of them. */
  private async store(
    rendered: RenderedImage,
    ref: string,
  ): Promise<Omit<ProcessedImage, 'blurhash'>> {
    const files = this.filesOf(rendered, ref);
    const attempted: string[] = [];
    try {
      for (const file of files) {
        if (!isValidRef(file.ref)) throw new Error(`Made an invalid image ref "${file.ref}"`);
        attempted.push(file.ref);
        await this.storage.put(file.ref, file.data);
      }
    } catch (error) {
      await this.removeOrphans(attempted);
      throw error;
    }
    return {
      ref,
      width: rendered.main.width,
      height: rendered.main.height,
      animated: rendered.animated,
      variants: files.map(({ width, height, ref: fileRef }) => ({ width, height, ref: fileRef })),
    };
  }

  /** A render's files with their refs, ascending by width (the main one, `ref`, last). */
  private filesOf(rendered: RenderedImage, ref: string) {
    return [
      ...rendered.variants.map((variant) => ({ ...variant, ref: variantRef(ref, variant.width) })),
      { ...rendered.main, ref },
    ];
  }

  /**
   * Removes a stored image (every rendition) through the `cleanup` queue; with a manager, only
   * if that transaction commits. Accepts a processed image or the ref a record kept.
   */
  async scheduleRemoval(
    image: Pick<ProcessedImage, 'ref' | 'variants'> | string,
    manager?: EntityManager,
  ): Promise<void> {
    const refs = typeof image === 'string' ? storedRefsOf(image) : imageRefs(image);
    await this.storage.scheduleRemoval(refs, manager);
  }

  private async removeOrphans(refs: string[]): Promise<void> {
    if (!refs.length) return;
    try {
      await this.storage.remove(refs);
    } catch (removeError) {
      // Storage is failing right now; the cleanup job retries with backoff.
      this.logger.warn(
        `Could not remove a half-stored image now, scheduling cleanup: ${String(removeError)}`,
      );
      await this.storage
        .scheduleRemoval(refs)
        .catch((scheduleError) =>
          this.logger.error(
            `Could not schedule cleanup of ${refs.join(', ')}: ${String(scheduleError)}`,
          ),
        );
    }
  }
}
