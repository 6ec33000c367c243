import type { BakeryDetails, DeliveryTimeSlot, Invoice, InvoiceCustomer, InvoiceKind, InvoiceLine } from '@bakery/contracts';
import { orderNumberOf } from '../domain/invoice-rules';

/** An `invoices` row as the queries select it (INVOICE_COLUMNS). */
export interface InvoiceRow {
  id: string;
  number: string;
  kind: InvoiceKind;
  orderId: string;
  customerId: string;
  creditedInvoiceId: string | null;
  /** numeric(10,2) comes back from pg as a string: exactly what the wire carries */
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  lines: InvoiceLine[];
  customer: InvoiceCustomer;
  bakery: BakeryDetails;
  deliveryDate: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  issuedAt: Date;
  paid: boolean;
  paidAt: Date | null;
  /** issued_at as Postgres writes it, to the microsecond: the list's cursor */
  at: string;
}

/** The columns of InvoiceRow, for `SELECT ${INVOICE_COLUMNS} FROM invoices` (and RETURNING). */
export const INVOICE_COLUMNS = `id, number, kind, order_id AS "orderId", customer_id AS "customerId", credited_invoice_id AS "creditedInvoiceId",
  subtotal, delivery_fee AS "deliveryFee", tax, total, lines, customer, bakery,
  to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate", delivery_time_slot AS "deliveryTimeSlot",
  issued_at AS "issuedAt", paid, paid_at AS "paidAt",
  to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`;

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    orderId: row.orderId,
    orderNumber: orderNumberOf(row.orderId),
    customerId: row.customerId,
    creditedInvoiceId: row.creditedInvoiceId,
    issuedAt: row.issuedAt.toISOString(),
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    tax: row.tax,
    total: row.total,
    paid: row.paid,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    lines: row.lines,
    customer: row.customer,
    bakery: row.bakery,
    deliveryDate: row.deliveryDate,
    deliveryTimeSlot: row.deliveryTimeSlot,
  };
}
