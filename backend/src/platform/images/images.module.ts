import { Global, Module, type OnModuleInit } from '@nestjs/common';
import sharp from 'sharp';
import { ImagePipeline } from './image-pipeline.service';
import { SHARP_THREADS_PER_RENDER } from './image-renderer';
import { ImageTracking } from './image-tracking';

/** The upload pipeline for avatars, post and plant photos (uses the global StorageService). */
@Global()
@Module({ providers: [ImagePipeline, ImageTracking], exports: [ImagePipeline, ImageTracking] })
export class ImagesModule implements OnModuleInit {
  onModuleInit() {
    // Process-wide: renders run side by side, one libvips thread each (see image-renderer.ts).
    sharp.concurrency(SHARP_THREADS_PER_RENDER);
  }
}
