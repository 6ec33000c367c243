import type { Pricing, ReservedLine, StockShortfall } from '@bakery/contracts';
import { computeTotals } from './totals';

/** What an item of a delivery is called when its product has left the catalogue. */
export const GONE_PRODUCT_NAME = 'Product no longer available';

export interface DeliveryItem {
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: string;
  totalPrice: string;
  shortfall: number;
}

export interface PricedDelivery {
  /** whether anything at all is delivered */
  delivered: boolean;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  items: DeliveryItem[];
}

/**
 * A standing order's delivery priced from what catalog could reserve: every requested line
 * becomes an item (in the order asked), with the units reserved and the units short; only
 * reserved units are charged (at catalog's current price), and a delivery with nothing in it is
 * charged nothing at all, delivery fee and tax included.
 */
export function priceDelivery(
  requested: readonly { productId: string; quantity: number }[],
  reserved: readonly ReservedLine[],
  shortfalls: readonly StockShortfall[],
  pricing: Pricing,
): PricedDelivery {
  const byProduct = new Map(reserved.map((l) => [l.productId.toLowerCase(), l]));
  const shortBy = new Map(shortfalls.map((s) => [s.productId.toLowerCase(), s]));
  const totals = reserved.length > 0 ? computeTotals([...reserved], pricing) : null;
  const lineTotal = new Map(reserved.map((l, i) => [l.productId.toLowerCase(), totals!.lineTotals[i]]));
  const items = requested.map((line) => {
    const id = line.productId.toLowerCase();
    const got = byProduct.get(id);
    const short = shortBy.get(id);
    const quantity = got?.quantity ?? 0;
    return {
      productId: id,
      productName: got?.name ?? short?.name ?? GONE_PRODUCT_NAME,
      quantity,
      unitPrice: got?.unitPrice ?? short?.unitPrice ?? '0.00',
      totalPrice: lineTotal.get(id) ?? '0.00',
      shortfall: Math.max(0, line.quantity - quantity),
    };
  });
  if (!totals) return { delivered: false, subtotal: '0.00', deliveryFee: '0.00', tax: '0.00', total: '0.00', items };
  return { delivered: true, subtotal: totals.subtotal, deliveryFee: totals.deliveryFee, tax: totals.tax, total: totals.total, items };
}
