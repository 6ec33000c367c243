import sharp from 'sharp';

/** What thumbnails are served as: every browser the web app supports shows WebP. */
export const THUMBNAIL_TYPE = 'image/webp';

/**
 * Thumbnails are this wide at most: lists show photos 36-88 px tall (the catalogue's desktop card
 * about 300 px wide), so this is sharp on a phone's 2x screen and a fraction of a photo's bytes.
 */
export const THUMBNAIL_WIDTH = 320;

/** Raised whenever the recipe below changes, so that no cache keeps a thumbnail of the old one. */
const RECIPE = 't1';

/**
 * A list's copy of a registered photo: at most THUMBNAIL_WIDTH wide (never enlarged), its aspect
 * kept, as WebP; an animated image gives its first frame. The photo was decoded whole when it was
 * registered (and its pixels counted), so this reads a known-good image.
 */
export function makeThumbnail(photo: Buffer, maxPixels: number): Promise<Buffer> {
  return sharp(photo, { limitInputPixels: maxPixels, failOn: 'error' })
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 72, effort: 4 })
    .toBuffer();
}

/** The thumbnail's ETag, from its photo's (the thumbnail is a function of the photo's bytes). */
export function thumbnailEtag(photoEtag: string): string {
  return `"${RECIPE}-${photoEtag.replace(/^(W\/)?"|"$/g, '')}"`;
}
