import { S3ObjectStorage } from './s3-object-storage';

const ID = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b';

describe('S3ObjectStorage upload URLs (presigned offline, no server needed)', () => {
  const storage = new S3ObjectStorage({
    endpoint: 'http://minio:9000',
    bucket: 'bakery',
    region: 'us-east-1',
    credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
  });
  afterAll(() => storage.close());

  it('presigns a PUT of pending/<id> in the bucket, path style, for the given time', async () => {
    const url = new URL(await storage.uploadUrl(ID, 900));
    expect(url.origin).toBe('http://minio:9000');
    expect(url.pathname).toBe(`/bakery/pending/${ID}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // a browser's plain PUT cannot add checksum headers: none may be signed in
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
  });

  it('recognises its own upload URLs, with or without the query', async () => {
    const url = await storage.uploadUrl(ID, 900);
    expect(storage.idFromUploadUrl(url)).toBe(ID);
    expect(storage.idFromUploadUrl(`http://minio:9000/bakery/pending/${ID.toUpperCase()}`)).toBe(ID);
  });

  it.each([
    ['another host', `http://evil.example/bakery/pending/${ID}`],
    ['another port', `http://minio:9001/bakery/pending/${ID}`],
    ['another scheme', `https://minio:9000/bakery/pending/${ID}`],
    ['another bucket', `http://minio:9000/other/pending/${ID}`],
    ['the registered key', `http://minio:9000/bakery/images/${ID}`],
    ['a deeper key', `http://minio:9000/bakery/pending/${ID}/x`],
    ['a non-uuid key', 'http://minio:9000/bakery/pending/..%2Fimages%2Fx'],
    ['a relative URL', `/bakery/pending/${ID}`],
    ['garbage', 'not a url'],
  ])('refuses %s', (_what, url) => {
    expect(storage.idFromUploadUrl(url)).toBeUndefined();
  });

  it('keeps an endpoint path prefix in what it recognises', async () => {
    const behindProxy = new S3ObjectStorage({
      endpoint: 'https://files.example/s3/',
      bucket: 'bakery',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    const url = await behindProxy.uploadUrl(ID, 60);
    expect(new URL(url).pathname).toBe(`/s3/bakery/pending/${ID}`);
    expect(behindProxy.idFromUploadUrl(url)).toBe(ID);
    expect(behindProxy.idFromUploadUrl(`https://files.example/bakery/pending/${ID}`)).toBeUndefined();
    await behindProxy.close();
  });
});
