import { AccountBookOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { invoicesOf, useInvoiceList } from '../api/invoices';
import { InvoiceCard } from './invoice-card';
import './invoices.css';

const NO_FILTERS = {};

/**
 * A customer's own invoices and credit notes (GET /api/invoices answers only theirs), newest first,
 * each with Download PDF: shown in Order History (composed in app/routes).
 */
export function CustomerInvoices() {
  const invoices = useInvoiceList(NO_FILTERS);
  const list = invoicesOf(invoices.data);
  if (invoices.isLoading) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (invoices.isError) return <LoadError icon={<AccountBookOutlined />} title="Invoices could not be loaded" query={invoices} />;
  if (list.length === 0) {
    return <EmptyState icon={<AccountBookOutlined />} title="No invoices yet" hint="An invoice is issued when an order has been delivered." />;
  }
  return (
    <div className="customer-invoices">
      <ul className="invoice-list" aria-label="Invoices">
        {list.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} />
        ))}
      </ul>
      <LoadMore query={invoices} what="invoices" />
    </div>
  );
}

export default CustomerInvoices;
