import { Injectable } from '@nestjs/common';
import {
  addDays,
  type BakeList,
  type BakeListCustomer,
  type BakeListCustomersPage,
  CatalogPatterns,
  compareNames,
  CustomersPatterns,
  type DeliveryDetails,
  type DeliveryTimeSlot,
  type PackingSlip,
  type PackingSlipsPage,
  PRODUCTION_LIMITS,
  type ProductionInfo,
  type ProductionPrint,
  type ProductionWeek,
  type RunSheetPage,
  type ScheduleContext,
} from '@bakery/contracts';
import { pageBySize, RpcClient } from '@bakery/platform';
import { DataSource } from 'typeorm';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import {
  bakeListProducts,
  comparePackingSlips,
  currentUnits,
  cutoffState,
  type CustomerUnits,
  namedChanges,
  orderNumberOf,
  type PrintedLine,
  type ProductNames,
  productNames,
  projectedDeliveries,
  projectedUnits,
  type ProjectedDelivery,
  runSheetOf,
  unitChangesSincePrint,
  weekGrid,
} from '../domain/production';
import { GONE_PRODUCT_NAME } from '../domain/standing-delivery';
import { STANDING_ORDER_COLUMNS, type StandingOrderRow, termsOf } from '../standing-orders/standing-order.row';
import { StandingOrdersService } from '../standing-orders/standing-orders.service';

/** Products asked of catalog per request (its limit is 500; the rows are small). */
const PRODUCTS_PER_REQUEST = 500;
/** Customers asked of customers per request: addresses may be long, and an answer must stay far below 1 MB. */
const CUSTOMERS_PER_REQUEST = 200;
const UNKNOWN_CUSTOMER = 'Unknown customer';
/** Dates whose last print stays read in memory (a week ahead). */
const PRINTS_KEPT = 7;

/** A date's last print: when, and the bake list's lines as printed. */
interface LastPrint {
  printedAt: string;
  lines: PrintedLine[];
}

/** Units of a product for a customer on placed orders, with the names the orders kept. */
interface PlacedRow extends CustomerUnits {
  productName: string;
  businessName: string | null;
}

interface SlipRow {
  orderId: string;
  customerId: string;
  businessName: string | null;
  phone: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  items: { productId: string; name: string; quantity: number }[];
}

/**
 * The production and dispatch documents of a delivery date, as JSON (the gateway renders PDF and
 * CSV from it). Ordering reads its own orders and standing orders with aggregate queries (the
 * orders of a date come from the delivery-date indexes) and asks catalog for names, categories
 * and batch sizes, and customers for addresses, phones and drop positions: it never reads their
 * tables. Placed orders count unless cancelled; standing orders' deliveries that are not orders
 * yet are projected by the same occurrence rules the materialiser places them by.
 */
@Injectable()
export class ProductionService {
  /**
   * The last print of recent dates as read, with the version of its row: a print keeps a line per
   * product and customer (ten thousand for two thousand orders, over a megabyte of JSON), which the
   * bake list compares with on every read. It is read again only when the date was printed again.
   */
  private readonly prints = new Map<string, { version: string; print: LastPrint }>();

  constructor(
    private readonly db: DataSource,
    private readonly delivery: DeliveryScheduleService,
    private readonly standingOrders: StandingOrdersService,
    private readonly rpc: RpcClient,
  ) {}

  async bakeList(date: string): Promise<BakeList> {
    const ctx = await this.delivery.context();
    const [placed, projected, print] = await Promise.all([this.placedUnits(date), this.projected(date, ctx), this.lastPrint(date)]);
    const projectedLines = projectedUnits(projected);
    const names = await this.names(placed, projectedLines);
    const { cutoffAt, locked } = cutoffState(date, ctx);
    const list: BakeList = {
      date,
      cutoffAt: cutoffAt?.toISOString() ?? null,
      locked,
      printedAt: print?.printedAt ?? null,
      products: bakeListProducts(placed, projectedLines, names),
      changes: [],
      changesTotal: 0,
    };
    if (!print) return list;
    // only the changed lines need their customers' names: find them first, then ask
    const changed = unitChangesSincePrint(print.lines, currentUnits(placed, projectedLines));
    const customers = await this.customerNames(
      changed.filter((c) => c.after > 0).map((c) => c.customerId),
      placed,
    );
    const all = namedChanges(changed, (line) => ({ name: names(line.productId).name, businessName: customers(line.customerId) }));
    return { ...list, changes: all.slice(0, PRODUCTION_LIMITS.changesMax), changesTotal: all.length };
  }

  /** A product's customers on the date: each order, and each standing order's delivery not placed yet. */
  async bakeListCustomers(date: string, productId: string): Promise<BakeListCustomersPage> {
    const id = productId.toLowerCase();
    const ctx = await this.delivery.context();
    const [orders, projected]: [{ orderId: string; customerId: string; businessName: string | null; quantity: number }[], ProjectedDelivery[]] =
      await Promise.all([
        this.db.query(
          `SELECT o.id AS "orderId", o.customer_id AS "customerId", coalesce(o.customer_business_name, o.customer_email) AS "businessName",
                  sum(i.quantity)::int AS quantity
             FROM orders o JOIN order_items i ON i.order_id = o.id
            WHERE o.delivery_date = $1::date AND o.status <> 'cancelled' AND i.product_id = $2 AND i.quantity > 0
            GROUP BY o.id`,
          [date, id],
        ),
        this.projected(date, ctx),
      ]);
    const rows = [
      ...orders.map((o) => ({ ...o, projected: false })),
      ...projected.flatMap((d) =>
        d.lines.filter((l) => l.productId === id && l.quantity > 0).map((l) => ({ orderId: null, customerId: d.customerId, businessName: null, quantity: l.quantity, projected: true })),
      ),
    ];
    const details = await this.deliveryDetails(rows.map((r) => r.customerId));
    const customers: BakeListCustomer[] = rows
      .map((r) => ({
        customerId: r.customerId,
        businessName: details.get(r.customerId)?.businessName ?? r.businessName ?? UNKNOWN_CUSTOMER,
        quantity: r.quantity,
        projected: r.projected,
        orderId: r.orderId,
      }))
      // ids in code-unit order: nothing to collate
      .sort((a, b) => compareNames(a.businessName, b.businessName) || Number(a.projected) - Number(b.projected) || codeUnitOrder(a.orderId ?? '', b.orderId ?? ''));
    return { customers: customers.slice(0, PRODUCTION_LIMITS.drillDownMax), total: customers.length };
  }

  /** Keeps what the bake list holds now (per product and customer, with names) as the date's last print. */
  async print(date: string): Promise<ProductionPrint> {
    const ctx = await this.delivery.context();
    const [placed, projected] = await Promise.all([this.placedUnits(date), this.projected(date, ctx)]);
    const projectedLines = projectedUnits(projected);
    const now = currentUnits(placed, projectedLines);
    const [names, customers] = await Promise.all([this.names(placed, projectedLines), this.customerNames(now.map((l) => l.customerId), placed)]);
    const lines: PrintedLine[] = now.map((l) => ({ ...l, name: names(l.productId).name, businessName: customers(l.customerId) }));
    const printedAt = this.delivery.now();
    const [written]: { version: string }[] = await this.db.query(
      `INSERT INTO production_prints (delivery_date, printed_at, lines) VALUES ($1::date, $2, $3::jsonb)
       ON CONFLICT (delivery_date) DO UPDATE SET printed_at = EXCLUDED.printed_at, lines = EXCLUDED.lines
       RETURNING xmin::text AS version`,
      [date, printedAt, JSON.stringify(lines)],
    );
    // the bake list read right after the print (the screen's) compares with it without reading it back
    this.keepPrint(date, written.version, { printedAt: printedAt.toISOString(), lines });
    return { date, printedAt: printedAt.toISOString() };
  }

  /** Products as rows, dates as columns: placed plus projected units of each date. */
  async week(from: string, days: number): Promise<ProductionWeek> {
    const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
    const to = dates[dates.length - 1];
    const ctx = await this.delivery.context();
    const [placed, standing]: [{ date: string; productId: string; quantity: number; productName: string }[], Awaited<ReturnType<ProductionService['standingOrdersFor']>>] =
      await Promise.all([
        this.db.query(
          `SELECT to_char(o.delivery_date, 'YYYY-MM-DD') AS date, i.product_id AS "productId", sum(i.quantity)::int AS quantity, max(i.product_name) AS "productName"
             FROM orders o JOIN order_items i ON i.order_id = o.id
            WHERE o.delivery_date BETWEEN $1::date AND $2::date AND o.status <> 'cancelled' AND i.quantity > 0
            GROUP BY 1, 2`,
          [from, to],
        ),
        this.standingOrdersFor(from, to),
      ]);
    const projected = dates.flatMap((date) =>
      projectedDeliveries(standing.orders, standing.placed.get(date) ?? new Set(), date, ctx).flatMap((d) => d.lines.map((l) => ({ date, ...l }))),
    );
    const names = await this.productNames(
      [...placed.map((p) => p.productId), ...projected.map((p) => p.productId)],
      new Map(placed.map((p) => [p.productId, p.productName])),
    );
    return { dates, products: weekGrid(dates, [...placed, ...projected], names) };
  }

  /** One page of the date's packing slips (pages by size: see PRODUCTION_LIMITS.pageBytes). */
  async packingSlips(date: string, offset = 0): Promise<PackingSlipsPage> {
    const slips = await this.slips(date);
    const { page, next } = pageBySize(slips, offset, PRODUCTION_LIMITS.pageBytes);
    return { date, total: slips.length, next, slips: page };
  }

  /** One page of the run sheet's stops, flat and in order, each with its slot. */
  async runSheet(date: string, offset = 0): Promise<RunSheetPage> {
    const sheet = runSheetOf(date, await this.slips(date));
    const stops = sheet.slots.flatMap(({ slot, stops: s }) => s.map((stop) => ({ slot, ...stop })));
    const { page, next } = pageBySize(stops, offset, PRODUCTION_LIMITS.pageBytes);
    return { date, total: stops.length, next, stops: page };
  }

  /** Every packing slip of the date, in drop order: the orders (not cancelled) with what to pack. */
  private async slips(date: string): Promise<PackingSlip[]> {
    const rows: SlipRow[] = await this.db.query(
      `SELECT o.id AS "orderId", o.customer_id AS "customerId", coalesce(o.customer_business_name, o.customer_email) AS "businessName",
              o.customer_phone AS phone, o.delivery_time_slot AS "deliveryTimeSlot", o.special_instructions AS "specialInstructions",
              json_agg(json_build_object('productId', i.product_id, 'name', i.product_name, 'quantity', i.quantity) ORDER BY i.position) AS items
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.delivery_date = $1::date AND o.status <> 'cancelled' AND i.quantity > 0
        GROUP BY o.id`,
      [date],
    );
    const orderNames = new Map(rows.flatMap((r) => r.items.map((i) => [i.productId, i.name] as const)));
    const [details, names] = await Promise.all([
      this.deliveryDetails(rows.map((r) => r.customerId)),
      this.productNames([...orderNames.keys()], orderNames),
    ]);
    return rows
      .map((row) => {
        const customer = details.get(row.customerId);
        return {
          orderId: row.orderId,
          orderNumber: orderNumberOf(row.orderId),
          customerId: row.customerId,
          businessName: customer?.businessName ?? row.businessName ?? UNKNOWN_CUSTOMER,
          address: customer?.address ?? null,
          phone: customer?.phone ?? row.phone,
          deliveryTimeSlot: row.deliveryTimeSlot,
          specialInstructions: row.specialInstructions,
          dropPosition: customer?.dropPosition ?? null,
          items: row.items.map((i) => ({ productId: i.productId, name: names(i.productId).name, quantity: i.quantity })),
        };
      })
      .sort(comparePackingSlips);
  }

  /** Units per (product, customer) on the date's placed orders: one aggregate over the date's orders. */
  private placedUnits(date: string): Promise<PlacedRow[]> {
    return this.db.query(
      `SELECT i.product_id AS "productId", o.customer_id AS "customerId", sum(i.quantity)::int AS quantity,
              max(i.product_name) AS "productName", max(coalesce(o.customer_business_name, o.customer_email)) AS "businessName"
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.delivery_date = $1::date AND o.status <> 'cancelled' AND i.quantity > 0
        GROUP BY i.product_id, o.customer_id`,
      [date],
    );
  }

  /** The standing orders' deliveries on the date that are not orders yet. */
  private async projected(date: string, ctx: ScheduleContext): Promise<ProjectedDelivery[]> {
    const { orders, placed } = await this.standingOrdersFor(date, date);
    return projectedDeliveries(orders, placed.get(date) ?? new Set(), date, ctx);
  }

  /**
   * The standing orders running at some point from `from` to `to`, with their changes of those
   * dates, and per date the ones that already have an order for it.
   */
  private async standingOrdersFor(from: string, to: string) {
    const [rows, made]: [StandingOrderRow[], { id: string; date: string }[]] = await Promise.all([
      this.db.query(
        `SELECT ${STANDING_ORDER_COLUMNS} FROM standing_orders
          WHERE start_date <= $2::date AND (end_date IS NULL OR end_date >= $1::date)`,
        [from, to],
      ),
      this.db.query(
        `SELECT DISTINCT standing_order_id AS id, to_char(delivery_date, 'YYYY-MM-DD') AS date FROM orders
          WHERE delivery_date BETWEEN $1::date AND $2::date AND standing_order_id IS NOT NULL`,
        [from, to],
      ),
    ]);
    const exceptions = await this.standingOrders.exceptionsOf(this.db.manager, rows.map((r) => r.id), from, to);
    const placed = new Map<string, Set<string>>();
    for (const m of made) placed.set(m.date, (placed.get(m.date) ?? new Set()).add(m.id));
    const orders = rows.map((row) => ({ id: row.id, customerId: row.customerId, terms: termsOf(row), exceptions: exceptions.get(row.id) ?? [] }));
    return { orders, placed };
  }

  private async lastPrint(date: string): Promise<LastPrint | null> {
    const kept = this.prints.get(date);
    // xmin: Postgres's id of the transaction that wrote this version of the row (every print writes
    // a new one); the lines come only when the row is not the version kept (lines is NOT NULL)
    const [row]: { version: string; printedAt: Date; lines: PrintedLine[] | null }[] = await this.db.query(
      `SELECT xmin::text AS version, printed_at AS "printedAt", CASE WHEN xmin::text = $2 THEN NULL ELSE lines END AS lines
         FROM production_prints WHERE delivery_date = $1::date`,
      [date, kept?.version ?? null],
    );
    if (!row) {
      this.prints.delete(date);
      return null;
    }
    if (kept && row.lines === null) return kept.print;
    const print = { printedAt: row.printedAt.toISOString(), lines: row.lines ?? [] };
    this.keepPrint(date, row.version, print);
    return print;
  }

  /** Keeps a date's print, as written or read, by the version of its row (see `prints`). */
  private keepPrint(date: string, version: string, print: LastPrint): void {
    this.prints.delete(date);
    this.prints.set(date, { version, print });
    // the date kept longest ago goes first (a Map keeps the order of insertion)
    if (this.prints.size > PRINTS_KEPT) this.prints.delete(this.prints.keys().next().value!);
  }

  /** The products' names, categories and batch sizes for placed and projected lines. */
  private names(placed: readonly PlacedRow[], projected: readonly CustomerUnits[]): Promise<ProductNames> {
    return this.productNames([...placed.map((p) => p.productId), ...projected.map((p) => p.productId)], new Map(placed.map((p) => [p.productId, p.productName])));
  }

  private async productNames(ids: string[], orderNames: ReadonlyMap<string, string>): Promise<ProductNames> {
    const unique = [...new Set(ids)];
    const chunks = Array.from({ length: Math.ceil(unique.length / PRODUCTS_PER_REQUEST) }, (_, i) => unique.slice(i * PRODUCTS_PER_REQUEST, (i + 1) * PRODUCTS_PER_REQUEST));
    const answers = await Promise.all(chunks.map((chunk) => this.rpc.request<ProductionInfo[]>(CatalogPatterns.productionInfo, { ids: chunk })));
    return productNames(answers.flat(), orderNames, GONE_PRODUCT_NAME);
  }

  /** The customers' delivery details, by id (customers unknown to the customers service are left out). */
  private async deliveryDetails(customerIds: string[]): Promise<Map<string, DeliveryDetails>> {
    const unique = [...new Set(customerIds)];
    const chunks = Array.from({ length: Math.ceil(unique.length / CUSTOMERS_PER_REQUEST) }, (_, i) => unique.slice(i * CUSTOMERS_PER_REQUEST, (i + 1) * CUSTOMERS_PER_REQUEST));
    const answers = await Promise.all(chunks.map((chunk) => this.rpc.request<DeliveryDetails[]>(CustomersPatterns.deliveryDetails, { userIds: chunk })));
    return new Map(answers.flat().map((d) => [d.userId, d]));
  }

  /** Business names: the profile's now, else what the customer's orders kept, else a placeholder. */
  private async customerNames(customerIds: string[], placed: readonly PlacedRow[]): Promise<(customerId: string) => string> {
    const details = await this.deliveryDetails(customerIds);
    const kept = new Map(placed.map((p) => [p.customerId, p.businessName]));
    return (customerId) => details.get(customerId)?.businessName ?? kept.get(customerId) ?? UNKNOWN_CUSTOMER;
  }
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
