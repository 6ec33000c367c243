import { PictureOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
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
 * How near the screen a lazy photo starts loading: a row or two ahead of the scroll. The browser's
 * own lazy loading starts 1,250 px and more ahead (Chromium's threshold), which on a phone is a whole
 * catalogue page of photos fetched with the first screen's.
 */
const NEAR_SCREEN = '200px 0px';

/** Whether the element has come near the screen (at once where IntersectionObserver is missing). */
function useNearScreen(element: Element | null, watch: boolean): boolean {
  const [near, setNear] = useState(() => !watch || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: NEAR_SCREEN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return near;
}

/**
 * A product's photo, or a placeholder when it has none or it fails to load (a thumbnail that fails
 * falls back to the photo itself first). Photos load lazily (once near the screen), except the
 * `first` ones of a page (on its first screen): those at once and ahead of the others.
 */
export function ProductImage({ product, className, first = false }: { product: Pick<Product, 'name' | 'imageUrl'>; className?: string; first?: boolean }) {
  const [failed, setFailed] = useState<{ url: string; attempts: number } | null>(null);
  const [element, setElement] = useState<HTMLImageElement | null>(null);
  const near = useNearScreen(element, !first);
  const imageUrl = product.imageUrl;
  // failures of another photo (the product's photo changed) do not count against this one
  const attempts = failed && failed.url === imageUrl ? failed.attempts : 0;
  const sources = imageUrl ? [...new Set([thumbnailUrl(imageUrl), imageUrl])] : [];
  if (imageUrl && attempts < sources.length) {
    return (
      <img
        ref={setElement}
        className={className}
        src={near ? sources[attempts] : undefined}
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
