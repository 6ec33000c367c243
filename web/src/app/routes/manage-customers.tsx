import ManageCustomersPage from '@/features/customers/components/manage-customers-page';
import { CustomerStandingOrders } from '@/features/standing-orders/components/customer-standing-orders';

/** A customer's standing orders, shown in their details: the standing-orders feature's section, handed to Manage Customers. */
const standingOrders = (customerId: string) => <CustomerStandingOrders customerId={customerId} />;

/**
 * Manage Customers with each customer's standing orders in their details. Composed here, in app/:
 * a feature reaches another only through its api/ folder, so Manage Customers takes the section
 * as a prop rather than importing the standing orders' components.
 */
export function ManageCustomersRoute() {
  return <ManageCustomersPage customerSection={standingOrders} />;
}

export default ManageCustomersRoute;
