import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import {
  AppError,
  CatalogPatterns,
  ErrorCode,
  IssuedUpload,
  isUuid,
  OBJECT_PATH_PATTERN,
  UploadMessages,
  UploadStatus,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { checkImageBytes, CheckedImage } from './image-decode';
import { LocalObjectStorage } from './local-object-storage';
import { OBJECT_STORAGE, ObjectInfo, objectPath, ObjectStorage } from './object-storage';
import { makeThumbnail, THUMBNAIL_TYPE, thumbnailEtag } from './thumbnail';
import { fileTooLarge, ImageUploadCheck, notAnImage } from './upload-rules';
import { UPLOAD_SETTINGS, UploadSettings } from './upload-settings';

export const NOT_OUR_UPLOAD_URL = 'imageURL must be an upload URL from POST /api/objects/upload';

/**
 * An upload is deleted this long after its URL's lifetime, counted from when its bytes were
 * stored (never earlier than the URL was issued): catalog refuses to register it once the URL has
 * expired, and the margin covers clocks that differ a little between gateways, catalog and S3.
 */
export const SWEEP_GRACE_SECONDS = 60;

/**
 * The photo flow of spec section 4: an upload URL, the upload, registration, then serving. The
 * bytes stay here (the storage driver); who was issued which upload, the quota and the rate,
 * ownership and expiry are catalog's (`catalog.uploads.*`), so every gateway instance agrees.
 */
@Injectable()
export class UploadsService implements OnModuleDestroy {
  /** Thumbnails being made, by object id: a burst of first requests for one makes it once. */
  private readonly thumbnailsInMaking = new Map<string, Promise<Buffer>>();

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * An object id issued to `ownerId` by catalog (429 past their quota of pending uploads or their
   * hourly rate) and the signed, expiring URL its file is PUT to.
   */
  async createUploadUrl(ownerId: string): Promise<string> {
    const { urlTtlSeconds } = this.settings;
    const { id } = await this.rpc.request<IssuedUpload>(CatalogPatterns.issueUpload, { ownerId, ttlSeconds: urlTtlSeconds });
    return this.storage.uploadUrl(id, urlTtlSeconds);
  }

  /**
   * Stores the body of a PUT to a local upload URL: the URL's signature and expiry first (403),
   * then the size (413) and the bytes (415) while it streams. Nothing of a refused upload is kept.
   */
  async receiveUpload(id: string, expires: unknown, signature: unknown, req: IncomingMessage): Promise<void> {
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
   * Makes an uploaded file a product image, for the user it was issued to. The URL must be one we
   * issued (400 otherwise); catalog says whether `ownerId` may register it (404 for an unknown
   * upload and for someone else's, alike; 403 once its URL has expired). Then the object must
   * exist (404) and decode, whole, as the image its first bytes claim (413 / 415, and the file is
   * deleted): with the s3 driver the upload did not pass through the gateway at all. Catalog
   * records the registration, then the storage serves it (without metadata, if it had some).
   */
  async registerImage(imageURL: string, requestHost: string, ownerId: string): Promise<{ objectPath: string }> {
    const id = this.storage.idFromUploadUrl(imageURL, requestHost);
    if (!id) throw AppError.validation({ imageURL: [NOT_OUR_UPLOAD_URL] });
    await this.rpc.request<UploadStatus>(CatalogPatterns.checkUpload, { id, ownerId });
    const info = await this.storage.stat(id);
    if (!info) throw AppError.notFound(UploadMessages.notFound);
    if (info.registered) {
      // registered before: catalog's record says so too (it is written first); answers the same path
      await this.rpc.request<UploadStatus>(CatalogPatterns.registerUpload, { id, ownerId });
      return { objectPath: objectPath(id) };
    }
    let checked: CheckedImage;
    try {
      checked = await this.checkStoredImage(id, info);
    } catch (err) {
      // a file that is not an acceptable photo is of no use to anyone: deleted at once
      if (err instanceof AppError && (err.code === ErrorCode.PayloadTooLarge || err.code === ErrorCode.UnsupportedMediaType)) {
        await this.storage.removeUpload(id);
      }
      throw err;
    }
    await this.rpc.request<UploadStatus>(CatalogPatterns.registerUpload, { id, ownerId });
    await this.storage.markRegistered(id, checked.contentType, info.etag, checked.stripped);
    return { objectPath: objectPath(id) };
  }

  /**
   * A product's photo must be served by us: a registered object (catalog checks, in the same
   * transaction as the write, that it was registered through it). 400 on imageUrl otherwise.
   */
  async assertServedImage(imageUrl: string | null | undefined): Promise<void> {
    if (!imageUrl) return;
    const id = OBJECT_PATH_PATTERN.test(imageUrl) ? imageUrl.slice(imageUrl.lastIndexOf('/') + 1).toLowerCase() : undefined;
    const info = id ? await this.storage.stat(id) : undefined;
    if (!info?.registered) throw AppError.validation({ imageUrl: [UploadMessages.imageNotRegistered] });
  }

  /** Size first (nothing to read of an empty or oversized file), then the whole file decoded. */
  private async checkStoredImage(id: string, info: ObjectInfo): Promise<CheckedImage> {
    const { maxBytes, maxPixels } = this.settings;
    if (info.size > maxBytes) throw fileTooLarge(maxBytes);
    if (info.size === 0) throw notAnImage();
    return checkImageBytes(await this.storage.readUpload(id, info.etag), maxBytes, maxPixels);
  }

  /** Deletes uploads never registered whose URL expired at `now` (a minute of grace for clocks); answers how many. */
  sweepUnregistered(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - (this.settings.urlTtlSeconds + SWEEP_GRACE_SECONDS) * 1000);
    return this.storage.sweepUnregistered(before);
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

  /**
   * A registered image's thumbnail (thumbnail.ts), 404 like the image. Made from the image on the
   * first request for it and kept by the storage, so each photo is resized once, whoever asks.
   */
  async thumbnailInfo(id: string): Promise<{ contentType: string; etag: string }> {
    const image = await this.image(id);
    return { contentType: THUMBNAIL_TYPE, etag: thumbnailEtag(image.etag) };
  }

  /** The thumbnail's bytes, after thumbnailInfo has found the image registered. */
  async thumbnail(id: string): Promise<Buffer> {
    const key = id.toLowerCase();
    const kept = await this.storage.readThumbnail(key);
    if (kept) return kept;
    let making = this.thumbnailsInMaking.get(key);
    if (!making) {
      making = (async () => {
        const bytes = await makeThumbnail(await buffer(await this.storage.openRegistered(key)), this.settings.maxPixels);
        await this.storage.writeThumbnail(key, bytes);
        return bytes;
      })().finally(() => this.thumbnailsInMaking.delete(key));
      this.thumbnailsInMaking.set(key, making);
    }
    return making;
  }

  onModuleDestroy(): Promise<void> {
    return this.storage.close();
  }
}
