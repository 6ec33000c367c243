import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Product } from '@contracts/catalog';
import './product-image.css';

/**
 * A product's photo, or a placeholder when it has none or it fails to load. Photos load lazily,
 * except the `first` ones of a page (on its first screen): those at once and ahead of the others.
 */
export function ProductImage({ product, className, first = false }: { product: Pick<Product, 'name' | 'imageUrl'>; className?: string; first?: boolean }) {
  const [broken, setBroken] = useState(false);
  if (product.imageUrl && !broken) {
    return (
      <img
        className={className}
        src={product.imageUrl}
        alt={product.name}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <div className={`${className ?? ''} image-placeholder`} role="img" aria-label={`${product.name}: no photo`}>
      <PictureOutlined />
    </div>
  );
}
