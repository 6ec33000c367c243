import { apiJson, putFile } from '@/lib/api-client';

/** Spec section 8's upload messages; anything unforeseen is 'Failed to upload photo'. */
export const UploadMessages = {
  uploadUrl: 'Failed to get upload URL',
  upload: 'S3 upload failed',
  register: 'Failed to set image policy',
  noObjectPath: 'No objectPath in response',
  other: 'Failed to upload photo',
} as const;

export class PhotoUploadError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message);
    this.name = 'PhotoUploadError';
  }
}

/**
 * The photo upload flow (spec section 4): ask for an upload URL, PUT the file to it, register the
 * image for access, and answer its object path (what a product's imageUrl holds).
 */
export async function uploadProductPhoto(file: File): Promise<string> {
  let uploadURL: string | undefined;
  try {
    uploadURL = (await apiJson<{ uploadURL?: string }>('POST', '/api/objects/upload')).uploadURL;
  } catch (err) {
    throw new PhotoUploadError(UploadMessages.uploadUrl, err);
  }
  if (!uploadURL) throw new PhotoUploadError(UploadMessages.uploadUrl);

  try {
    await putFile(uploadURL, file);
  } catch (err) {
    throw new PhotoUploadError(UploadMessages.upload, err);
  }

  let answer: { objectPath?: string } | undefined;
  try {
    answer = await apiJson<{ objectPath?: string }>('PUT', '/api/products/images', { imageURL: uploadURL });
  } catch (err) {
    throw new PhotoUploadError(UploadMessages.register, err);
  }
  if (!answer?.objectPath) throw new PhotoUploadError(UploadMessages.noObjectPath);
  return answer.objectPath;
}

/** The toast text for whatever the upload threw. */
export function uploadErrorMessage(err: unknown): string {
  return err instanceof PhotoUploadError ? err.message : UploadMessages.other;
}
