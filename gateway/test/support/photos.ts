import type { ApiClient } from '@bakery/testing';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';

/**
 * A PNG built chunk by chunk from its header fields and its (deflated) pixel data, so a test can
 * make a header claim what the data does not hold. Colour type 2 is RGB, 6 is RGBA.
 */
export function pngFromChunks(width: number, height: number, idat: Buffer, colourType: 2 | 6 = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colourType;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A real picture of `width` x `height` in crust colours, in the format asked. */
export function realImage(format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png', width = 4, height = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0xc8, g: 0x8c, b: 0x3c } } })
    .toFormat(format)
    .toBuffer();
}

/** POST /api/objects/upload as `client`: the status and, on 200, the URL and the object id in it. */
export async function requestUploadUrl(client: ApiClient): Promise<{ status: number; body: any; uploadURL: string; id: string }> {
  const res = await client.post<{ uploadURL: string }>('/api/objects/upload');
  const uploadURL = res.status === 200 ? res.body.uploadURL : '';
  const id = /\/objects\/upload\/([0-9a-f-]{36})/.exec(uploadURL)?.[1] ?? '';
  return { status: res.status, body: res.body, uploadURL, id };
}

/** PUT of raw bytes to an upload URL (relative to the gateway), as a browser does it. */
export async function putBytes(baseUrl: string, uploadURL: string, bytes: Buffer, contentType = 'image/png'): Promise<number> {
  const res = await fetch(new URL(uploadURL, baseUrl), { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
  await res.text();
  return res.status;
}

/** PUT /api/products/images as `client`. */
export function registerUpload(client: ApiClient, uploadURL: string) {
  return client.put<{ objectPath?: string; message?: string; code?: string; errors?: Record<string, string[]> }>('/api/products/images', {
    imageURL: uploadURL,
  });
}

/** The web app's photo flow as `client`: upload URL, PUT, registration; answers the object path. */
export async function uploadPhoto(client: ApiClient, bytes?: Buffer): Promise<string> {
  const { status, uploadURL } = await requestUploadUrl(client);
  if (status !== 200) throw new Error(`upload URL: ${status}`);
  const put = await putBytes(client.baseUrl, uploadURL, bytes ?? (await realImage()));
  if (put !== 200) throw new Error(`upload: ${put}`);
  const registered = await registerUpload(client, uploadURL);
  if (registered.status !== 200 || !registered.body.objectPath) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return registered.body.objectPath;
}

