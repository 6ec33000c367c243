import { CustomerInvoices } from '@/features/invoices/components/customer-invoices';
import OrdersPage from '@/features/orders/components/orders-page';

/**
 * Order History with a customer's invoices in a tab beside their orders (issue 18). Composed here,
 * in app/: a feature reaches another only through its api/ folder, so Order History takes the
 * invoices' list as a prop rather than importing the invoices' components.
 */
export function OrdersRoute() {
  return <OrdersPage invoices={<CustomerInvoices />} />;
}

export default OrdersRoute;
