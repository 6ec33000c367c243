import { Button, Modal, Skeleton } from 'antd';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { usePriceListCustomers, type PriceList, type PriceListCustomer } from '../api/price-lists';

const customerName = (c: PriceListCustomer) => c.businessName?.trim() || c.email || 'A customer';

/** Which customers are on a list (page by page): a list in use cannot be deleted. */
export function PriceListCustomersDialog({ list, onClose }: { list: PriceList; onClose: () => void }) {
  const customers = usePriceListCustomers(list.id);
  const shown = customers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Modal
      title={`Customers on ${list.name}`}
      open
      onCancel={onClose}
      width={520}
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {customers.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : customers.isError ? (
        <LoadError inline title="The customers could not be loaded" query={customers} />
      ) : shown.length === 0 ? (
        <p className="muted">No customers are on this list. Choose it for a customer in Manage Customers, in their details.</p>
      ) : (
        <>
          <ul className="price-list-customers" aria-label={`Customers on ${list.name}`}>
            {shown.map((c) => (
              <li key={c.id} className="price-list-customer">
                <span className="price-list-customer-name">{customerName(c)}</span>
                {c.email && c.businessName && <span className="muted">{c.email}</span>}
              </li>
            ))}
          </ul>
          <LoadMore query={customers} what="customers" />
        </>
      )}
    </Modal>
  );
}
