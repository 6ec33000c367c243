import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Product } from '@contracts/catalog';
import { OBJECT_PATH_PATTERN } from '@contracts/constants';
import './product-image.css';

/**
 * Every place shows photos small (120 px at most), so an uploaded photo is shown from its
 * thumbnail (320 px wide WebP, made by the gateway): a phone loads kilobytes, not the upload.
 */
export function thumbnailUrl(imageUrl: string): string {
  return OBJECT_PATH_PATTERN.test(imageUrl) ? `${imageUrl}/thumbnail` : imageUrl;
}

/**
 * A product's photo, or a placeholder when it has none or it fails to load (a thumbnail that fails
 * falls back to the photo itself first). Photos load lazily, except the `first` ones of a page (on
 * its first screen): those at once and ahead of the others.
 */
export function ProductImage({ product, className, first = false }: { product: Pick<Product, 'name' | 'imageUrl'>; className?: string; first?: boolean }) {
  const [failed, setFailed] = useState<{ url: string; attempts: number } | null>(null);
  const imageUrl = product.imageUrl;
  // failures of another photo (the product's photo changed) do not count against this one
  const attempts = failed && failed.url === imageUrl ? failed.attempts : 0;
  const sources = imageUrl ? [...new Set([thumbnailUrl(imageUrl), imageUrl])] : [];
  if (imageUrl && attempts < sources.length) {
    return (
      <img
        className={className}
        src={sources[attempts]}
        alt={product.name}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        onError={() => setFailed({ url: imageUrl, attempts: attempts + 1 })}
      />
    );
  }
  return (
    <div className={`${className ?? ''} image-placeholder`} role="img" aria-label={`${product.name}: no photo`}>
      <PictureOutlined />
    </div>
  );
}
