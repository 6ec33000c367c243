import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { StockBadge } from '@/components/ui/stock-badge';
import { notify } from '@/components/ui/toast-store';
import { useAddToCart, useQuantityInCart } from '@/features/cart/api/cart';
import { formatAmount } from '@/lib/money';
import { canAddToCart } from '../filters';
import type { Product } from '@contracts/catalog';
import './products.css';

function useAddButton(product: Product, canOrder: boolean) {
  const [chosen, setQuantity] = useState(1);
  const add = useAddToCart();
  // what this customer already has in the cart counts against the stock (the server refuses more)
  const inCart = useQuantityInCart(product.id, canOrder);
  const available = Math.max(0, product.stock - inCart);
  const quantity = Math.max(1, Math.min(chosen, available));
  const enabled = canAddToCart(product, add.isPending) && available > 0;
  const onAdd = () => {
    add.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: () => {
          notify.success('Product added to cart!');
          setQuantity(1);
        },
        onError: (err) => notify.failed('Failed to add product to cart', err),
      },
    );
  };
  return { quantity, setQuantity, adding: add.isPending, enabled, onAdd, available, inCart };
}

/** Desktop card: image, name, price, stock and badge, a numeric stepper, Add to Cart. */
export function ProductCard({ product, canOrder, photoFirst = false }: { product: Product; canOrder: boolean; photoFirst?: boolean }) {
  const { quantity, setQuantity, adding, enabled, onAdd, available, inCart } = useAddButton(product, canOrder);
  return (
    <Card className="product-card" cover={<ProductImage product={product} className="product-image" first={photoFirst} />}>
      <article aria-label={product.name}>
        <div className="product-head">
          <h2 className="product-name" title={product.name}>
            {product.name}
          </h2>
          <StockBadge stock={product.stock} />
        </div>
        {product.description && (
          <p className="product-description" title={product.description}>
            {product.description}
          </p>
        )}
        <div className="product-meta">
          <span className="product-price">{formatAmount(product.price)}</span>
          <span className="product-stock">{product.stock} in stock</span>
        </div>
        {canOrder && inCart > 0 && <p className="product-in-cart">{inCart} in your cart</p>}
        {canOrder && (
          <div className="product-actions">
            <QuantityStepper
              value={quantity}
              min={1}
              max={available}
              onChange={setQuantity}
              itemName={product.name}
              editable
              disabled={available <= 0}
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
export function ProductRow({ product, canOrder, photoFirst = false }: { product: Product; canOrder: boolean; photoFirst?: boolean }) {
  const { quantity, setQuantity, adding, enabled, onAdd, available, inCart } = useAddButton(product, canOrder);
  return (
    <article className="product-row" aria-label={product.name}>
      <div className="product-row-top">
        <ProductImage product={product} className="product-row-image" first={photoFirst} />
        <div className="product-row-info">
          <h2 className="product-name" title={product.name}>
            {product.name}
          </h2>
          <div className="product-meta">
            <span className="product-price">{formatAmount(product.price)}</span>
            <StockBadge stock={product.stock} />
          </div>
          <span className="product-stock">{product.stock} in stock</span>
          {canOrder && inCart > 0 && <span className="product-in-cart">{inCart} in your cart</span>}
        </div>
      </div>
      {canOrder && (
        <div className="product-actions">
          <QuantityStepper value={quantity} min={1} max={available} onChange={setQuantity} itemName={product.name} disabled={available <= 0} />
          <Button type="primary" icon={<ShoppingCartOutlined />} disabled={!enabled} onClick={onAdd} className="add-button">
            {adding ? 'Adding...' : 'Add to Cart'}
          </Button>
        </div>
      )}
    </article>
  );
}
