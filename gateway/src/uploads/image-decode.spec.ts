import sharp from 'sharp';
import { checkImageBytes } from './image-decode';

const MAX_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 50_000_000;
const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 3, height = 2) =>
  sharp({ create: { width, height, channels: 3, background: '#c88c3c' } }).toFormat(format).toBuffer();
const statusOf = (promise: Promise<unknown>) => promise.then(() => 200, (err: { status?: number }) => err.status);

describe('checkImageBytes', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('takes a real %s as it is', async (format) => {
    expect(await checkImageBytes(await picture(format), MAX_BYTES, MAX_PIXELS)).toEqual({ contentType: `image/${format}` });
  });

  it('refuses what only starts like an image with 415', async () => {
    const png = await picture('png');
    for (const bytes of [
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('GIF89a/*\x01\x00\x01\x00*/=alert(1)//', 'latin1'),
      png.subarray(0, 20),
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), png]),
      Buffer.from('plain text, not a picture at all'),
    ]) {
      expect(await statusOf(checkImageBytes(bytes, MAX_BYTES, MAX_PIXELS))).toBe(415);
    }
  });

  it('refuses more pixels than allowed with 413, and more bytes than allowed with 413', async () => {
    const image = await picture('png', 40, 30);
    expect(await statusOf(checkImageBytes(image, MAX_BYTES, 40 * 30 - 1))).toBe(413);
    await expect(checkImageBytes(image, MAX_BYTES, 40 * 30 - 1)).rejects.toThrow('The photo is too large: at most 0.001 megapixels');
    expect(await statusOf(checkImageBytes(image, image.length - 1, MAX_PIXELS))).toBe(413);
    expect(await statusOf(checkImageBytes(image, image.length, 40 * 30))).toBe(200);
  });

  it('answers the picture without EXIF (upright) when the upload had some', async () => {
    const withExif = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#c88c3c' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const checked = await checkImageBytes(withExif, MAX_BYTES, MAX_PIXELS);
    expect(checked.contentType).toBe('image/jpeg');
    const metadata = await sharp(checked.stripped!).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 2, height: 3 });
    expect(metadata.exif).toBeUndefined();
  });
});
