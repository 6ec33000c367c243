import { Injectable } from '@nestjs/common';
import { DEFAULT_MAIL_PREFERENCES, type MailKind, type MailPreferences, UpdateMailPreferencesRequest } from '@bakery/contracts';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';

interface PreferencesRow {
  orderUpdates: boolean;
  standingOrderPreviews: boolean;
  cutoffReminders: boolean;
}

const COLUMNS = `order_updates AS "orderUpdates", standing_order_previews AS "standingOrderPreviews", cutoff_reminders AS "cutoffReminders"`;

/** Which preference lets a customer turn a kind of mail off; kinds not named always go (transactional). */
const OPTIONAL_KINDS: Partial<Record<MailKind, keyof MailPreferences>> = {
  order_status: 'orderUpdates',
  order_amended: 'orderUpdates',
  standing_order_preview: 'standingOrderPreviews',
  cutoff_reminder: 'cutoffReminders',
};

/** Whether a customer with `preferences` gets a mail of `kind`. */
export function mailWanted(kind: MailKind, preferences: MailPreferences): boolean {
  const preference = OPTIONAL_KINDS[kind];
  return preference === undefined || preferences[preference];
}

/** Customers' choices of optional emails (the Account page's Notifications). */
@Injectable()
export class MailPreferencesStore {
  constructor(private readonly db: DataSource) {}

  async get(customerId: string, manager: EntityManager = this.db.manager): Promise<MailPreferences> {
    const [row]: PreferencesRow[] = await manager.query(`SELECT ${COLUMNS} FROM mail_preferences WHERE customer_id = $1`, [customerId]);
    return row ? { ...row } : { ...DEFAULT_MAIL_PREFERENCES };
  }

  /** Changes the named preferences in one statement (the others keep their value, or the default). */
  async update(req: UpdateMailPreferencesRequest): Promise<MailPreferences> {
    const d = DEFAULT_MAIL_PREFERENCES;
    const [row]: PreferencesRow[] = await this.db.query(
      `INSERT INTO mail_preferences AS p (customer_id, order_updates, standing_order_previews, cutoff_reminders)
       VALUES ($1, COALESCE($2::boolean, $5::boolean), COALESCE($3::boolean, $6::boolean), COALESCE($4::boolean, $7::boolean))
       ON CONFLICT (customer_id) DO UPDATE SET
         order_updates = COALESCE($2::boolean, p.order_updates),
         standing_order_previews = COALESCE($3::boolean, p.standing_order_previews),
         cutoff_reminders = COALESCE($4::boolean, p.cutoff_reminders),
         updated_at = now()
       RETURNING ${COLUMNS}`,
      [req.customerId, req.orderUpdates ?? null, req.standingOrderPreviews ?? null, req.cutoffReminders ?? null, d.orderUpdates, d.standingOrderPreviews, d.cutoffReminders],
    );
    return { ...row };
  }

  /** Whether the customer wants a mail of `kind` (read in the handler's transaction). */
  async wants(manager: EntityManager, customerId: string, kind: MailKind): Promise<boolean> {
    if (OPTIONAL_KINDS[kind] === undefined) return true;
    return mailWanted(kind, await this.get(customerId, manager));
  }

  /** One page of the customers who asked for cut-off reminders, by id. */
  async reminderRecipients(after: string, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT customer_id AS id FROM mail_preferences WHERE cutoff_reminders AND customer_id > $1 ORDER BY customer_id LIMIT $2`,
      [after, limit],
    );
    return rows.map((r) => r.id);
  }
}
