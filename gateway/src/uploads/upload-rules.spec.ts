import { AppError } from '@bakery/contracts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { ImageUploadCheck } from './upload-rules';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

/** Runs chunks through the check; answers what got through, or the error. */
async function run(chunks: Buffer[], maxBytes: number) {
  const check = new ImageUploadCheck(maxBytes);
  const received: Buffer[] = [];
  let pulled = 0;
  const source = Readable.from(
    (function* () {
      for (const c of chunks) {
        pulled++;
        yield c;
      }
    })(),
  );
  const sink = new Writable({
    write(chunk: Buffer, _e, cb) {
      received.push(chunk);
      cb();
    },
  });
  try {
    await pipeline(source, check, sink);
    return { ok: true as const, contentType: check.contentType, size: check.size, bytes: Buffer.concat(received), pulled };
  } catch (err) {
    return { ok: false as const, status: (err as AppError).status, message: (err as Error).message, pulled };
  }
}

describe('ImageUploadCheck', () => {
  it('passes an image through unchanged and tells its type and size', async () => {
    const body = Buffer.concat([PNG_HEAD, Buffer.alloc(1000, 7)]);
    const result = await run([body.subarray(0, 5), body.subarray(5, 9), body.subarray(9)], 2000);
    expect(result).toMatchObject({ ok: true, contentType: 'image/png', size: 1012 });
    expect(result.ok && result.bytes.equals(body)).toBe(true);
  });

  it('accepts exactly the limit and refuses one byte more with 413', async () => {
    const body = Buffer.concat([PNG_HEAD, Buffer.alloc(88)]);
    expect(await run([body], 100)).toMatchObject({ ok: true, size: 100 });
    expect(await run([body, Buffer.alloc(1)], 100)).toMatchObject({ ok: false, status: 413, message: 'The photo is too large: at most 100 bytes' });
  });

  it('stops at the first chunk past the limit instead of reading on', async () => {
    const chunks = [PNG_HEAD, ...Array.from({ length: 50 }, () => Buffer.alloc(1024))];
    const result = await run(chunks, 4096);
    expect(result).toMatchObject({ ok: false, status: 413 });
    expect(result.pulled).toBeLessThan(10);
  });

  it('refuses a file that is not an image with 415 as soon as its first bytes are in', async () => {
    const chunks = [Buffer.from('hello, this is plain text'), ...Array.from({ length: 50 }, () => Buffer.alloc(1024))];
    const result = await run(chunks, 1_000_000);
    expect(result).toMatchObject({ ok: false, status: 415, message: 'Only JPEG, PNG, GIF or WebP images are accepted' });
    expect(result.pulled).toBeLessThan(5);
  });

  it('judges a file shorter than 12 bytes on what there is', async () => {
    expect(await run([Buffer.from('GIF89a')], 100)).toMatchObject({ ok: true, contentType: 'image/gif' });
    expect(await run([Buffer.from([0xff, 0xd8, 0xff])], 100)).toMatchObject({ ok: true, contentType: 'image/jpeg' });
    expect(await run([Buffer.from('GIF')], 100)).toMatchObject({ ok: false, status: 415 });
    expect(await run([], 100)).toMatchObject({ ok: false, status: 415 });
  });
});
