import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { S3ObjectStorage } from './s3-object-storage';

const SETTINGS = { endpoint: 'http://minio:9000', bucket: 'bakery', region: 'us-east-1', credentials: { accessKeyId: 'key', secretAccessKey: 'secret' } };
const OLD = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b';
const OLDER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const FRESH = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

/** Answers the SDK's commands from a script, and records every command sent (no S3 server here). */
function fakeClient(answer: (command: unknown) => unknown) {
  const sent: unknown[] = [];
  return {
    sent,
    client: {
      send: jest.fn(async (command: unknown) => {
        sent.push(command);
        return answer(command);
      }),
      destroy: jest.fn(),
    },
  };
}

describe('S3ObjectStorage: sweeping uploads never registered', () => {
  const before = new Date('2026-11-21T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('lists pending/ page by page and deletes, one DELETE each, only uuid keys last modified before the cut-off', async () => {
    const pages: Record<string, unknown> = {
      first: {
        IsTruncated: true,
        NextContinuationToken: 'page-2',
        Contents: [
          { Key: `pending/${OLD}`, LastModified: at('2026-11-21T11:00:00Z') },
          { Key: `pending/${FRESH}`, LastModified: at('2026-11-21T12:00:00Z') }, // exactly at the cut-off: kept
          { Key: 'pending/not-ours.txt', LastModified: at('2020-01-01T00:00:00Z') },
        ],
      },
      'page-2': { IsTruncated: false, Contents: [{ Key: `pending/${OLDER}`, LastModified: at('2026-11-20T08:00:00Z') }] },
    };
    const { client, sent } = fakeClient((command) => {
      if (command instanceof ListObjectsV2Command) return pages[command.input.ContinuationToken ?? 'first'];
      if (command instanceof DeleteObjectCommand) return {};
      throw new Error(`unexpected ${command?.constructor.name}`);
    });
    const storage = new S3ObjectStorage(SETTINGS, client);

    expect(await storage.sweepUnregistered(before)).toBe(2);

    const lists = sent.filter((c): c is ListObjectsV2Command => c instanceof ListObjectsV2Command).map((c) => c.input);
    expect(lists).toEqual([
      { Bucket: 'bakery', Prefix: 'pending/', ContinuationToken: undefined },
      { Bucket: 'bakery', Prefix: 'pending/', ContinuationToken: 'page-2' },
    ]);
    const deletes = sent.filter((c): c is DeleteObjectCommand => c instanceof DeleteObjectCommand).map((c) => c.input);
    expect(deletes).toEqual([
      { Bucket: 'bakery', Key: `pending/${OLD}` },
      { Bucket: 'bakery', Key: `pending/${OLDER}` },
    ]);
    // registered images live under images/: never listed, never deleted
    expect(deletes.some((d) => d.Key?.startsWith('images/'))).toBe(false);
  });

  it('answers 0 for an empty prefix', async () => {
    const { client, sent } = fakeClient(() => ({ IsTruncated: false }));
    expect(await new S3ObjectStorage(SETTINGS, client).sweepUnregistered(before)).toBe(0);
    expect(sent).toHaveLength(1);
  });
});

describe('S3ObjectStorage: registration', () => {
  it('reads the whole pending object, only as long as it has the ETag that was checked', async () => {
    const { client, sent } = fakeClient(() => ({ Body: { transformToByteArray: async () => new Uint8Array([1, 2, 3]) } }));
    const bytes = await new S3ObjectStorage(SETTINGS, client).readUpload(OLD, '"etag-1"');
    expect([...bytes]).toEqual([1, 2, 3]);
    expect((sent[0] as GetObjectCommand).input).toEqual({ Bucket: 'bakery', Key: `pending/${OLD}`, IfMatch: '"etag-1"' });
  });

  it('copies the checked bytes to images/ with their type, then deletes the pending object', async () => {
    const { client, sent } = fakeClient(() => ({}));
    await new S3ObjectStorage(SETTINGS, client).markRegistered(OLD, 'image/png', '"etag-1"');
    expect(sent[0]).toBeInstanceOf(CopyObjectCommand);
    expect((sent[0] as CopyObjectCommand).input).toMatchObject({
      Key: `images/${OLD}`,
      CopySource: `bakery/pending/${OLD}`,
      CopySourceIfMatch: '"etag-1"',
      ContentType: 'image/png',
    });
    expect((sent[1] as DeleteObjectCommand).input).toEqual({ Bucket: 'bakery', Key: `pending/${OLD}` });
  });

  it('writes the picture without its metadata to images/ when there is a replacement', async () => {
    const { client, sent } = fakeClient(() => ({}));
    const stripped = Buffer.from('stripped jpeg');
    await new S3ObjectStorage(SETTINGS, client).markRegistered(OLD, 'image/jpeg', '"etag-1"', stripped);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toEqual({ Bucket: 'bakery', Key: `images/${OLD}`, Body: stripped, ContentType: 'image/jpeg' });
    expect((sent[1] as DeleteObjectCommand).input).toEqual({ Bucket: 'bakery', Key: `pending/${OLD}` });
  });
});

describe('S3ObjectStorage: thumbnails', () => {
  it('keeps a thumbnail at thumbnails/<id> as WebP and reads it back', async () => {
    const thumbnail = Buffer.from('webp bytes');
    const { client, sent } = fakeClient((command) => {
      if (command instanceof PutObjectCommand) return {};
      if (command instanceof GetObjectCommand) return { Body: { transformToByteArray: async () => new Uint8Array(thumbnail) } };
      throw new Error(`unexpected ${command?.constructor.name}`);
    });
    const storage = new S3ObjectStorage(SETTINGS, client);
    await storage.writeThumbnail(OLD.toUpperCase(), thumbnail);
    expect(await storage.readThumbnail(OLD)).toEqual(thumbnail);
    expect((sent[0] as PutObjectCommand).input).toMatchObject({ Bucket: 'bakery', Key: `thumbnails/${OLD}`, Body: thumbnail, ContentType: 'image/webp' });
    expect((sent[1] as GetObjectCommand).input).toEqual({ Bucket: 'bakery', Key: `thumbnails/${OLD}` });
  });

  it('answers undefined while none has been made (404), and passes on any other failure', async () => {
    const notFound = Object.assign(new Error('NoSuchKey'), { $metadata: { httpStatusCode: 404 } });
    const storage = new S3ObjectStorage(SETTINGS, fakeClient(() => Promise.reject(notFound)).client);
    expect(await storage.readThumbnail(OLD)).toBeUndefined();
    const down = Object.assign(new Error('SlowDown'), { $metadata: { httpStatusCode: 503 } });
    await expect(new S3ObjectStorage(SETTINGS, fakeClient(() => Promise.reject(down)).client).readThumbnail(OLD)).rejects.toThrow('SlowDown');
    // a key is made from a uuid only
    await expect(storage.readThumbnail('../images/x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
