import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppError, ErrorCode, isUuid } from '@bakery/contracts';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { IMAGE_SIGNATURE_BYTES } from './image-type';
import { LocalObjectStorage } from './local-object-storage';
import { OBJECT_STORAGE, ObjectInfo, objectPath, ObjectStorage } from './object-storage';
import { checkImage, fileTooLarge, ImageUploadCheck } from './upload-rules';
import { UPLOAD_SETTINGS, UploadSettings } from './upload-settings';

export const NOT_OUR_UPLOAD_URL = 'imageURL must be an upload URL from POST /api/objects/upload';

/** The photo flow of spec section 4: an upload URL, the upload, registration, then serving. */
@Injectable()
export class UploadsService implements OnModuleDestroy {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings,
  ) {}

  /** A fresh object id and the signed, expiring URL its file is PUT to. */
  createUploadUrl(): Promise<string> {
    return this.storage.uploadUrl(randomUUID(), this.settings.urlTtlSeconds);
  }

  /**
   * Stores the body of a PUT to a local upload URL: the URL's signature and expiry first (403),
   * then the size (413) and the bytes (415) while it streams. Nothing of a refused upload is kept.
   */
  async receiveUpload(id: string, expires: unknown, signature: unknown, req: Request): Promise<void> {
    // with the s3 driver the browser PUTs to the bucket: this route does not exist
    if (!(this.storage instanceof LocalObjectStorage)) throw AppError.notFound('Not found');
    const local = this.storage;
    const verdict = local.checkUploadUrl(id, expires, signature);
    if (verdict === 'expired') throw AppError.forbidden('This upload URL has expired');
    if (verdict === 'invalid') throw AppError.forbidden('This upload URL is not valid');
    const { maxBytes } = this.settings;
    if (Number(req.headers['content-length']) > maxBytes) throw fileTooLarge(maxBytes);

    const check = new ImageUploadCheck(maxBytes);
    const body = () => {
      // pipe() does not pass on a client that gives up half-way; the storage must hear of it.
      // The client's doing, so a 400 (which it will not see) rather than a logged 500.
      const cutOff = () => check.destroy(new AppError(ErrorCode.ValidationFailed, 'The upload was cut off before its end'));
      req.once('error', cutOff);
      req.once('close', () => {
        if (!req.complete) cutOff();
      });
      return req.pipe(check);
    };
    try {
      await local.receive(id, body, () => check.contentType!);
    } catch (err) {
      // Storing stops here; the rest of the body is read and dropped so that the client, still
      // sending, gets the answer (closing the connection on it would show as a reset instead).
      req.unpipe(check);
      req.resume();
      throw err;
    }
  }

  /**
   * Makes an uploaded file a product image. The URL must be one we issued (400 otherwise) for an
   * object that exists (404); its size and bytes are checked again, because with the s3 driver
   * the upload did not pass through the gateway: a file that fails is deleted (413 / 415).
   */
  async registerImage(imageURL: string, requestHost: string): Promise<{ objectPath: string }> {
    const id = this.storage.idFromUploadUrl(imageURL, requestHost);
    if (!id) throw AppError.validation({ imageURL: [NOT_OUR_UPLOAD_URL] });
    const info = await this.storage.stat(id);
    if (!info) throw AppError.notFound('No upload was found at this URL');
    if (!info.registered) {
      const { maxBytes } = this.settings;
      // nothing to read of an empty or an oversized file: either is refused on its size alone
      const worthReading = info.size > 0 && info.size <= maxBytes;
      const head = worthReading ? await this.storage.readStart(id, IMAGE_SIGNATURE_BYTES, info.etag) : Buffer.alloc(0);
      let contentType: string;
      try {
        contentType = checkImage(info.size, head, maxBytes);
      } catch (err) {
        await this.storage.removeUpload(id);
        throw err;
      }
      await this.storage.markRegistered(id, contentType, info.etag);
    }
    return { objectPath: objectPath(id) };
  }

  /** A registered image; anything else, whatever the id looks like, is a 404. */
  async image(id: string): Promise<ObjectInfo & { contentType: string }> {
    const info = isUuid(id) ? await this.storage.stat(id.toLowerCase()) : undefined;
    if (!info?.registered || !info.contentType) throw AppError.notFound('Image not found');
    return { ...info, contentType: info.contentType };
  }

  openImage(id: string): Promise<Readable> {
    return this.storage.openRegistered(id.toLowerCase());
  }

  onModuleDestroy(): Promise<void> {
    return this.storage.close();
  }
}
