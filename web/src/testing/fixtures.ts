/** Complete API objects for the component tests, typed by the contracts; override what matters. */
import type { Product } from '@contracts/catalog';
import type { CartLine, Order, OrderItem } from '@contracts/ordering';
import type { User } from '@contracts/users';

const AT = '2026-11-21T10:00:00.000Z';

export function makeProduct(over: Partial<Product> = {}): Product {
  return {
    id: 'p',
    name: 'Product',
    description: null,
    price: '1.00',
    category: 'breads',
    imageUrl: null,
    stock: 50,
    lowStockThreshold: 10,
    reorderLevel: 5,
    reorderQuantity: 50,
    leadDays: 0,
    batchSize: null,
    supplier: null,
    isActive: true,
    reviewStatus: 'approved',
    submittedBy: null,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

export function makeOrderItem(name: string, quantity = 1, over: Partial<OrderItem> = {}): OrderItem {
  return { id: name, productId: name, quantity, unitPrice: '1.00', totalPrice: '1.00', product: { id: name, name }, shortfall: 0, ...over };
}

export function makeOrder(over: Partial<Order> = {}): Order {
  return {
    id: '00000000-0000-0000-0000-0000abcdef12',
    customerId: 'c1',
    status: 'pending',
    subtotal: '1.00',
    deliveryFee: '12.50',
    tax: '0.09',
    total: '13.59',
    deliveryDate: null,
    deliveryTimeSlot: null,
    specialInstructions: null,
    cutoffAt: null,
    standingOrderId: null,
    createdAt: AT,
    updatedAt: AT,
    customer: { businessName: 'Corner Coffee', email: 'cafe@demo.bakery', phone: null },
    orderItems: [makeOrderItem('Sourdough Loaf', 2)],
    ...over,
  };
}

export function makeCartLine(id: string, price: string | null, quantity: number): CartLine {
  return {
    id,
    productId: id,
    quantity,
    createdAt: AT,
    updatedAt: AT,
    product: price === null ? null : { id, name: id, description: null, price, imageUrl: null, stock: 100, isActive: true },
  };
}

export function makeUser(over: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'cafe@demo.bakery',
    role: 'customer',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    businessName: null,
    businessType: null,
    phone: null,
    address: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: AT,
    ...over,
  };
}
