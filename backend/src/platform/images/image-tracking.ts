import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ImageVariant } from './image-pipeline.service';

/** A stored image as its upload record keeps it. */
export interface TrackedImage {
  /** The main rendition's ref: the record's key. */
  ref: string;
  /** Who uploaded it. */
  userId: string;
  folder: string;
  variants: ImageVariant[];
  blurhash: string;
  width: number;
  height: number;
}

/**
 * Where upload records live. Content registers it (its `uploaded_image` table, which post photos
 * use too), so that the `cleanup` queue's sweep of uploads nothing took reclaims these as well.
 */
export interface ImageTracker {
  /** Records a stored image as not attached to anything yet; committed on its own. */
  record(image: TrackedImage): Promise<void>;
  /**
   * In the caller's transaction, the one that makes a record show the image: false when its upload
   * record is gone (swept as never attached, or another's).
   */
  attach(manager: EntityManager, ref: string, userId: string): Promise<boolean>;
  /** In the caller's transaction, the one that removes the files (or schedules their removal). */
  forget(manager: EntityManager, refs: string[]): Promise<void>;
}

/**
 * Upload records for the images that modules below content keep on their own rows: a member's
 * avatar, a page's avatar, an event's image. Each is recorded before its files are written
 * (ImagePipeline.processUpload), attached in the transaction that saves the row showing it, and
 * forgotten in the one that removes its files. One stored but never attached (the saving
 * transaction failed, and so did removing the files at once, or the process died between the two)
 * is removed with its files by the sweep of unattached uploads a day later.
 *
 * A hook (see modules/README.md): identity sits below content, so content registers the tracker at
 * start-up; until then, and in an application without content, nothing is recorded.
 */
@Injectable()
export class ImageTracking {
  private tracker: ImageTracker | null = null;

  useTracker(tracker: ImageTracker): void {
    if (this.tracker) throw new Error('An image tracker is registered already');
    this.tracker = tracker;
  }

  async record(image: TrackedImage): Promise<void> {
    await this.tracker?.record(image);
  }

  async attach(manager: EntityManager, ref: string, userId: string): Promise<boolean> {
    return this.tracker ? this.tracker.attach(manager, ref, userId) : true;
  }

  async forget(manager: EntityManager, refs: Array<string | null | undefined>): Promise<void> {
    const known = refs.filter((ref): ref is string => Boolean(ref));
    if (known.length) await this.tracker?.forget(manager, known);
  }
}
