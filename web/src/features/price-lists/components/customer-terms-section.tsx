import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { isApiError } from '@/lib/api-client';
import { formatAmount } from '@/lib/money';
import { useCustomerTerms, usePriceList, usePricingSettings, useTermsAudit, type CustomerTerms, type CustomerTermsAuditEntry, type PricingSettings } from '../api/price-lists';
import { auditValueText, TERMS_AMOUNTS, TERMS_LABELS, type TermsAmount } from '../terms-form';
import { CustomerTermsDialog } from './customer-terms-dialog';
import './price-lists.css';

/**
 * Manage Customers, in a customer's details (issue 19): their terms (price list, minimum order,
 * delivery fee and free-delivery threshold, each their own or the bakery's, and a hold with its
 * reason, for admins only), Edit, and every change to them: who, when, old and new value.
 */
export function CustomerTermsSection({ customerId }: { customerId: string }) {
  const terms = useCustomerTerms(customerId);
  const bakery = usePricingSettings();
  const [editing, setEditing] = useState(false);
  const headingId = `customer-terms-${customerId}`;

  return (
    <section aria-labelledby={headingId} className="customer-terms">
      <div className="customer-terms-head">
        <h3 id={headingId} className="customer-orders-title">
          Terms
        </h3>
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!terms.data}>
          Edit terms
        </Button>
      </div>
      {terms.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : terms.isError || !terms.data ? (
        <LoadError inline title="Terms could not be loaded" query={terms} />
      ) : (
        <TermsSummary terms={terms.data} bakery={bakery.data} />
      )}
      <TermsHistory customerId={customerId} />
      {editing && terms.data && <CustomerTermsDialog customerId={customerId} saved={terms.data} bakery={bakery.data} onClose={() => setEditing(false)} />}
    </section>
  );
}

/** "$25.00", or the bakery's: "Bakery default ($20.00)", "Bakery default (none)". */
export function termsAmountText(own: string | null, bakery: string | null | undefined): string {
  if (own !== null) return formatAmount(own);
  if (bakery === undefined) return 'Bakery default';
  return `Bakery default (${bakery === null ? 'none' : formatAmount(bakery)})`;
}

function TermsSummary({ terms, bakery }: { terms: CustomerTerms; bakery: PricingSettings | undefined }) {
  const bakeryValue = (field: TermsAmount) => (bakery ? bakery[field] ?? null : undefined);
  return (
    <>
      {terms.onHold && (
        <Alert
          type="error"
          showIcon
          className="customer-hold"
          title="Account on hold: ordering is blocked"
          description={
            <>
              <span className="visually-hidden">Reason: </span>
              {terms.holdReason ?? 'No reason given'}
              <span className="muted"> · only administrators see this reason</span>
            </>
          }
        />
      )}
      <dl className="customer-terms-grid" aria-label="Terms">
        <div>
          <dt>{TERMS_LABELS.priceListId}</dt>
          <dd>{terms.priceListId ? <PriceListName id={terms.priceListId} /> : 'Default prices'}</dd>
        </div>
        {TERMS_AMOUNTS.map((field) => (
          <div key={field}>
            <dt>{TERMS_LABELS[field]}</dt>
            <dd className={terms[field] === null ? 'muted' : undefined}>{termsAmountText(terms[field], bakeryValue(field))}</dd>
          </div>
        ))}
        <div>
          <dt>{TERMS_LABELS.onHold}</dt>
          <dd>{terms.onHold ? <Tag color="red">On hold</Tag> : <Tag color="green">Active</Tag>}</dd>
        </div>
      </dl>
    </>
  );
}

/** A price list's name by its id (a list deleted since is named so). */
function PriceListName({ id }: { id: string }) {
  const list = usePriceList(id);
  if (list.data) return <>{list.data.name}</>;
  if (isApiError(list.error, 404)) return <span className="muted">A deleted list</span>;
  return <span className="muted">{list.isLoading ? 'Loading...' : 'A price list'}</span>;
}

function AuditValue({ entry, value }: { entry: CustomerTermsAuditEntry; value: string | null }) {
  if (entry.field === 'priceListId' && value !== null) return <PriceListName id={value} />;
  return <>{auditValueText(entry.field, value, () => 'A price list')}</>;
}

const when = (at: string) =>
  new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The changes to the terms, newest first, page by page. */
function TermsHistory({ customerId }: { customerId: string }) {
  const audit = useTermsAudit(customerId);
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="customer-terms-history">
      <h4 className="customer-terms-history-title">Changes to terms</h4>
      {audit.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : audit.isError ? (
        <LoadError inline title="The changes could not be loaded" query={audit} />
      ) : entries.length === 0 ? (
        <p className="muted">No changes yet: the bakery’s terms and default prices apply.</p>
      ) : (
        <>
          <ul className="terms-audit" aria-label="Changes to terms">
            {entries.map((entry) => (
              <li key={entry.id} className="terms-audit-entry">
                <div className="terms-audit-change">
                  <strong>{TERMS_LABELS[entry.field] ?? entry.field}</strong>:{' '}
                  <span className="terms-audit-old">
                    <AuditValue entry={entry} value={entry.oldValue} />
                  </span>{' '}
                  <span aria-hidden="true">→</span> <span className="visually-hidden">changed to</span>{' '}
                  <span className="terms-audit-new">
                    <AuditValue entry={entry} value={entry.newValue} />
                  </span>
                </div>
                <div className="muted terms-audit-meta">
                  {when(entry.at)} · {entry.changedBy.name ?? 'An administrator'}
                </div>
              </li>
            ))}
          </ul>
          <LoadMore query={audit} what="changes" />
        </>
      )}
    </div>
  );
}
