import { AppError, isUuid } from '@bakery/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectInfo, ObjectStorage } from './object-storage';
import { checkUploadUrl, signUpload, UploadUrlCheck } from './upload-signature';

/** What the local driver keeps beside each object's bytes, in `<id>.json`. */
interface Sidecar {
  contentType: string;
  size: number;
  sha256: string;
  registered: boolean;
}

/**
 * Objects as files in one directory: `<id>` (the bytes) and `<id>.json` (the sidecar). The
 * browser PUTs to the gateway's /objects/upload/<id>, with a URL signed by the gateway.
 */
export class LocalObjectStorage implements ObjectStorage {
  private constructor(
    readonly dir: string,
    private readonly signingKey: Buffer,
  ) {}

  static async create(dir: string, signingKey: Buffer): Promise<LocalObjectStorage> {
    await mkdir(dir, { recursive: true });
    return new LocalObjectStorage(dir, signingKey);
  }

  async uploadUrl(id: string, ttlSeconds: number): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    // relative: the gateway cannot know the address the browser reached it by
    return `${uploadPath(id)}?expires=${expires}&signature=${signUpload(id, expires, this.signingKey)}`;
  }

  checkUploadUrl(id: string, expires: unknown, signature: unknown): UploadUrlCheck {
    return checkUploadUrl(id, expires, signature, this.signingKey, Math.floor(Date.now() / 1000));
  }

  /** Our upload path, relative or absolute on the host the request came to; the signature is not needed. */
  idFromUploadUrl(url: string, requestHost: string): string | undefined {
    let ownOrigin: URL;
    let parsed: URL;
    try {
      ownOrigin = new URL(`http://${requestHost}`);
      parsed = new URL(url, ownOrigin);
    } catch {
      return undefined;
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.host !== ownOrigin.host) return undefined;
    const id = /^\/objects\/upload\/([^/]+)$/.exec(parsed.pathname)?.[1];
    return isUuid(id) ? id.toLowerCase() : undefined;
  }

  /**
   * Stores an upload's bytes as object `id`, once: a second upload to the same id is a 409, even
   * while the first is still streaming. When `body` fails (too large, not an image, cut off)
   * nothing is kept. `openBody` is called once the file is ready for it (a body that fails before
   * it is piped would fail unheard); `contentType` once the body has been read in full.
   */
  async receive(id: string, openBody: () => Readable, contentType: () => string): Promise<void> {
    const file = this.file(id);
    const partial = `${file}.part`;
    const alreadyUploaded = () => AppError.conflict('This upload URL has already been used');
    // 'wx' creates or fails: of two concurrent uploads only one gets the partial file
    const handle = await open(partial, 'wx').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'EEXIST' ? alreadyUploaded() : err;
    });
    try {
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(openBody(), measure, handle.createWriteStream());
      // link, unlike rename, never replaces an object that is already there
      await link(partial, file).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'EEXIST' ? alreadyUploaded() : err;
      });
      await this.writeSidecar(id, { contentType: contentType(), size, sha256: hash.digest('hex'), registered: false });
    } finally {
      await handle.close().catch(() => undefined);
      await rm(partial, { force: true });
    }
  }

  async stat(id: string): Promise<ObjectInfo | undefined> {
    const sidecar = await this.readSidecar(id);
    if (!sidecar) return undefined;
    return { size: sidecar.size, contentType: sidecar.contentType, registered: sidecar.registered, etag: `"${sidecar.sha256}"` };
  }

  // Local objects are written once and never change, so `etag` needs no check here.
  async readStart(id: string, length: number): Promise<Buffer> {
    const handle = await open(this.file(id), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async markRegistered(id: string, contentType: string): Promise<void> {
    const sidecar = await this.readSidecar(id);
    if (!sidecar) throw AppError.notFound('Image not found');
    await this.writeSidecar(id, { ...sidecar, contentType, registered: true });
  }

  async removeUpload(id: string): Promise<void> {
    await rm(this.sidecarFile(id), { force: true });
    await rm(this.file(id), { force: true });
  }

  async openRegistered(id: string): Promise<Readable> {
    const handle = await open(this.file(id), 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? AppError.notFound('Image not found') : err;
    });
    return handle.createReadStream();
  }

  async close(): Promise<void> {}

  /** The only place a file name is made from an id, and only from a uuid. */
  private file(id: string): string {
    if (!isUuid(id)) throw AppError.notFound('Image not found');
    return path.join(this.dir, id.toLowerCase());
  }

  private sidecarFile(id: string): string {
    return `${this.file(id)}.json`;
  }

  private async readSidecar(id: string): Promise<Sidecar | undefined> {
    try {
      return JSON.parse(await readFile(this.sidecarFile(id), 'utf8')) as Sidecar;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  /** Written beside and renamed into place, so a reader never sees half a sidecar. */
  private async writeSidecar(id: string, sidecar: Sidecar): Promise<void> {
    const target = this.sidecarFile(id);
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify(sidecar));
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  }
}

/** The gateway route a local upload is PUT to. */
export function uploadPath(id: string): string {
  return `/objects/upload/${id}`;
}
