import { Global, Module } from '@nestjs/common';
import { ImagePipeline } from './image-pipeline.service';

/** The upload pipeline for avatars, post and plant photos (uses the global StorageService). */
@Global()
@Module({ providers: [ImagePipeline], exports: [ImagePipeline] })
export class ImagesModule {}
