import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Product } from '@contracts/catalog';
import './product-image.css';

/** A product's photo, or a placeholder when it has none or it fails to load. */
export function ProductImage({ product, className }: { product: Pick<Product, 'name' | 'imageUrl'>; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (product.imageUrl && !broken) {
    return <img className={className} src={product.imageUrl} alt={product.name} loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <div className={`${className ?? ''} image-placeholder`} role="img" aria-label={`${product.name}: no photo`}>
      <PictureOutlined />
    </div>
  );
}
