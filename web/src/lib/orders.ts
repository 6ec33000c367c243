import type { Order } from '@contracts/ordering';

/** The customer as the admin's order cards and dashboard name them: business name, else email. */
export const orderCustomerName = (order: Pick<Order, 'customer'>): string => order.customer?.businessName || order.customer?.email || 'Unknown customer';
