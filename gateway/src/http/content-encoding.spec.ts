import { chooseEncoding, PRECOMPRESSED } from './content-encoding';

const pick = (header: string | undefined, available = PRECOMPRESSED) => chooseEncoding(header, available)?.encoding ?? 'plain';

describe('chooseEncoding: Accept-Encoding against the pre-compressed variants', () => {
  it("takes brotli from what browsers send, gzip when it is all the client takes, plain when it takes neither", () => {
    expect(pick('gzip, deflate, br, zstd')).toBe('br');
    expect(pick('gzip, deflate')).toBe('gzip');
    expect(pick('x-gzip')).toBe('gzip');
    expect(pick('deflate')).toBe('plain');
    expect(pick('identity')).toBe('plain');
    expect(pick('')).toBe('plain');
    expect(pick(undefined)).toBe('plain');
  });

  it('follows q-values: q=0 refuses, a higher q wins, brotli first at equal q', () => {
    expect(pick('br;q=0, gzip')).toBe('gzip');
    expect(pick('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pick('BR;Q=0.9, gzip;q=0.8')).toBe('br');
    expect(pick('gzip;q=0.7, br;q=0.7')).toBe('br');
    expect(pick('br;q=0, gzip;q=0')).toBe('plain');
  });

  it('reads * as every coding not named, and lets identity win when preferred', () => {
    expect(pick('*')).toBe('br');
    expect(pick('br;q=0, *')).toBe('gzip');
    expect(pick('*;q=0')).toBe('plain');
    expect(pick('gzip;q=0.5, identity')).toBe('plain');
    expect(pick('gzip, *;q=0')).toBe('gzip');
  });

  it('only offers what exists on disk', () => {
    const gzipOnly = PRECOMPRESSED.filter((v) => v.encoding === 'gzip');
    expect(pick('br, gzip', gzipOnly)).toBe('gzip');
    expect(pick('br', gzipOnly)).toBe('plain');
    expect(chooseEncoding('br')).toEqual({ encoding: 'br', suffix: '.br' });
  });
});
