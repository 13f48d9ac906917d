import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DeleteStoredFilesJob } from './jobs/delete-stored-files.job';
import { LocalDiskDriver } from './local-disk.driver';
import { S3Driver } from './s3.driver';
import { StorageController } from './storage.controller';
import { StorageDriver } from './storage-driver';
import { StorageService } from './storage.service';

export function createStorageDriver(config: AppConfig): StorageDriver {
  const { driver, dir, s3 } = config.storage;
  if (driver === 'local') return new LocalDiskDriver(dir);
  // The config schema guarantees these are set when the driver is s3.
  return new S3Driver({
    endpoint: s3.endpoint as string,
    region: s3.region,
    bucket: s3.bucket,
    accessKey: s3.accessKey as string,
    secretKey: s3.secretKey as string,
    forcePathStyle: s3.forcePathStyle,
  });
}

@Global()
@Module({
  controllers: [StorageController],
  providers: [
    { provide: StorageDriver, inject: [AppConfig], useFactory: createStorageDriver },
    StorageService,
    DeleteStoredFilesJob,
  ],
  exports: [StorageService],
})
export class StorageModule {}
