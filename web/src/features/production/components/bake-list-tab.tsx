import { LockOutlined, ShoppingOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Modal, Skeleton, Tag } from 'antd';
import { useState, type MouseEvent } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/toast-store';
import { cutoffText, shortDate, useBakeryClock, useServerNow } from '@/lib/bakery-time';
import {
  documentFileName,
  documentPath,
  useBakeList,
  useBakeListCustomers,
  useRecordPrint,
  type BakeList,
  type BakeListProduct,
  type Paper,
} from '../api/production';
import { batchesText, CHANGE_LABELS, changeKind, changeText, customerName, groupByCategory, happenedAt, startDownload, totalUnits } from '../production';
import { DownloadLink } from './download-link';

const CHANGE_COLORS = { added: 'green', removed: 'red', changed: 'orange' } as const;

/**
 * The bake list of a date: every product's units by category (placed, and projected from standing
 * orders until the cut-off), customers and batches; the lock once the cut-off has passed; what
 * changed since it was last printed; a product's customers on a click. Download PDF records the
 * print first (the changes then count from it).
 */
export function BakeListTab({ date, paper, mobile }: { date: string; paper: Paper; mobile: boolean }) {
  const list = useBakeList(date);
  const [drill, setDrill] = useState<BakeListProduct | null>(null);
  const { timeZone, offsetMs } = useBakeryClock();
  const now = useServerNow(offsetMs, 60_000);

  if (list.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (list.isError || !list.data) return <LoadError icon={<ShoppingOutlined />} title="The bake list could not be loaded" query={list} />;
  const bake = list.data;
  const units = bake.products.reduce((sum, p) => sum + totalUnits(p), 0);
  const projected = bake.products.reduce((sum, p) => sum + p.projectedQuantity, 0);

  return (
    <div className="bake-list">
      <div className="production-doc-head">
        <div className="production-doc-status">
          {bake.locked ? (
            <Tag icon={<LockOutlined />} color="gold" className="production-lock">
              Locked: cut-off passed
            </Tag>
          ) : bake.cutoffAt ? (
            <Tag icon={<UnlockOutlined />} color="green" className="production-lock">
              Open until {cutoffText(bake.cutoffAt, timeZone, now)}
            </Tag>
          ) : null}
          <span className="muted" data-testid="bake-list-printed">
            {bake.printedAt ? `Last printed ${happenedAt(bake.printedAt, timeZone)}` : 'Not printed yet'}
          </span>
        </div>
        <BakeListDownloads date={date} paper={paper} />
      </div>

      {bake.products.length > 0 && (
        <p className="production-summary" aria-live="polite">
          <strong data-testid="bake-list-units">{units}</strong> {units === 1 ? 'unit' : 'units'} of {bake.products.length}{' '}
          {bake.products.length === 1 ? 'product' : 'products'}
          {projected > 0 && <span className="muted"> · {projected} projected from standing orders</span>}
        </p>
      )}

      <ChangesSincePrint bake={bake} />

      {bake.products.length === 0 ? (
        <EmptyState
          icon={<ShoppingOutlined />}
          title={`Nothing to bake for ${shortDate(date)}`}
          hint="No orders or standing orders deliver on this date yet."
        />
      ) : (
        groupByCategory(bake.products).map((group) => (
          <section key={group.category} className="bake-category" aria-label={group.label}>
            <h2 className="production-heading">{group.label}</h2>
            {mobile ? (
              <ul className="bake-cards">
                {group.rows.map((p) => (
                  <BakeCard key={p.productId} product={p} onOpen={() => setDrill(p)} />
                ))}
              </ul>
            ) : (
              <BakeTable rows={group.rows} onOpen={setDrill} />
            )}
          </section>
        ))
      )}

      <CustomersDialog date={date} product={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

/** Download PDF (the print is recorded, then the file comes) and Download CSV. */
function BakeListDownloads({ date, paper }: { date: string; paper: Paper }) {
  const record = useRecordPrint();
  const pdf = documentPath('bake-list', date, 'pdf', paper);
  const pdfName = documentFileName('bake-list', date, 'pdf');
  const onPdf = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    record.mutate(date, {
      onError: (err) => notify.failed('The print could not be recorded: changes will still count from the last one', err),
      // the baker gets the sheet either way
      onSettled: () => startDownload(pdf, pdfName),
    });
  };
  return (
    <div className="production-doc-actions">
      <DownloadLink href={pdf} fileName={pdfName} label="Download PDF" onClick={onPdf} loading={record.isPending} primary />
      <DownloadLink href={documentPath('bake-list', date, 'csv')} fileName={documentFileName('bake-list', date, 'csv')} label="Download CSV" />
    </div>
  );
}

/** Lines added, removed or changed since the last print (after amendments and cancellations). */
function ChangesSincePrint({ bake }: { bake: BakeList }) {
  if (!bake.printedAt) return null;
  if (bake.changes.length === 0) return <p className="muted production-no-changes">No changes since it was last printed.</p>;
  return (
    <Card title={<h2 className="production-heading">Changes since the last print</h2>} className="bake-changes" size="small">
      <ul className="bake-change-list" aria-label="Changes since the last print">
        {bake.changes.map((change) => {
          const kind = changeKind(change);
          return (
            <li key={`${change.productId}:${change.customerId}`} className="bake-change">
              <Tag color={CHANGE_COLORS[kind]} className="bake-change-tag">
                {CHANGE_LABELS[kind]}
              </Tag>
              <span className="bake-change-customer">{customerName(change.businessName)}</span>
              <span className="bake-change-text">{changeText(change)}</span>
            </li>
          );
        })}
      </ul>
      {(bake.changesTotal ?? 0) > bake.changes.length && <p className="muted bake-changes-more">and {bake.changesTotal - bake.changes.length} more</p>}
    </Card>
  );
}

function ProjectedTag({ units }: { units: number }) {
  return units > 0 ? (
    <Tag color="purple" className="projected-tag">
      {units} projected
    </Tag>
  ) : (
    <span className="muted">—</span>
  );
}

/** The product's name: a click shows who takes it. */
function ProductButton({ product, onOpen }: { product: BakeListProduct; onOpen: () => void }) {
  return (
    <Button type="link" className="bake-product-name" onClick={onOpen} aria-label={`Customers for ${product.name}`} title={product.name}>
      {product.name}
    </Button>
  );
}

function BakeTable({ rows, onOpen }: { rows: BakeListProduct[]; onOpen: (p: BakeListProduct) => void }) {
  return (
    <table className="production-table bake-table">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">
            Ordered
          </th>
          <th scope="col">Projected</th>
          <th scope="col" className="num">
            Total
          </th>
          <th scope="col" className="num">
            Customers
          </th>
          <th scope="col">Batches</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.productId} aria-label={p.name} data-product-id={p.productId}>
            <td>
              <ProductButton product={p} onOpen={() => onOpen(p)} />
            </td>
            <td className="num">{p.quantity}</td>
            <td>
              <ProjectedTag units={p.projectedQuantity} />
            </td>
            <td className="num bake-total" data-testid="bake-total">
              {totalUnits(p)}
            </td>
            <td className="num">{p.customers}</td>
            <td>{p.batches ? batchesText(p.batches) : <span className="muted">—</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BakeCard({ product: p, onOpen }: { product: BakeListProduct; onOpen: () => void }) {
  return (
    <li className="bake-card" aria-label={p.name} data-product-id={p.productId}>
      <div className="bake-card-head">
        <ProductButton product={p} onOpen={onOpen} />
        <span className="bake-total" data-testid="bake-total">
          {totalUnits(p)}
        </span>
      </div>
      <div className="bake-card-detail">
        <span>{p.quantity} ordered</span>
        {p.projectedQuantity > 0 && <ProjectedTag units={p.projectedQuantity} />}
        <span className="muted">
          {p.customers} {p.customers === 1 ? 'customer' : 'customers'}
        </span>
      </div>
      {p.batches && <div className="bake-card-batches">{batchesText(p.batches)}</div>}
    </li>
  );
}

/** Who takes a product on the date, and how many each (GET .../bake-list/customers). */
function CustomersDialog({ date, product, onClose }: { date: string; product: BakeListProduct | null; onClose: () => void }) {
  const customers = useBakeListCustomers(date, product?.productId ?? null);
  const rows = customers.data ?? [];
  return (
    <Modal
      title={product ? `${product.name} · ${shortDate(date)}` : 'Customers'}
      open={product !== null}
      onCancel={onClose}
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
      width={560}
    >
      {customers.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : customers.isError ? (
        <LoadError inline title="The customers could not be loaded" query={customers} />
      ) : rows.length === 0 ? (
        <p className="muted">No customer takes it on this date any more.</p>
      ) : (
        <table className="production-table bake-customers">
          <caption className="visually-hidden">Customers</caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={`${c.customerId}:${c.orderId ?? 'projected'}`}>
                <td className="production-wrap">{customerName(c.businessName)}</td>
                <td className="num">{c.quantity}</td>
                <td>
                  {c.projected ? (
                    <Tag color="purple" className="projected-tag">
                      Projected
                    </Tag>
                  ) : c.orderId ? (
                    `Order #${c.orderId.slice(-8)}`
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{rows.reduce((sum, c) => sum + c.quantity, 0)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </Modal>
  );
}
