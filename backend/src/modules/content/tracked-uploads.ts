import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ImageTracking, type TrackedImage } from '../../platform/images/image-tracking';
import { attachTrackedUpload, deleteUploads, insertTrackedUpload } from './uploads.queries';

/**
 * Keeps the upload records of the images other modules' rows show (avatars, pages' avatars,
 * events' images) in `uploaded_image`, beside post photos' uploads: one never attached is removed
 * with its files by UploadsService's sweep of unattached uploads, as a photo never posted is.
 * Registered with platform's ImageTracking (identity, below content, records its avatars there).
 */
@Injectable()
export class TrackedUploads implements OnModuleInit {
  constructor(
    private readonly tracking: ImageTracking,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit() {
    this.tracking.useTracker({
      record: (image: TrackedImage) => insertTrackedUpload(this.dataSource, image),
      attach: (manager: EntityManager, ref: string, userId: string) =>
        attachTrackedUpload(manager, ref, userId),
      // The files go with the caller's removal; nothing is left for the sweep.
      forget: (manager: EntityManager, refs: string[]) => deleteUploads(manager, refs),
    });
  }
}
