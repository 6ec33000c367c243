import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG } from '../config';
import { LocalObjectStorage } from './local-object-storage';
import { OBJECT_STORAGE, ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';
import { ObjectsController, UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';
import { UploadSweeper } from './upload-sweeper';
import { UPLOAD_SETTINGS, uploadSettings, UploadSettings } from './upload-settings';

/** Photo uploads and object storage; the bytes go to the storage here, never over NATS. */
@Module({
  controllers: [UploadsController, ObjectsController],
  providers: [
    { provide: UPLOAD_SETTINGS, inject: [GATEWAY_CONFIG], useFactory: uploadSettings },
    { provide: OBJECT_STORAGE, inject: [UPLOAD_SETTINGS], useFactory: createObjectStorage },
    UploadsService,
    UploadSweeper,
  ],
  exports: [UploadsService],
})
export class UploadsModule {}

async function createObjectStorage({ storage, signingKey }: UploadSettings): Promise<ObjectStorage> {
  return storage.driver === 'local' ? LocalObjectStorage.create(storage.dir, signingKey) : new S3ObjectStorage(storage);
}
