import type { Order } from '@bakery/contracts';
import type { OrderRow } from './order.entity';

/**
 * An order as the browser sees it: money as decimal strings, the customer and items as placed,
 * and until when it can be changed (`cutoffAt`, from the delivery schedule).
 */
export function toOrder(row: OrderRow, cutoffAt: Date | null): Order {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    tax: row.tax,
    total: row.total,
    deliveryDate: row.deliveryDate,
    deliveryTimeSlot: row.deliveryTimeSlot,
    specialInstructions: row.specialInstructions,
    cutoffAt: cutoffAt ? cutoffAt.toISOString() : null,
    standingOrderId: row.standingOrderId ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customer: { businessName: row.customerBusinessName, email: row.customerEmail, phone: row.customerPhone },
    orderItems: [...(row.items ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        id: item.id,
        productId: item.productId,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        totalPrice: item.totalPrice,
        product: { id: item.productId, name: item.productName },
        shortfall: item.shortfall ?? 0,
      })),
  };
}
