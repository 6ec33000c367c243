import { AppError, isUuid, UUID_SOURCE } from '@bakery/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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
 * Objects as files in one directory: `<id>` (the bytes), `<id>.json` (the sidecar) and, once
 * asked for, `<id>.thumbnail` (a registered object's thumbnail). The
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
        if (err.code === 'EEXIST') throw alreadyUploaded();
        // the sweeper took a partial file that had not grown for longer than an upload URL lives
        if (err.code === 'ENOENT') throw AppError.forbidden('This upload URL has expired');
        throw err;
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

  // Uploaded local objects are written once and never change, so `etag` needs no check here.
  async readUpload(id: string): Promise<Buffer> {
    return readFile(this.file(id)).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? AppError.notFound('Image not found') : err;
    });
  }

  async markRegistered(id: string, contentType: string, _etag: string, replacement?: Buffer): Promise<void> {
    let sidecar = await this.readSidecar(id);
    if (!sidecar) throw AppError.notFound('Image not found');
    if (replacement) {
      // not served yet, so the bytes may still be swapped
      await this.replaceFile(id, this.file(id), replacement);
      sidecar = { ...sidecar, size: replacement.length, sha256: createHash('sha256').update(replacement).digest('hex') };
    }
    await this.writeSidecar(id, { ...sidecar, contentType, registered: true });
  }

  /**
   * Unregistered objects whose sidecar is older than `before`, and leftovers older than that:
   * partial files of uploads that stopped (an upload still streaming keeps touching its file),
   * bytes whose sidecar was never written (a crash in between), half-written temporaries.
   */
  async sweepUnregistered(before: Date): Promise<number> {
    const cutoff = before.getTime();
    const olderThanCutoff = async (name: string) => {
      const info = await stat(path.join(this.dir, name)).catch(() => undefined);
      return info !== undefined && info.mtimeMs < cutoff;
    };
    const names = new Set(await readdir(this.dir));
    let removed = 0;
    for (const name of names) {
      const match = LOCAL_NAME.exec(name);
      if (!match) continue;
      const [, id, suffix = ''] = match;
      if (suffix === '.json') {
        const sidecar = await this.readSidecar(id).catch(() => undefined);
        if (sidecar && !sidecar.registered && (await olderThanCutoff(name))) {
          await this.removeUpload(id);
          removed++;
        }
      } else if (suffix === '') {
        if (!names.has(`${name}.json`) && (await olderThanCutoff(name))) {
          // no sidecar, so never registered; checked again in case one was written meanwhile
          if (!(await this.readSidecar(id).catch(() => undefined))) {
            await rm(path.join(this.dir, name), { force: true });
            removed++;
          }
        }
      } else if (await olderThanCutoff(name)) {
        await rm(path.join(this.dir, name), { force: true });
      }
    }
    return removed;
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

  async readThumbnail(id: string): Promise<Buffer | undefined> {
    return readFile(this.thumbnailFile(id)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
  }

  async writeThumbnail(id: string, bytes: Buffer): Promise<void> {
    await this.replaceFile(id, this.thumbnailFile(id), bytes);
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

  /** Not one of the sweeper's names (LOCAL_NAME): a registered object's thumbnail is never swept. */
  private thumbnailFile(id: string): string {
    return `${this.file(id)}.thumbnail`;
  }

  private async readSidecar(id: string): Promise<Sidecar | undefined> {
    try {
      return JSON.parse(await readFile(this.sidecarFile(id), 'utf8')) as Sidecar;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  private async writeSidecar(id: string, sidecar: Sidecar): Promise<void> {
    await this.replaceFile(id, this.sidecarFile(id), JSON.stringify(sidecar));
  }

  /**
   * Object `id`'s file `target` (its bytes, sidecar or thumbnail), written beside and renamed into
   * place, so a reader never sees half of it; a temporary a crash leaves is one the sweeper removes.
   */
  private async replaceFile(id: string, target: string, content: Buffer | string): Promise<void> {
    const temporary = `${this.file(id)}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, content);
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  }
}

/** `<id>`, `<id>.json`, `<id>.part`, and the temporaries `<id>.<uuid>.tmp` / `<id>.json.<uuid>.tmp`. */
const LOCAL_NAME = new RegExp(`^(${UUID_SOURCE})(\\.json|\\.part|(?:\\.json)?\\.[0-9a-f-]{36}\\.tmp)?$`);

/** The gateway route a local upload is PUT to. */
export function uploadPath(id: string): string {
  return `/objects/upload/${id}`;
}
