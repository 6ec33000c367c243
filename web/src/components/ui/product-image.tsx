import { PictureOutlined } from '@ant-design/icons';
import { useEffect, useLayoutEffect, useState } from 'react';
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
const NEAR_PX = 200;
const NEAR_SCREEN = `${NEAR_PX}px 0px`;

/**
 * Whether the element has come near the screen (at once where IntersectionObserver is missing).
 * One already near when it is first laid out is known then, before the first paint (the observer
 * would only say so a frame later, and the photo would start a frame late).
 */
function useNearScreen(element: Element | null, watch: boolean): boolean {
  const [near, setNear] = useState(() => !watch || typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    if (near || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < window.innerHeight + NEAR_PX && bottom > -NEAR_PX) setNear(true);
  }, [near, element]);
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
 * falls back to the photo itself first). In a list of photos (`first` given), the `first` ones (the
 * page's first screen) load at once and ahead of the others, and the others only once they come
 * near the screen. A photo on its own (a dialog's preview, a cart line) loads lazily as the browser
 * sees fit, asked for at once.
 */
export function ProductImage({ product, className, first }: { product: Pick<Product, 'name' | 'imageUrl'>; className?: string; first?: boolean }) {
  const [failed, setFailed] = useState<{ url: string; attempts: number } | null>(null);
  const [element, setElement] = useState<HTMLImageElement | null>(null);
  const near = useNearScreen(element, first === false);
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
