import { AppError, ErrorCode } from '@bakery/contracts';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { ImageType, sniffImageType } from './image-type';
import { fileTooLarge, notAnImage } from './upload-rules';

// Untrusted input, decoded once: nothing is worth keeping in libvips' operation cache.
sharp.cache(false);

/** What sharp calls the formats we take. */
const FORMAT_OF: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface CheckedImage {
  contentType: ImageType;
  /**
   * The same picture without its metadata (EXIF with GPS, XMP, IPTC), turned upright by its EXIF
   * orientation, when the upload carried any: these bytes are what is served. Undefined when there
   * was nothing to strip (the bytes are served as uploaded).
   */
  stripped?: Buffer;
}

export function tooManyPixels(maxPixels: number): AppError {
  return new AppError(ErrorCode.PayloadTooLarge, `The photo is too large: at most ${(maxPixels / 1_000_000).toLocaleString('en')} megapixels`);
}

/**
 * The whole file, decoded: a photo is what its first bytes claim only if an image library can
 * decode it as that format, every pixel of it (a 3-byte "JPEG" or a GIF header followed by
 * script is not). Refuses with 413 over `maxBytes` or `maxPixels` (checked from the header,
 * before any pixel is decoded: no decompression bombs) and with 415 otherwise.
 */
export async function checkImageBytes(bytes: Buffer, maxBytes: number, maxPixels: number): Promise<CheckedImage> {
  if (bytes.length > maxBytes) throw fileTooLarge(maxBytes);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw notAnImage();
  const options: SharpOptions = { limitInputPixels: maxPixels, failOn: 'error' };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== FORMAT_OF[contentType]) throw notAnImage();
    // decodes every pixel (of the first frame): a file cut short or corrupt fails here
    await sharp(bytes, options).stats();
  } catch (err) {
    throw refusal(err, maxPixels);
  }
  const hasMetadata = Boolean(metadata.exif || metadata.xmp || metadata.iptc);
  // one frame only: animated images are served as they are
  if (!hasMetadata || (metadata.pages ?? 1) > 1 || contentType === 'image/gif') return { contentType };
  try {
    const image = sharp(bytes, options).rotate().keepIccProfile();
    const stripped = await (contentType === 'image/jpeg'
      ? image.jpeg({ quality: 90, mozjpeg: true })
      : contentType === 'image/png'
        ? image.png()
        : image.webp({ quality: 90 })
    ).toBuffer();
    return { contentType, stripped };
  } catch (err) {
    throw refusal(err, maxPixels);
  }
}

function refusal(err: unknown, maxPixels: number): AppError {
  if (err instanceof AppError) return err;
  return /pixel limit/i.test((err as Error)?.message ?? '') ? tooManyPixels(maxPixels) : notAnImage();
}
