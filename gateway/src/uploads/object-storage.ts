import type { Readable } from 'node:stream';

/**
 * Where uploaded photos live, behind one interface with two drivers (OBJECT_STORAGE_DRIVER):
 * `local` (a directory, uploads PUT to the gateway: local-object-storage.ts) and `s3` (an
 * S3-compatible bucket such as MinIO, uploads PUT straight to it: s3-object-storage.ts).
 *
 * An object goes through two states: uploaded (bytes stored, not served) and registered (checked
 * and served at /objects/uploads/<id>). Ids are uuids, checked by the callers and again by the
 * drivers before they name a file or key.
 */
export interface ObjectInfo {
  size: number;
  /** the type the bytes showed; only a registered object's is to be trusted */
  contentType: string | undefined;
  registered: boolean;
  /** a quoted HTTP ETag; it changes whenever the bytes change */
  etag: string;
}

export interface ObjectStorage {
  /** A URL the browser PUTs the file to; it works for `ttlSeconds`. */
  uploadUrl(id: string, ttlSeconds: number): Promise<string>;
  /** The object id of an upload URL this storage issued, or undefined for any other URL. */
  idFromUploadUrl(url: string, requestHost: string): string | undefined;
  /** The object as it is now, or undefined when there is none. */
  stat(id: string): Promise<ObjectInfo | undefined>;
  /** The bytes of an uploaded, unregistered object, as long as it still has `etag` (callers check its size first). */
  readUpload(id: string, etag: string): Promise<Buffer>;
  /**
   * Makes an uploaded object (still with `etag`) a registered one of `contentType`; with
   * `replacement` (the checked picture without its metadata) those bytes are what is served.
   */
  markRegistered(id: string, contentType: string, etag: string, replacement?: Buffer): Promise<void>;
  /** Deletes an uploaded, unregistered object. */
  removeUpload(id: string): Promise<void>;
  /**
   * Deletes every upload never registered whose bytes were stored before `before`, and what
   * uploads cut off or interrupted left behind; registered objects are never touched. Safe to
   * run from several gateways at once (deleting what is already gone is fine). Answers how many
   * objects went.
   */
  sweepUnregistered(before: Date): Promise<number>;
  /** The bytes of a registered object. */
  openRegistered(id: string): Promise<Readable>;
  /** The thumbnail kept for a registered object, or undefined while none has been made. */
  readThumbnail(id: string): Promise<Buffer | undefined>;
  /** Keeps a registered object's thumbnail (two made at once are the same picture: the last stays). */
  writeThumbnail(id: string, bytes: Buffer): Promise<void>;
  close(): Promise<void>;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/** Where a registered object is served (what a product's imageUrl holds); its thumbnail is at `<that>/thumbnail`. */
export function objectPath(id: string): string {
  return `/objects/uploads/${id}`;
}
