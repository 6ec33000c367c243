import { Injectable } from '@nestjs/common';
import {
  AppError,
  AuthPatterns,
  type CustomerTerms,
  type CustomerTermsAuditPage,
  CustomerTermsAuditRequest,
  type CustomerTermsChangedEvent,
  CustomerTermsEvents,
  type CustomerTermsField,
  CustomerTermsMessages,
  type FixedPrice,
  type HeldCustomers,
  type Identity,
  PAGE_CURSOR_TIME_FORMAT,
  PAGE_LIMIT_DEFAULT,
  type ResolvedTerms,
  SetCustomerTermsRequest,
  type UserIdsRequest,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { RpcClient } from '@bakery/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { TermsBroadcaster } from './terms-broadcaster';
import { applyTermsChange, DEFAULT_TERMS, termsChanges } from './terms-rules';

interface TermsRow {
  price_list_id: string | null;
  minimum_order: string | null;
  delivery_fee: string | null;
  free_delivery_threshold: string | null;
  on_hold: boolean | null;
  hold_reason: string | null;
}

const TERMS_COLUMNS = `t.price_list_id, t.minimum_order::text AS minimum_order, t.delivery_fee::text AS delivery_fee,
  t.free_delivery_threshold::text AS free_delivery_threshold, t.on_hold, t.hold_reason`;

function termsOf(row: TermsRow | undefined): CustomerTerms {
  if (!row || row.on_hold === null) return DEFAULT_TERMS; // no row of terms: the defaults
  return {
    priceListId: row.price_list_id,
    minimumOrder: row.minimum_order,
    deliveryFee: row.delivery_fee,
    freeDeliveryThreshold: row.free_delivery_threshold,
    onHold: row.on_hold,
    holdReason: row.hold_reason,
  };
}

/**
 * Each customer's terms (their price list, minimum order, delivery fee and free-delivery threshold
 * overrides, hold), set by admins and audited field by field, and the one answer pricing needs
 * (`resolve`). A customer without a row has the bakery's defaults. Every change publishes
 * `customer-terms.changed` and, once committed, the broadcast the gateways' caches drop the
 * customer on.
 */
@Injectable()
export class CustomerTermsService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly rpc: RpcClient,
    private readonly accounts: AccountsService,
    private readonly broadcaster: TermsBroadcaster,
  ) {}

  async get(userId: string): Promise<CustomerTerms> {
    const rows: (TermsRow & { user_id: string })[] = await this.db.query(
      `SELECT p.user_id, ${TERMS_COLUMNS} FROM customer_profiles p LEFT JOIN customer_terms t ON t.user_id = p.user_id WHERE p.user_id = $1`,
      [userId],
    );
    if (rows.length === 0) throw AppError.notFound(CustomerTermsMessages.customerNotFound);
    return termsOf(rows[0]);
  }

  /**
   * An admin's change, under the customer's row lock (two changes of one customer apply one after
   * the other, each audited against what the other left): the new terms, one audit row per
   * changed field, the event. A list that does not exist is a 400; the list's share lock (its
   * foreign key) keeps it from being deleted until this commits.
   */
  async set(req: SetCustomerTermsRequest): Promise<CustomerTerms> {
    const { userId, changedBy, ...change } = req;
    return this.bus.inTransaction(async (tx) => {
      const m = tx.manager;
      const [profile]: { user_id: string }[] = await m.query(`SELECT user_id FROM customer_profiles WHERE user_id = $1 FOR UPDATE`, [userId]);
      if (!profile) throw AppError.notFound(CustomerTermsMessages.customerNotFound);
      const [row]: TermsRow[] = await m.query(`SELECT ${TERMS_COLUMNS} FROM customer_terms t WHERE t.user_id = $1`, [userId]);
      const before = termsOf(row);
      const applied = applyTermsChange(before, change);
      if ('problems' in applied) throw AppError.validation(applied.problems);
      const after = applied.terms;
      const changes = termsChanges(before, after);
      if (changes.length === 0) return after;
      if (after.priceListId !== null && after.priceListId !== before.priceListId) await this.assertListExists(m, after.priceListId);
      await m.query(
        `INSERT INTO customer_terms (user_id, price_list_id, minimum_order, delivery_fee, free_delivery_threshold, on_hold, hold_reason, updated_at)
         VALUES ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6, $7, now())
         ON CONFLICT (user_id) DO UPDATE SET price_list_id = EXCLUDED.price_list_id, minimum_order = EXCLUDED.minimum_order,
           delivery_fee = EXCLUDED.delivery_fee, free_delivery_threshold = EXCLUDED.free_delivery_threshold,
           on_hold = EXCLUDED.on_hold, hold_reason = EXCLUDED.hold_reason, updated_at = now()`,
        [userId, after.priceListId, after.minimumOrder, after.deliveryFee, after.freeDeliveryThreshold, after.onHold, after.holdReason],
      );
      await m.query(
        `INSERT INTO customer_terms_audit (user_id, changed_by, field, old_value, new_value)
         SELECT $1, $2, field, old_value, new_value FROM unnest($3::varchar[], $4::text[], $5::text[]) AS c(field, old_value, new_value)`,
        [userId, changedBy, changes.map((c) => c.field), changes.map((c) => c.oldValue), changes.map((c) => c.newValue)],
      );
      const event: CustomerTermsChangedEvent = { customerId: userId };
      await tx.publish(CustomerTermsEvents.termsChanged, event);
      tx.afterCommit(() => this.broadcaster.termsChanged(event));
      return after;
    });
  }

  /** One page of the customer's terms changes, newest first, naming the admin who made each. */
  async audit(req: CustomerTermsAuditRequest): Promise<CustomerTermsAuditPage> {
    await this.get(req.userId);
    const limit = req.limit ?? PAGE_LIMIT_DEFAULT;
    const after = req.after ?? null;
    const rows: { id: string; created_at: Date; changed_by: string; field: CustomerTermsField; old_value: string | null; new_value: string | null; cursor_at: string }[] =
      await this.db.query(
        `SELECT id, created_at, changed_by, field, old_value, new_value, to_char(created_at AT TIME ZONE 'UTC', '${PAGE_CURSOR_TIME_FORMAT}') AS cursor_at
           FROM customer_terms_audit
          WHERE user_id = $1 ${after ? 'AND (created_at, id) < ($3::timestamptz, $4::uuid)' : ''}
          ORDER BY created_at DESC, id DESC LIMIT $2`,
        after ? [req.userId, limit + 1, after.createdAt, after.id] : [req.userId, limit + 1],
      );
    const page = rows.slice(0, limit);
    const names = await this.adminNames([...new Set(page.map((r) => r.changed_by))]);
    const last = page[page.length - 1];
    return {
      entries: page.map((r) => ({
        id: r.id,
        at: r.created_at.toISOString(),
        changedBy: { id: r.changed_by, name: names.get(r.changed_by) ?? null },
        field: r.field,
        oldValue: r.old_value,
        newValue: r.new_value,
      })),
      next: rows.length > limit ? { createdAt: last.cursor_at, id: last.id } : null,
    };
  }

  /** Which of these customers are on hold: one query over the primary key, for the sweeps that mail many. */
  async heldAmong(customerIds: string[]): Promise<HeldCustomers> {
    if (customerIds.length === 0) return { customerIds: [] };
    const rows: { user_id: string }[] = await this.db.query(`SELECT user_id FROM customer_terms WHERE on_hold AND user_id = ANY($1::uuid[])`, [customerIds]);
    return { customerIds: rows.map((r) => r.user_id) };
  }

  /**
   * Everything pricing needs of one customer, in one query: their list's percentage and fixed
   * prices, their overrides and whether they are on hold (an unknown customer has the defaults).
   * With `withContact`, what an order keeps of them too (AccountsService.orderContact's answer).
   */
  async resolve(userId: string, withContact = false): Promise<ResolvedTerms> {
    const [row]: (TermsRow & { percentage: string | null; fixed: FixedPrice[] | null; business_name: string | null; email: string | null; phone: string | null })[] =
      await this.db.query(
        `SELECT ${TERMS_COLUMNS}, l.percentage::text AS percentage, p.business_name, p.email, p.phone,
                (SELECT json_agg(json_build_object('productId', f.product_id, 'price', f.price::text) ORDER BY f.product_id)
                   FROM price_list_prices f WHERE f.price_list_id = t.price_list_id) AS fixed
           FROM (SELECT $1::uuid AS user_id) k
           LEFT JOIN customer_profiles p ON p.user_id = k.user_id
           LEFT JOIN customer_terms t ON t.user_id = k.user_id
           LEFT JOIN price_lists l ON l.id = t.price_list_id`,
        [userId],
      );
    const terms = termsOf(row);
    const resolved: ResolvedTerms = {
      customerId: userId,
      priceList: terms.priceListId && row.percentage ? { id: terms.priceListId, percentage: row.percentage, fixedPrices: row.fixed ?? [] } : null,
      minimumOrder: terms.minimumOrder,
      deliveryFee: terms.deliveryFee,
      freeDeliveryThreshold: terms.freeDeliveryThreshold,
      onHold: terms.onHold,
    };
    if (!withContact) return resolved;
    // the profile's copy of the email answers at once; a row without it asks auth (orderContact)
    const contact = row.email ? { businessName: row.business_name, email: row.email, phone: row.phone } : await this.accounts.orderContact(userId);
    return { ...resolved, contact };
  }

  private async assertListExists(m: EntityManager, priceListId: string): Promise<void> {
    const [list]: { id: string }[] = await m.query(`SELECT id FROM price_lists WHERE id = $1 FOR KEY SHARE`, [priceListId]);
    if (!list) throw AppError.validation({ priceListId: [CustomerTermsMessages.priceListUnknown] });
  }

  /** The admins' names (else their email), asked of auth in one request; an unknown admin has none. */
  private async adminNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const identities = await this.rpc
      .request<Identity[]>(AuthPatterns.getUsers, { role: 'admin', ids } satisfies UserIdsRequest)
      .catch(() => [] as Identity[]); // the audit still reads without names
    return new Map(identities.map((i) => [i.id, [i.firstName, i.lastName].filter(Boolean).join(' ') || i.email]));
  }
}
