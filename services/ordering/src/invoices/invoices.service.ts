import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  type Caller,
  CustomersPatterns,
  type DeliveryDetails,
  type DeliveryDetailsRequest,
  type Invoice,
  type InvoiceCustomer,
  type InvoiceFilters,
  type InvoiceKind,
  InvoiceMessages,
  type InvoicesPage,
  OrderingMessages,
  type OrderStatus,
  PAGE_LIMIT_MAX,
  type PageCursor,
} from '@bakery/contracts';
import { CLOCK, type Clock, RpcClient } from '@bakery/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { creditNoteAmounts, type InvoiceAmounts, invoiceAmounts, invoiceNumber, invoiceYear } from '../domain/invoice-rules';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';
import { BakeryDetailsService } from './bakery-details.service';
import { invoiceListWhere, type InvoiceListWhere } from './invoice-list.query';
import { INVOICE_COLUMNS, type InvoiceRow, toInvoice } from './invoice.row';

/** How long counting a filtered list may take before the list goes without its total (as orders'). */
const COUNT_BUDGET_MS = 40;

/**
 * What issuing an order's invoice needs from other services, asked before its transaction opens
 * (a transaction never waits on NATS): the customer's address now.
 */
export interface InvoicePreparation {
  orderId: string;
  address: string | null;
}

/** The order as an invoice copies it. */
interface OrderForInvoice {
  customerId: string;
  status: OrderStatus;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  businessName: string | null;
  email: string;
  phone: string | null;
  items: { productId: string; productName: string; quantity: number; unitPrice: string; totalPrice: string; position: number }[];
}

/** An invoice before it has a number. */
interface InvoiceDraft {
  kind: InvoiceKind;
  orderId: string;
  customerId: string;
  creditedInvoiceId: string | null;
  amounts: InvoiceAmounts;
  customer: InvoiceCustomer;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
}

function isQueryCanceled(err: unknown): boolean {
  const code = (err as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (err as { code?: string }).code;
  return code === '57014';
}

/**
 * Invoices and credit notes. An invoice is issued in the transaction that marks its order
 * delivered (OrdersService calls `afterStatusChange` under the order's row lock), or on demand by
 * an admin; a cancellation of an invoiced order issues its credit note in the cancellation's
 * transaction. Each is an immutable copy (the order's money and lines, the customer with the
 * address customers has now, the bakery's details now), numbered gap-free per kind and year in the
 * bakery's time zone by `invoice_counters` (see migration Invoices1763700014500).
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly db: DataSource,
    private readonly rpc: RpcClient,
    private readonly bakery: BakeryDetailsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ORDERING_CONFIG) private readonly config: Pick<OrderingConfig, 'timeZone'>,
  ) {}

  // ---- issuing ----------------------------------------------------------------------------------

  /**
   * Before a status change's transaction: when the order may become invoiced by it (delivered,
   * not invoiced yet), the customer's address, asked of customers now. Null when there is nothing
   * to prepare (another status, an unknown order, an order with its invoice).
   */
  async prepareStatusChange(orderId: string, status: OrderStatus): Promise<InvoicePreparation | null> {
    if (status !== 'delivered') return null;
    const [order]: { customerId: string; invoiced: boolean }[] = await this.db.query(
      `SELECT customer_id AS "customerId", EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.kind = 'invoice') AS invoiced
         FROM orders o WHERE o.id = $1`,
      [orderId],
    );
    if (!order || order.invoiced) return null;
    return { orderId, address: await this.addressOf(order.customerId) };
  }

  /**
   * In the status change's transaction, the order's row locked and its new status written:
   * delivered issues its invoice (unless it has one: issued on demand before), cancelled issues
   * the credit note of its invoice (if it has one not credited yet).
   */
  async afterStatusChange(manager: EntityManager, orderId: string, status: OrderStatus, prepared: InvoicePreparation | null): Promise<void> {
    if (status === 'delivered') {
      if (await this.invoiceOf(manager, orderId, 'invoice')) return;
      // prepared is null only for an order that had its invoice, and invoices are never deleted
      if (!prepared || prepared.orderId !== orderId) throw new Error(`invoice of order ${orderId} not prepared`);
      await this.issueInvoice(manager, orderId, prepared.address);
    } else if (status === 'cancelled') {
      const invoice = await this.invoiceOf(manager, orderId, 'invoice');
      if (invoice && !(await this.invoiceOf(manager, orderId, 'credit-note'))) await this.issueCreditNote(manager, invoice);
    }
  }

  /**
   * POST /api/orders/:id/invoice: the order's invoice now, whatever its status but cancelled
   * (409), and only once (409 when it has one); an unknown order is 404.
   */
  async issueOnDemand(orderId: string): Promise<Invoice> {
    const [order]: { customerId: string }[] = await this.db.query(`SELECT customer_id AS "customerId" FROM orders WHERE id = $1`, [orderId]);
    if (!order) throw AppError.notFound(OrderingMessages.orderNotFound);
    const address = await this.addressOf(order.customerId);
    const row = await this.db.transaction(async (manager) => {
      // the order's row lock: a status change (delivered, cancelled) or another issue waits for this one, and then sees it
      const [locked]: { status: OrderStatus }[] = await manager.query(`SELECT status FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
      if (locked.status === 'cancelled') throw AppError.conflict(InvoiceMessages.orderCancelled, { status: locked.status });
      const existing = await this.invoiceOf(manager, orderId, 'invoice');
      if (existing) throw AppError.conflict(InvoiceMessages.alreadyIssued, { invoiceId: existing.id, number: existing.number });
      return this.issueInvoice(manager, orderId, address);
    });
    return toInvoice(row);
  }

  private async issueInvoice(manager: EntityManager, orderId: string, address: string | null): Promise<InvoiceRow> {
    const order = await this.orderForInvoice(manager, orderId);
    return this.insert(manager, {
      kind: 'invoice',
      orderId,
      customerId: order.customerId,
      creditedInvoiceId: null,
      amounts: invoiceAmounts(order),
      customer: { businessName: order.businessName, email: order.email, phone: order.phone, address },
      deliveryDate: order.deliveryDate,
      deliveryTimeSlot: order.deliveryTimeSlot,
    });
  }

  /** The credit note of `invoice`: its money negated, the same customer as billed; the bakery's details now. */
  private async issueCreditNote(manager: EntityManager, invoice: InvoiceRow): Promise<InvoiceRow> {
    return this.insert(manager, {
      kind: 'credit-note',
      orderId: invoice.orderId,
      customerId: invoice.customerId,
      creditedInvoiceId: invoice.id,
      amounts: creditNoteAmounts(invoice),
      customer: invoice.customer,
      deliveryDate: invoice.deliveryDate,
      deliveryTimeSlot: invoice.deliveryTimeSlot,
    });
  }

  /**
   * Numbers and writes an invoice. The number is the next of its kind and year, taken from
   * `invoice_counters` by one upsert that locks the counter's row until this transaction ends: the
   * next issue of the kind waits for it, and a rollback gives the number back, so there is no gap
   * and no duplicate.
   */
  private async insert(manager: EntityManager, draft: InvoiceDraft): Promise<InvoiceRow> {
    const issuedAt = this.clock.now();
    const year = invoiceYear(issuedAt, this.config.timeZone);
    const [{ sequence }]: { sequence: number }[] = await manager.query(
      `INSERT INTO invoice_counters (kind, year, last_number) VALUES ($1, $2, 1)
       ON CONFLICT (kind, year) DO UPDATE SET last_number = invoice_counters.last_number + 1
       RETURNING last_number AS sequence`,
      [draft.kind, year],
    );
    const bakery = await this.bakery.get(manager);
    const { lines, subtotal, deliveryFee, tax, total } = draft.amounts;
    const [row]: InvoiceRow[] = await manager.query(
      `INSERT INTO invoices (id, number, kind, year, sequence, order_id, customer_id, credited_invoice_id, subtotal, delivery_fee, tax, total,
                             lines, customer, bakery, delivery_date, delivery_time_slot, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $15::jsonb, $16::date, $17, $18)
       RETURNING ${INVOICE_COLUMNS}`,
      [
        randomUUID(),
        invoiceNumber(draft.kind, year, sequence),
        draft.kind,
        year,
        sequence,
        draft.orderId,
        draft.customerId,
        draft.creditedInvoiceId,
        subtotal,
        deliveryFee,
        tax,
        total,
        JSON.stringify(lines),
        JSON.stringify(draft.customer),
        JSON.stringify(bakery),
        draft.deliveryDate,
        draft.deliveryTimeSlot,
        issuedAt,
      ],
    );
    return row;
  }

  private async orderForInvoice(manager: EntityManager, orderId: string): Promise<OrderForInvoice> {
    const [order]: OrderForInvoice[] = await manager.query(
      `SELECT o.customer_id AS "customerId", o.status, o.subtotal, o.delivery_fee AS "deliveryFee", o.tax, o.total,
              to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate", o.delivery_time_slot AS "deliveryTimeSlot",
              o.customer_business_name AS "businessName", o.customer_email AS email, o.customer_phone AS phone,
              coalesce((SELECT json_agg(json_build_object('productId', i.product_id, 'productName', i.product_name, 'quantity', i.quantity,
                                                          'unitPrice', i.unit_price::text, 'totalPrice', i.total_price::text, 'position', i.position)
                                        ORDER BY i.position, i.id)
                          FROM order_items i WHERE i.order_id = o.id), '[]'::json) AS items
         FROM orders o WHERE o.id = $1`,
      [orderId],
    );
    if (!order) throw AppError.notFound(OrderingMessages.orderNotFound);
    return order;
  }

  private async invoiceOf(manager: EntityManager, orderId: string, kind: InvoiceKind): Promise<InvoiceRow | null> {
    const [row]: InvoiceRow[] = await manager.query(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE order_id = $1 AND kind = $2`, [orderId, kind]);
    return row ?? null;
  }

  /** The customer's address as customers has it now (null when it has none, or no profile). */
  private async addressOf(customerId: string): Promise<string | null> {
    const request: DeliveryDetailsRequest = { userIds: [customerId] };
    const details = await this.rpc.request<DeliveryDetails[]>(CustomersPatterns.deliveryDetails, request);
    return details.find((d) => d.userId === customerId)?.address ?? null;
  }

  // ---- reading and paying -----------------------------------------------------------------------

  /**
   * Customers get their own invoices (naming a customer is 403), admins every one, narrowed by
   * `filters`; newest first, a page of `limit` at a time after `after`; with `withTotal` the count
   * of every match when it fits COUNT_BUDGET_MS (null otherwise).
   */
  async list(caller: Caller, after: PageCursor | null, limit = PAGE_LIMIT_MAX, filters: InvoiceFilters = {}, withTotal = false): Promise<InvoicesPage> {
    if (caller.role !== 'admin' && filters.customerId !== undefined) throw AppError.forbidden(InvoiceMessages.adminOnly);
    const where = invoiceListWhere(caller, filters, after, this.config.timeZone);
    const [rows, total] = await Promise.all([
      this.db.query(`SELECT ${INVOICE_COLUMNS} FROM invoices ${where.sql} ORDER BY issued_at DESC, id DESC LIMIT $${where.params.length + 1}`, [
        ...where.params,
        limit,
      ]) as Promise<InvoiceRow[]>,
      withTotal ? this.countWithinBudget(invoiceListWhere(caller, filters, null, this.config.timeZone)) : Promise.resolve(undefined),
    ]);
    const last = rows[rows.length - 1];
    return {
      invoices: rows.map(toInvoice),
      next: rows.length === limit ? { createdAt: last.at, id: last.id } : null,
      ...(total === undefined ? {} : { total }),
    };
  }

  private async countWithinBudget(where: InvoiceListWhere): Promise<number | null> {
    try {
      return await this.db.transaction(async (manager) => {
        await manager.query(`SET LOCAL statement_timeout = ${COUNT_BUDGET_MS}`);
        await manager.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
        const [{ n }]: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM invoices ${where.sql}`, where.params);
        return n;
      });
    } catch (err) {
      if (isQueryCanceled(err)) return null;
      throw err;
    }
  }

  /** One invoice; someone else's is as unknown as one that does not exist (404). */
  async get(caller: Caller, id: string): Promise<Invoice> {
    const [row]: InvoiceRow[] = await this.db.query(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE id = $1`, [id]);
    if (!row || (caller.role !== 'admin' && row.customerId !== caller.userId)) throw AppError.notFound(InvoiceMessages.notFound);
    return toInvoice(row);
  }

  /** Marks it paid (keeping when it first was) or unpaid; the one thing about an invoice that changes. */
  async setPaid(id: string, paid: boolean): Promise<Invoice> {
    const [[row]]: [InvoiceRow[], number] = await this.db.query(
      `UPDATE invoices SET paid = $2, paid_at = CASE WHEN $2 THEN coalesce(paid_at, $3::timestamptz) END
        WHERE id = $1 RETURNING ${INVOICE_COLUMNS}`,
      [id, paid, this.clock.now()],
    );
    if (!row) throw AppError.notFound(InvoiceMessages.notFound);
    return toInvoice(row);
  }
}
