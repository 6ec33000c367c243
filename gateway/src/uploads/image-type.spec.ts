import { sniffImageType } from './image-type';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImageType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'image/png'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s by its first bytes', (_name, file, type) => {
    expect(sniffImageType(file)).toBe(type);
  });

  it.each([
    ['text', bytes('just some text, not an image')],
    ['empty', bytes()],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['a PNG signature with one byte changed', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b, 0, 0, 0, 0])],
    ['a JPEG start of two bytes', bytes([0xff, 0xd8])],
    ['another RIFF file (WAVE)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['RIFF too short to say WEBP', bytes('RIFF', [0x24, 0, 0, 0], 'WEB')],
    ['GIF of an unknown version', bytes('GIF90a', [1, 0])],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['SVG (an image, but one that can carry script)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  ])('refuses %s', (_name, file) => {
    expect(sniffImageType(file)).toBeUndefined();
  });

  it('looks at the start only: a signature later in the file does not count', () => {
    expect(sniffImageType(bytes('xx', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
  });
});
