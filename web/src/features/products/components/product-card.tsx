import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { StockBadge } from '@/components/ui/stock-badge';
import { notify } from '@/components/ui/toast-store';
import { useAddToCart } from '@/features/cart/api/cart';
import { formatAmount } from '@/lib/money';
import { canAddToCart } from '../filters';
import type { Product } from '@contracts/catalog';
import './products.css';

function useAddButton(product: Product) {
  const [quantity, setQuantity] = useState(1);
  const add = useAddToCart();
  const enabled = canAddToCart(product, add.isPending);
  const onAdd = () => {
    add.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: () => {
          notify.success('Product added to cart!');
          setQuantity(1);
        },
        onError: () => notify.error('Failed to add product to cart'),
      },
    );
  };
  return { quantity, setQuantity, adding: add.isPending, enabled, onAdd };
}

/** Desktop card: image, name, price, stock and badge, a numeric stepper, Add to Cart. */
export function ProductCard({ product, canOrder }: { product: Product; canOrder: boolean }) {
  const { quantity, setQuantity, adding, enabled, onAdd } = useAddButton(product);
  return (
    <Card className="product-card" cover={<ProductImage product={product} className="product-image" />}>
      <article aria-label={product.name}>
        <div className="product-head">
          <h2 className="product-name">{product.name}</h2>
          <StockBadge stock={product.stock} />
        </div>
        {product.description && <p className="product-description">{product.description}</p>}
        <div className="product-meta">
          <span className="product-price">{formatAmount(product.price)}</span>
          <span className="product-stock">{product.stock} in stock</span>
        </div>
        {canOrder && (
          <div className="product-actions">
            <QuantityStepper
              value={quantity}
              min={1}
              max={product.stock}
              onChange={setQuantity}
              itemName={product.name}
              editable
              disabled={product.stock <= 0}
            />
            <Button type="primary" icon={<ShoppingCartOutlined />} disabled={!enabled} onClick={onAdd} className="add-button">
              {adding ? 'Adding...' : 'Add to Cart'}
            </Button>
          </div>
        )}
      </article>
    </Card>
  );
}

/** Mobile row: small image beside the text, − quantity + and Add to Cart below. */
export function ProductRow({ product, canOrder }: { product: Product; canOrder: boolean }) {
  const { quantity, setQuantity, adding, enabled, onAdd } = useAddButton(product);
  return (
    <article className="product-row" aria-label={product.name}>
      <div className="product-row-top">
        <ProductImage product={product} className="product-row-image" />
        <div className="product-row-info">
          <h2 className="product-name">{product.name}</h2>
          <div className="product-meta">
            <span className="product-price">{formatAmount(product.price)}</span>
            <StockBadge stock={product.stock} />
          </div>
          <span className="product-stock">{product.stock} in stock</span>
        </div>
      </div>
      {canOrder && (
        <div className="product-actions">
          <QuantityStepper value={quantity} min={1} max={product.stock} onChange={setQuantity} itemName={product.name} disabled={product.stock <= 0} />
          <Button type="primary" icon={<ShoppingCartOutlined />} disabled={!enabled} onClick={onAdd} className="add-button">
            {adding ? 'Adding...' : 'Add to Cart'}
          </Button>
        </div>
      )}
    </article>
  );
}
