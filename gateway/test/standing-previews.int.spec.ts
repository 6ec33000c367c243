import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { SkipLinkMessages } from '@bakery/contracts';
import { ApiClient, createProduct, eventually, MailCatcher, ORDER_BY_2PM_THE_DAY_BEFORE, signedInAdmin, signedInCustomer, TestStack, uniqueEmail } from '@bakery/testing';
import type { ParsedMail } from 'mailparser';

/**
 * Standing-order previews with their one-click skip link, and opt-in cut-off reminders (issue 20),
 * through a real SMTP server, with the stack's controllable clock. Orders close at 2:00 PM the day
 * before (London); previews go 2 days before a delivery's cut-off, reminders 2 hours before.
 */

const ZONE = 'Europe/London';
const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();
const PUBLIC_URL = 'http://shop.example.test';

/** The skip link of a preview mail (PUBLIC_URL's /skip-delivery?token=...). */
function skipLinkIn(mail: ParsedMail): URL {
  const link = /(http\S+\/skip-delivery\?\S+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no skip link in ${mail.text}`);
  return new URL(link);
}

describe('standing-order previews with a skip link, and cut-off reminders', () => {
  const smtp = new MailCatcher();
  let stack: TestStack;
  let admin: ApiClient;
  let bread: { id: string; name: string };

  const idOf = async (client: ApiClient) => (await client.get('/api/auth/user')).body.id as string;
  const standing = async (client: ApiClient, startDate: string, quantities: number[], name = 'Weekly bread') => {
    const res = await client.post('/api/standing-orders', { name, startDate, everyWeeks: 1, lines: [{ productId: bread.id, quantities }] });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const previewsOf = (standingOrderId: string) =>
    stack.query<{ date: string; used: boolean }>(
      'ordering',
      `SELECT to_char(delivery_date, 'YYYY-MM-DD') AS date, used_at IS NOT NULL AS used FROM standing_order_previews WHERE standing_order_id = $1 ORDER BY delivery_date`,
      [standingOrderId],
    );
  const mailRows = (kind: string, customerId: string) =>
    stack.query<{ id: string; data: Record<string, unknown> }>('notifications', `SELECT id, data FROM mail_outbox WHERE kind = $1 AND customer_id = $2`, [kind, customerId]);
  const optIn = (customerId: string, prefs: { previews?: boolean; reminders?: boolean }) =>
    stack.query(
      'notifications',
      `INSERT INTO mail_preferences (customer_id, order_updates, standing_order_previews, cutoff_reminders) VALUES ($1, true, $2, $3)`,
      [customerId, prefs.previews ?? true, prefs.reminders ?? false],
    );

  beforeAll(async () => {
    await smtp.start();
    // the sweeps run every second: the tests wait for what they do, never sleep
    stack = await TestStack.start({
      env: {
        BAKERY_TIMEZONE: ZONE,
        STANDING_ORDER_INTERVAL_SECONDS: '1',
        CUTOFF_REMINDER_INTERVAL_SECONDS: '1',
        CUTOFF_REMINDER_MINUTES: '120',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PUBLIC_URL,
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '500',
      },
    });
    admin = await signedInAdmin(stack.url);
    const product = await createProduct(admin, { name: 'Preview Rye <b>&</b>', price: '4.50', stock: 10_000 });
    bread = { id: product.id, name: 'Preview Rye <b>&</b>' };
    expect((await admin.put('/api/admin/delivery-schedule', ORDER_BY_2PM_THE_DAY_BEFORE)).status).toBe(200);
  });

  afterAll(async () => {
    stack?.setClock(null);
    await stack?.close();
    await smtp.stop();
  });

  it('mails a preview two days before the cut-off, once; its link skips that delivery once, then says it was used; after the cut-off it has expired', async () => {
    stack.setClock(london('2026-11-30T08:00')); // a Monday morning
    const email = uniqueEmail('preview');
    const customer = await signedInCustomer(stack.url, { email, businessName: 'Preview Cafe' });
    // Thursday's cut-off is Wednesday 2 PM: its preview is due on Monday at 2 PM
    const thursday = await standing(customer, '2026-12-03', [0, 0, 0, 6, 0, 0, 0], 'Thursday rye');
    // Wednesday's (cut-off Tuesday 2 PM) is due now: once it is previewed, the same sweep judged Thursday's
    const lateEmail = uniqueEmail('late');
    const late = await signedInCustomer(stack.url, { email: lateEmail, businessName: 'Late Cafe' });
    const wednesday = await standing(late, '2026-12-02', [0, 0, 3, 0, 0, 0, 0], 'Wednesday rye');
    await eventually(async () => (await previewsOf(wednesday.id)).length === 1);
    expect(await previewsOf(thursday.id)).toEqual([]);

    stack.setClock(london('2026-11-30T14:00'));
    const [mail] = await eventually(async () => smtp.to(email).length > 0 && smtp.to(email), 15_000);
    expect(mail.subject).toContain('Coming delivery on Thursday, December 3, 2026: Thursday rye');
    expect(mail.text).toContain(`${bread.name} x 6`);
    // people's text is escaped in the HTML
    expect(mail.html).toContain('Preview Rye &lt;b&gt;&amp;&lt;/b&gt;');
    const link = skipLinkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/skip-delivery`);
    const token = link.searchParams.get('token')!;
    // ordering keeps only the token's hash
    const stored = await stack.query<{ hash: string }>('ordering', `SELECT encode(token_hash, 'hex') AS hash FROM standing_order_previews WHERE standing_order_id = $1`, [thursday.id]);
    expect(stored[0].hash).not.toContain(Buffer.from(token).toString('hex'));

    // what the link would skip, without skipping it (anyone holding the link, signed in or not)
    const visitor = new ApiClient(stack.url);
    const checked = await visitor.post('/api/standing-orders/skip-link/check', { token });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      standingOrderName: 'Thursday rye',
      deliveryDate: '2026-12-03',
      cutoffAt: london('2026-12-02T14:00').toISOString(),
      lines: [{ productId: bread.id, name: bread.name, quantity: 6 }],
      skipped: false,
    });

    // two clicks at once: one skips, the other is told the link was used
    const [a, b] = await Promise.all([visitor.post('/api/standing-orders/skip-link', { token }), visitor.post('/api/standing-orders/skip-link', { token })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const done = a.status === 200 ? a : b;
    const refused = a.status === 200 ? b : a;
    expect(done.body).toMatchObject({ deliveryDate: '2026-12-03', skipped: true, message: SkipLinkMessages.skipped });
    expect(refused.body.message).toBe(SkipLinkMessages.used);
    const upcoming = (await customer.get('/api/standing-orders/upcoming?weeks=2')).body as { standingOrderId: string; date: string; skipped: boolean }[];
    expect(upcoming.filter((d) => d.standingOrderId === thursday.id).map((d) => [d.date, d.skipped])).toEqual([
      ['2026-12-03', true],
      ['2026-12-10', false],
    ]);
    const again = await visitor.post('/api/standing-orders/skip-link', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SkipLinkMessages.used);
    expect((await visitor.post('/api/standing-orders/skip-link/check', { token })).body.message).toBe(SkipLinkMessages.used);

    // a token nobody was sent, or not a token at all: 400, nothing changes
    const unknown = await visitor.post('/api/standing-orders/skip-link', { token: randomBytes(32).toString('base64url') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(SkipLinkMessages.invalid);
    expect((await visitor.post('/api/standing-orders/skip-link', { token: "' OR 1=1 --" })).status).toBe(400);
    expect((await visitor.post('/api/standing-orders/skip-link', {})).status).toBe(400);

    // one preview per delivery, however many sweeps ran since
    expect(await previewsOf(thursday.id)).toEqual([{ date: '2026-12-03', used: true }]);
    expect(await mailRows('standing_order_preview', await idOf(customer))).toHaveLength(1);

    // the late customer's link, used after Wednesday's cut-off: expired, and the delivery is ordered
    const [lateMail] = await eventually(async () => smtp.to(lateEmail).length > 0 && smtp.to(lateEmail), 15_000);
    stack.setClock(london('2026-12-01T14:00'));
    const expired = await visitor.post('/api/standing-orders/skip-link', { token: skipLinkIn(lateMail).searchParams.get('token') });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(SkipLinkMessages.expired);
    await eventually(async () => (await stack.query('ordering', `SELECT 1 FROM orders WHERE standing_order_id = $1`, [wednesday.id])).length === 1);
  });

  it('sends no preview to a customer who turned previews off (the delivery is still previewed once)', async () => {
    stack.setClock(london('2026-12-07T08:00')); // a Monday
    const quiet = await signedInCustomer(stack.url, { email: uniqueEmail('quiet'), businessName: 'Quiet Cafe' });
    const quietId = await idOf(quiet);
    await optIn(quietId, { previews: false });
    const order = await standing(quiet, '2026-12-08', [0, 2, 0, 0, 0, 0, 0]);
    await eventually(async () => (await previewsOf(order.id)).length === 1);
    const [{ id: eventId }] = await stack.query<{ id: string }>(
      'ordering',
      `SELECT id FROM event_outbox WHERE type = 'standing-delivery.preview' AND envelope->'payload'->>'standingOrderId' = $1`,
      [order.id],
    );
    // notifications handled the event ...
    await eventually(async () => (await stack.query('notifications', `SELECT 1 FROM event_inbox WHERE event_id = $1`, [eventId])).length > 0);
    // ... and wrote no mail for it
    expect(await mailRows('standing_order_preview', quietId)).toEqual([]);
  });

  it('previews nothing for a customer on hold; once the hold is lifted before the cut-off, the preview goes', async () => {
    stack.setClock(london('2026-12-14T08:00')); // a Monday
    const heldEmail = uniqueEmail('held');
    const held = await signedInCustomer(stack.url, { email: heldEmail, businessName: 'Held Cafe' });
    const heldId = await idOf(held);
    expect((await admin.put(`/api/customers/${heldId}/terms`, { onHold: true, holdReason: 'Invoices overdue' })).status).toBe(200);
    const open = await signedInCustomer(stack.url, { email: uniqueEmail('open'), businessName: 'Open Cafe' });
    // Thursday's cut-off is Wednesday 2 PM: both previews are due on Monday at 2 PM
    const heldOrder = await standing(held, '2026-12-17', [0, 0, 0, 5, 0, 0, 0], 'Held rye');
    const openOrder = await standing(open, '2026-12-17', [0, 0, 0, 5, 0, 0, 0], 'Open rye');

    stack.setClock(london('2026-12-14T14:00'));
    // the sweep that previewed the open customer's delivery judged the held one's too
    await eventually(async () => (await previewsOf(openOrder.id)).length === 1);
    expect(await previewsOf(heldOrder.id)).toEqual([]);
    expect(smtp.to(heldEmail)).toEqual([]);

    expect((await admin.put(`/api/customers/${heldId}/terms`, { onHold: false })).status).toBe(200);
    await eventually(async () => (await previewsOf(heldOrder.id)).length === 1);
    const [mail] = await eventually(async () => smtp.to(heldEmail).length > 0 && smtp.to(heldEmail), 15_000);
    expect(mail.subject).toContain('Coming delivery on Thursday, December 17, 2026: Held rye');
  });

  it('reminds customers who asked for it, once, when the next cut-off is near and they have nothing for that delivery', async () => {
    stack.setClock(london('2026-12-15T10:00')); // Tuesday; Wednesday's orders close at 2 PM
    const make = async (label: string) => {
      const email = uniqueEmail(label);
      const client = await signedInCustomer(stack.url, { email, businessName: `${label} Cafe` });
      return { email, client, id: await idOf(client) };
    };
    const [forgetful, ordered, standingCustomer, notAsked, held] = await Promise.all([make('forgetful'), make('ordered'), make('standing'), make('notasked'), make('held')]);
    for (const c of [forgetful, ordered, standingCustomer, held]) await optIn(c.id, { reminders: true });
    expect((await admin.put(`/api/customers/${held.id}/terms`, { onHold: true, holdReason: 'Invoices overdue' })).status).toBe(200);
    expect((await ordered.client.post('/api/cart', { productId: bread.id, quantity: 2 })).status).toBe(201);
    expect((await ordered.client.post('/api/orders', { deliveryDate: '2026-12-16' })).status).toBe(201);
    await standing(standingCustomer.client, '2026-12-16', [0, 0, 4, 0, 0, 0, 0]);

    stack.setClock(london('2026-12-15T12:30')); // within 2 hours of the cut-off
    const [mail] = await eventually(async () => smtp.to(forgetful.email).filter((m) => m.subject?.startsWith('Orders for')).length > 0 && smtp.to(forgetful.email), 15_000);
    expect(mail.subject).toContain('Orders for Wednesday, December 16, 2026 close at');
    expect(mail.text).toContain(`${PUBLIC_URL}/products`);
    // the same sweep judged the others: an order, a standing delivery, no opt-in, or a hold means no reminder
    for (const c of [ordered, standingCustomer, notAsked, held]) expect(await mailRows('cutoff_reminder', c.id)).toEqual([]);
    // later sweeps write no second reminder for the same delivery
    const [row] = await mailRows('cutoff_reminder', forgetful.id);
    expect(row.data).toEqual({ deliveryDate: '2026-12-16', cutoffAt: london('2026-12-15T14:00').toISOString() });
    stack.setClock(london('2026-12-15T13:00'));
    await optIn((await make('barrier')).id, { reminders: true }).catch(() => undefined);
    await eventually(async () => (await stack.query('notifications', `SELECT 1 FROM mail_outbox WHERE kind = 'cutoff_reminder' AND data->>'deliveryDate' = '2026-12-16'`)).length >= 2);
    expect(await mailRows('cutoff_reminder', forgetful.id)).toHaveLength(1);

    // a hold lifted before the cut-off: the next sweep reminds
    expect((await admin.put(`/api/customers/${held.id}/terms`, { onHold: false })).status).toBe(200);
    const [late] = await eventually(async () => smtp.to(held.email).filter((m) => m.subject?.startsWith('Orders for')).length > 0 && smtp.to(held.email), 15_000);
    expect(late.subject).toContain('Orders for Wednesday, December 16, 2026 close at');
  });
});
