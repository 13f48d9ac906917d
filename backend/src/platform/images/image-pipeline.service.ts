import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isValidRef, newRef } from '../storage/storage-ref';
import { StorageService } from '../storage/storage.service';
import { IMAGE_PRESETS, type ImageFolder } from './image-presets';
import { renderImage } from './image-renderer';

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

/** Every file of a processed image, e.g. to schedule their removal. */
export function imageRefs(image: Pick<ProcessedImage, 'ref' | 'variants'>): string[] {
  return [...new Set([image.ref, ...image.variants.map((variant) => variant.ref)])];
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

/** Upload bytes in, stored WebP renditions out. See renderImage for what is checked. */
@Injectable()
export class ImagePipeline {
  private readonly logger = new Logger('Images');

  constructor(private readonly storage: StorageService) {}

  /**
   * Checks, re-encodes and stores an uploaded image under fresh random refs. Throws 415
   * UNSUPPORTED_IMAGE, 400 INVALID_IMAGE or 400 IMAGE_TOO_LARGE_PIXELS without storing anything;
   * if storage fails part-way, what was stored is removed again before the error is rethrown.
   */
  async process(bytes: Buffer, options: ProcessImageOptions): Promise<ProcessedImage> {
    const preset = IMAGE_PRESETS[options.folder];
    if (!preset) throw new Error(`Unknown image folder "${options.folder}"`);
    const rendered = await renderImage(bytes, {
      maxDimension: preset.maxDimension,
      widths: options.widths ?? preset.widths,
    });

    const ref = newRef(options.folder, 'webp');
    const files = [
      ...rendered.variants.map((variant) => ({ ...variant, ref: variantRef(ref, variant.width) })),
      { ...rendered.main, ref },
    ];
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
      blurhash: rendered.blurhash,
      animated: rendered.animated,
      variants: files.map(({ width, height, ref: fileRef }) => ({ width, height, ref: fileRef })),
    };
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
