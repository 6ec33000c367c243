import ManageCustomersPage from '@/features/customers/components/manage-customers-page';
import { CustomerTermsSection } from '@/features/price-lists/components/customer-terms-section';
import { CustomerStandingOrders } from '@/features/standing-orders/components/customer-standing-orders';

/**
 * More about a customer, shown in their details: their terms (issue 19: price list, minimum order,
 * delivery fee, free delivery, hold, and the changes to them) and their standing orders, the
 * price-lists and standing-orders features' sections, handed to Manage Customers.
 */
const customerSections = (customerId: string) => (
  <>
    <CustomerTermsSection customerId={customerId} />
    <CustomerStandingOrders customerId={customerId} />
  </>
);

/**
 * Manage Customers with each customer's terms and standing orders in their details. Composed
 * here, in app/: a feature reaches another only through its api/ folder, so Manage Customers takes
 * the sections as a prop rather than importing the other features' components.
 */
export function ManageCustomersRoute() {
  return <ManageCustomersPage customerSection={customerSections} />;
}

export default ManageCustomersRoute;
