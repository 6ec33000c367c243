import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AddToCartRequest,
  AppError,
  CART_LINE_MAX,
  CartLine,
  CartProduct,
  isLiveProduct,
  OrderingMessages,
  parseAmount,
  priceResolver,
  Product,
  UpdateCartLineRequest,
} from '@bakery/contracts';
import { Repository } from 'typeorm';
import { CatalogClient, isLive } from '../catalog/catalog.client';
import { CustomerPriceLists } from '../pricing/customer-price-lists';
import { CartItem } from './cart-item.entity';

/** A cart line as the statements that write one answer it (CartItem's fields). */
const CART_ITEM_COLUMNS = `id, customer_id AS "customerId", product_id AS "productId", quantity, unit_price AS "unitPrice",
  claimed_by AS "claimedBy", claimed_at AS "claimedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A customer's price of a product (their price list's, else the default: libs/contracts customer-terms). */
type PriceOf = (productId: string, defaultPrice: string) => string;

/**
 * A customer's cart: one line per product, quantity 1 to 500 and never above the stock. Prices
 * are the customer's own (their price list, remembered until the customers service says it changed). Each line
 * remembers the price it was added (or its quantity last changed) at, so the cart can show a price
 * that changed since. A customer on hold keeps a cart (only ordering is refused). Editing a line that a placement holds (see OrdersService.place) takes it
 * back: the edit applies, and that placement fails with 409 instead of ordering what was there.
 */
@Injectable()
export class CartService {
  constructor(
    @InjectRepository(CartItem) private readonly items: Repository<CartItem>,
    private readonly catalog: CatalogClient,
    private readonly priceLists: CustomerPriceLists,
  ) {}

  async get(customerId: string): Promise<CartLine[]> {
    const [lines, priceOf] = await Promise.all([this.items.find({ where: { customerId }, order: { createdAt: 'ASC' } }), this.priceOf(customerId)]);
    const products = await this.catalog.products(lines.map((l) => l.productId));
    return lines.map((line) => toCartLine(line, products.get(line.productId), priceOf));
  }

  async count(customerId: string): Promise<{ count: number }> {
    return { count: await this.items.count({ where: { customerId } }) };
  }

  /** Adds to the product's line (or makes one). */
  async add(req: AddToCartRequest): Promise<CartLine> {
    const [products, priceOf] = await Promise.all([this.catalog.products([req.productId]), this.priceOf(req.customerId)]);
    const product = products.get(req.productId);
    if (!isLive(product)) throw AppError.notFound(OrderingMessages.productUnavailable);
    // a new line of this quantity would already be too much
    assertQuantity(req.quantity, product);
    // One statement, so two quick adds of the same product add up instead of racing, and the line
    // never passes the line maximum or the stock; it answers the line as it is now.
    const [row]: CartItem[] = await this.items.query(
      `INSERT INTO cart_items (customer_id, product_id, quantity, unit_price) VALUES ($1, $2, $3, $5)
       ON CONFLICT (customer_id, product_id)
       DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, unit_price = EXCLUDED.unit_price,
                     updated_at = now(), claimed_by = NULL, claimed_at = NULL
       WHERE cart_items.quantity + EXCLUDED.quantity <= $4
       RETURNING ${CART_ITEM_COLUMNS}`,
      [req.customerId, req.productId, req.quantity, Math.min(CART_LINE_MAX, product.stock), priceOf(product.id, product.price)],
    );
    if (row) return toCartLine(row, product, priceOf);
    // refused: what is in the line already says why (over the maximum, or the stock)
    const existing = await this.items.findOne({ where: { customerId: req.customerId, productId: req.productId } });
    assertQuantity((existing?.quantity ?? 0) + req.quantity, product);
    throw AppError.conflict('The cart changed meanwhile; please try again');
  }

  async update(req: UpdateCartLineRequest): Promise<CartLine> {
    const [line, priceOf] = await Promise.all([this.ownLine(req.customerId, req.lineId), this.priceOf(req.customerId)]);
    const product = (await this.catalog.products([line.productId])).get(line.productId);
    if (!isLive(product)) throw AppError.conflict(OrderingMessages.productUnavailable);
    assertQuantity(req.quantity, product);
    // one statement: the new quantity at today's price, and no placement holds the line any more
    const [[updated]]: [CartItem[], number] = await this.items.query(
      `UPDATE cart_items SET quantity = $3, unit_price = $4, updated_at = now(), claimed_by = NULL, claimed_at = NULL
        WHERE id = $1 AND customer_id = $2 RETURNING ${CART_ITEM_COLUMNS}`,
      [line.id, req.customerId, req.quantity, priceOf(product.id, product.price)],
    );
    // ordered (or removed) meanwhile
    if (!updated) throw AppError.notFound(OrderingMessages.cartLineNotFound);
    return toCartLine(updated, product, priceOf);
  }

  async remove(customerId: string, lineId: string): Promise<{ id: string }> {
    const line = await this.ownLine(customerId, lineId);
    await this.items.delete({ id: line.id });
    return { id: line.id };
  }

  /** A product left the catalogue: open carts drop it. */
  async dropProduct(productId: string): Promise<void> {
    await this.items.delete({ productId });
  }

  /** The customer's prices now (their list as the customers service last said, kept by its broadcasts). */
  private async priceOf(customerId: string): Promise<PriceOf> {
    return priceResolver(await this.priceLists.ruleOf(customerId));
  }

  /** Another customer's line is as unknown as a line that does not exist. */
  private async ownLine(customerId: string, lineId: string): Promise<CartItem> {
    const line = await this.items.findOne({ where: { id: lineId, customerId } });
    if (!line) throw AppError.notFound(OrderingMessages.cartLineNotFound);
    return line;
  }
}

function assertQuantity(quantity: number, product: Product): void {
  if (quantity > CART_LINE_MAX) {
    throw AppError.validation({ quantity: [OrderingMessages.quantityMax] });
  }
  if (quantity > product.stock) {
    throw AppError.conflict(OrderingMessages.quantityOverStock.replace('{stock}', String(product.stock)), {
      productId: product.id,
      available: product.stock,
    });
  }
}

function toCartLine(line: CartItem, product: Product | undefined, priceOf: PriceOf): CartLine {
  const price = product ? priceOf(product.id, product.price) : null;
  const cartProduct: CartProduct | null = product
    ? {
        id: product.id,
        name: product.name,
        description: product.description,
        // the customer's own price
        price: price!,
        imageUrl: product.imageUrl,
        stock: product.stock,
        // the customer's cart sees one flag: whether the product can still be ordered
        isActive: isLiveProduct(product),
      }
    : null;
  return {
    id: line.id,
    productId: line.productId,
    quantity: line.quantity,
    createdAt: line.createdAt.toISOString(),
    updatedAt: line.updatedAt.toISOString(),
    product: cartProduct,
    previousPrice: price !== null && line.unitPrice !== null && parseAmount(line.unitPrice) !== parseAmount(price) ? line.unitPrice : null,
  };
}
