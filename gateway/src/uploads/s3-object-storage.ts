import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError, isUuid } from '@bakery/contracts';
import type { Readable } from 'node:stream';
import type { ObjectInfo, ObjectStorage } from './object-storage';
import { THUMBNAIL_TYPE } from './thumbnail';

export interface S3StorageSettings {
  endpoint: string;
  bucket: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Objects in an S3-compatible bucket (MinIO in docker-compose.yml). The browser PUTs to a
 * presigned URL for `pending/<id>`; registration checks that object and copies it to
 * `images/<id>` with the checked content type (or writes the checked picture without its
 * metadata there), so what is served can no longer be replaced through the upload URL. Uploads
 * never registered are deleted from `pending/` by the gateways' sweeper (a bucket lifecycle rule
 * on `pending/` may do it too). A registered image's thumbnail, once asked for, is kept at
 * `thumbnails/<id>`.
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: Pick<S3Client, 'send' | 'destroy'>;

  /** `client`: for tests, something that answers the SDK's commands. */
  constructor(
    private readonly settings: S3StorageSettings,
    client?: Pick<S3Client, 'send' | 'destroy'>,
  ) {
    this.client = client ?? new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      // MinIO serves buckets as paths, not as subdomains
      forcePathStyle: true,
      // otherwise the SDK adds checksum parameters to presigned URLs that a browser's PUT cannot satisfy
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  uploadUrl(id: string, ttlSeconds: number): Promise<string> {
    return getSignedUrl(this.client as S3Client, new PutObjectCommand({ Bucket: this.settings.bucket, Key: pendingKey(id) }), {
      expiresIn: ttlSeconds,
    });
  }

  /** A URL on our endpoint naming `pending/<id>` in our bucket (path style); the query is not needed. */
  idFromUploadUrl(url: string): string | undefined {
    let parsed: URL;
    let endpoint: URL;
    try {
      parsed = new URL(url);
      endpoint = new URL(this.settings.endpoint);
    } catch {
      return undefined;
    }
    if (parsed.origin !== endpoint.origin) return undefined;
    const prefix = `${endpoint.pathname.replace(/\/+$/, '')}/${this.settings.bucket}/pending/`;
    if (!parsed.pathname.startsWith(prefix)) return undefined;
    const id = parsed.pathname.slice(prefix.length);
    return isUuid(id) ? id.toLowerCase() : undefined;
  }

  async stat(id: string): Promise<ObjectInfo | undefined> {
    const registered = await this.head(imageKey(id));
    if (registered) return { ...registered, registered: true };
    const uploaded = await this.head(pendingKey(id));
    // the content type of a pending object is whatever the browser declared: not trusted
    return uploaded && { ...uploaded, contentType: undefined, registered: false };
  }

  async readUpload(id: string, etag: string): Promise<Buffer> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: pendingKey(id), IfMatch: etag }));
      return Buffer.from((await Body?.transformToByteArray()) ?? []);
    } catch (err) {
      throw translate(err);
    }
  }

  async markRegistered(id: string, contentType: string, etag: string, replacement?: Buffer): Promise<void> {
    const { bucket } = this.settings;
    try {
      if (replacement) {
        // made from the bytes read with IfMatch: etag, so from the checked ones
        await this.client.send(new PutObjectCommand({ Bucket: bucket, Key: imageKey(id), Body: replacement, ContentType: contentType }));
      } else {
        await this.client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: imageKey(id),
            CopySource: `${bucket}/${pendingKey(id)}`,
            // the bytes that were checked, not others put there since
            CopySourceIfMatch: etag,
            MetadataDirective: 'REPLACE',
            ContentType: contentType,
          }),
        );
      }
    } catch (err) {
      throw translate(err);
    }
    await this.removeUpload(id);
  }

  /** Lists `pending/` page by page and deletes our keys last modified before `before` (one DELETE each: idempotent). */
  async sweepUnregistered(before: Date): Promise<number> {
    let removed = 0;
    let ContinuationToken: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: 'pending/', ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const id = object.Key?.slice('pending/'.length);
        if (!isUuid(id) || !object.LastModified || object.LastModified.getTime() >= before.getTime()) continue;
        await this.removeUpload(id);
        removed++;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return removed;
  }

  async removeUpload(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: pendingKey(id) }));
  }

  async openRegistered(id: string): Promise<Readable> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: imageKey(id) }));
      return Body as Readable;
    } catch (err) {
      throw translate(err);
    }
  }

  async readThumbnail(id: string): Promise<Buffer | undefined> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: thumbnailKey(id) }));
      return Buffer.from((await Body?.transformToByteArray()) ?? []);
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw err;
    }
  }

  async writeThumbnail(id: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: thumbnailKey(id), Body: bytes, ContentType: THUMBNAIL_TYPE }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async head(key: string): Promise<Omit<ObjectInfo, 'registered'> | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType, etag: head.ETag ?? '""' };
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw err;
    }
  }
}

/** Keys are made from uuids only. */
function pendingKey(id: string): string {
  if (!isUuid(id)) throw AppError.notFound('Image not found');
  return `pending/${id.toLowerCase()}`;
}

function imageKey(id: string): string {
  if (!isUuid(id)) throw AppError.notFound('Image not found');
  return `images/${id.toLowerCase()}`;
}

function thumbnailKey(id: string): string {
  if (!isUuid(id)) throw AppError.notFound('Image not found');
  return `thumbnails/${id.toLowerCase()}`;
}

function statusOf(err: unknown): number | undefined {
  return (err as Partial<S3ServiceException> | undefined)?.$metadata?.httpStatusCode;
}

function translate(err: unknown): unknown {
  switch (statusOf(err)) {
    case 404:
      return AppError.notFound('Image not found');
    case 412:
      return AppError.conflict('The upload changed while it was being registered: register it again');
    default:
      return err;
  }
}
