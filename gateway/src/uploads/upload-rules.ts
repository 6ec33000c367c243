import { AppError, ErrorCode } from '@bakery/contracts';
import { Transform, TransformCallback } from 'node:stream';
import { IMAGE_SIGNATURE_BYTES, ImageType, sniffImageType } from './image-type';

/** What a product photo must be: at most `maxBytes`, and JPEG, PNG, GIF or WebP by its bytes. */

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(ErrorCode.PayloadTooLarge, `The photo is too large: at most ${describeBytes(maxBytes)}`);
}

export function notAnImage(): AppError {
  return new AppError(ErrorCode.UnsupportedMediaType, 'Only JPEG, PNG, GIF or WebP images are accepted');
}

/**
 * Passes an upload through while checking it: fails with 413 as soon as more than `maxBytes` have
 * come, and with 415 as soon as the first bytes show it is not an image, so a bad upload is
 * refused without reading it to the end. `contentType` is the sniffed type once the stream ends.
 */
export class ImageUploadCheck extends Transform {
  size = 0;
  contentType: ImageType | undefined;
  private head = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(fileTooLarge(this.maxBytes));
    if (this.head.length < IMAGE_SIGNATURE_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, IMAGE_SIGNATURE_BYTES - this.head.length)]);
      if (this.head.length === IMAGE_SIGNATURE_BYTES) {
        this.contentType = sniffImageType(this.head);
        if (!this.contentType) return done(notAnImage());
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    // a file shorter than the longest signature (a tiny JPEG or GIF) is judged on what there is
    this.contentType ??= sniffImageType(this.head);
    done(this.contentType ? null : notAnImage());
  }
}

function describeBytes(n: number): string {
  const mb = n / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${n} bytes`;
}
