import { AccountBookOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Skeleton } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { notify } from '@/components/ui/toast-store';
import { listCountText } from '@/lib/paged-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsMobile } from '@/lib/use-is-mobile';
import { invoicesOf, useCustomerChoice, useCustomerChoices, useInvoiceList, useSetInvoicePaid, type CustomerChoice, type Invoice } from '../api/invoices';
import { isFiltered, listParamsOf, PAID_FILTER_OPTIONS, rangeProblem, readInvoiceFilters, writeInvoiceFilters, type InvoiceFilters } from '../invoices';
import { BakeryDetailsCard } from './bakery-details-card';
import { InvoiceCard } from './invoice-card';
import './invoices.css';

/** The filters in the URL, and a setter that changes some of them (the URL is replaced, not pushed). */
function useUrlInvoiceFilters(): [InvoiceFilters, (change: Partial<InvoiceFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (next: Partial<InvoiceFilters>) => setParams((current) => writeInvoiceFilters({ ...readInvoiceFilters(current), ...next }), { replace: true }),
    [setParams],
  );
  return [readInvoiceFilters(params), change];
}

const choiceName = (c: CustomerChoice): string =>
  c.businessName?.trim() || [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || c.email;

/**
 * Invoices (issue 18), for admins: every invoice and credit note, newest first, filtered by
 * customer, paid or unpaid and the day issued (in the URL), 20 at a time with "Load more"; mark one
 * paid or unpaid, download its PDF. Beside them, the bakery's details the invoices carry.
 */
export function InvoicesPage() {
  const mobile = useIsMobile();
  const [filters, setFilters] = useUrlInvoiceFilters();
  const problem = rangeProblem(filters.from, filters.to);
  // an impossible range asks the server nothing: the field says why
  const params = useMemo(() => listParamsOf(problem ? { ...filters, from: '', to: '' } : filters), [filters, problem]);
  const invoices = useInvoiceList(params);
  const setPaid = useSetInvoicePaid();
  const visible = invoicesOf(invoices.data);
  const total = invoices.data?.pages[0]?.total ?? null;
  const filtered = isFiltered(filters);

  const togglePaid = (invoice: Invoice) =>
    setPaid.mutate(
      { id: invoice.id, paid: !invoice.paid },
      {
        onSuccess: (saved) => notify.success(`${saved.number} marked as ${saved.paid ? 'paid' : 'unpaid'}`, 'Invoice updated'),
        onError: (err) => notify.failed('Failed to update the invoice', err),
      },
    );

  return (
    <div className={mobile ? 'invoices invoices-mobile' : 'invoices'}>
      <div className="invoices-main">
        <div className="invoices-toolbar">
          <CustomerFilter value={filters.customerId} onChange={(customerId) => setFilters({ customerId })} />
          <div className="filter-field">
            <label htmlFor="invoice-paid-filter" className="filter-label">
              Status
            </label>
            <Select
              id="invoice-paid-filter"
              value={filters.paid}
              onChange={(paid) => setFilters({ paid })}
              options={PAID_FILTER_OPTIONS.map((o) => ({ ...o }))}
              className="filter-select"
            />
          </div>
          <div className="filter-field">
            <label htmlFor="invoice-from" className="filter-label">
              Issued from
            </label>
            <Input id="invoice-from" type="date" value={filters.from} onChange={(e) => setFilters({ from: e.target.value })} className="filter-date" />
          </div>
          <div className="filter-field">
            <label htmlFor="invoice-to" className="filter-label">
              Issued to
            </label>
            <Input
              id="invoice-to"
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => setFilters({ to: e.target.value })}
              status={problem ? 'error' : undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'invoice-range-problem' : undefined}
              className="filter-date"
            />
          </div>
          {filtered && (
            <Button onClick={() => setFilters({ customerId: '', paid: 'all', from: '', to: '' })} className="invoices-clear">
              Clear filters
            </Button>
          )}
        </div>
        {problem && (
          <p id="invoice-range-problem" className="invoices-problem" role="alert">
            {problem}
          </p>
        )}

        {invoices.isLoading ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : invoices.isError ? (
          <LoadError icon={<AccountBookOutlined />} title="Invoices could not be loaded" query={invoices} />
        ) : visible.length === 0 && !filtered ? (
          <EmptyState
            icon={<AccountBookOutlined />}
            title="No invoices yet"
            hint="An invoice is issued when an order is marked delivered, or from an order's details in Manage Orders."
          />
        ) : visible.length === 0 ? (
          <EmptyState icon={<SearchOutlined />} title="No invoices found" hint="Try adjusting your customer, status or dates" />
        ) : (
          <>
            <p className="muted invoices-count" aria-live="polite">
              {listCountText(visible.length, total, filtered, ['invoice', 'invoices'])}
            </p>
            <ul className="invoice-list" aria-label="Invoices">
              {visible.map((invoice) => (
                <InvoiceCard
                  key={invoice.id}
                  invoice={invoice}
                  showCustomer
                  onTogglePaid={() => togglePaid(invoice)}
                  toggling={setPaid.isPending && setPaid.variables?.id === invoice.id}
                />
              ))}
            </ul>
            <LoadMore query={invoices} what="invoices" />
          </>
        )}
      </div>
      <div className="invoices-side">
        <BakeryDetailsCard />
      </div>
    </div>
  );
}

/** One customer or all: the first 20 matching what is typed (the server searches). */
function CustomerFilter({ value, onChange }: { value: string; onChange: (customerId: string) => void }) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(typed, 300);
  const choices = useCustomerChoices(q, { enabled: open || typed !== '' });
  const chosen = useCustomerChoice(value || undefined);
  const options = useMemo(() => {
    const list = choices.data ?? [];
    const withChosen = chosen.data && !list.some((c) => c.id === chosen.data!.id) ? [chosen.data, ...list] : list;
    return withChosen.map((c) => ({ value: c.id, label: choiceName(c) }));
  }, [choices.data, chosen.data]);
  return (
    <div className="filter-field invoice-customer-filter">
      <label htmlFor="invoice-customer-filter" className="filter-label">
        Customer
      </label>
      <Select
        id="invoice-customer-filter"
        showSearch={{ filterOption: false, onSearch: setTyped }}
        value={value || undefined}
        placeholder="All customers"
        allowClear
        onChange={(id?: string) => onChange(id ?? '')}
        onOpenChange={setOpen}
        options={options}
        loading={choices.isFetching}
        notFoundContent={choices.isFetching ? 'Searching...' : 'No customers found'}
        className="filter-select"
      />
    </div>
  );
}

export default InvoicesPage;
