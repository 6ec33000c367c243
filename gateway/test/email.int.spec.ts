import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { eventSubject, OrderingEvents, orderNumberOf, PasswordResetMessages } from '@bakery/contracts';
import { ApiClient, createProduct, eventually, MailCatcher, mailRecipients, mapLimit, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';
import { type ParsedMail, simpleParser } from 'mailparser';
import { connect } from 'nats';

/**
 * Email (issue 20) end to end: the stack sends through a real SMTP server started here
 * (`smtp-server`), and every message it receives is parsed with `mailparser`. Retries are made
 * short (MAIL_RETRY_*), so "the server was away" takes seconds, not minutes.
 */

const PUBLIC_URL = 'http://shop.example.test';
const ADMIN_ORDER_EMAIL = 'orders@bakery.example.test';
const SLOT = '6:00 AM - 8:00 AM';
const HOSTILE = `<script>alert("x")</script> & <img src=x onerror=alert(1)> {{7*7}}`;

function tomorrow(): string {
  return new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
}

/** A PDF's text, as `pdftotext` (poppler-utils) reads it back. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

/** The token of a password link in a mail's text (the link is PUBLIC_URL's). */
function tokenIn(mail: ParsedMail): { token: string; url: URL } {
  const link = /(http\S+\/reset-password\?\S+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no link in ${mail.text}`);
  const url = new URL(link);
  return { token: url.searchParams.get('token') ?? '', url };
}

describe('email: order mails and password links, sent through SMTP with retries', () => {
  const smtp = new MailCatcher();
  let stack: TestStack;
  let admin: ApiClient;
  let productId: string;
  let productName: string;

  beforeAll(async () => {
    await smtp.start();
    stack = await TestStack.start({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Test Bakery <orders@bakery.example.test>',
        PUBLIC_URL: `${PUBLIC_URL}/`,
        ADMIN_ORDER_EMAIL,
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '500',
        MAIL_MAX_ATTEMPTS: '1000',
      },
    });
    // two instances of notifications: their workers share the outbox (FOR UPDATE SKIP LOCKED)
    await stack.startService('notifications');
    admin = await signedInAdmin(stack.url);
    productName = `Sourdough ${HOSTILE}`;
    productId = (await createProduct(admin, { name: productName, price: '4.5', stock: 100_000 })).id;
    expect((await admin.put('/api/admin/bakery-details', { name: 'Rise & Shine Bakery' })).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.close();
    await smtp.stop();
  });

  /** Rows of the mail outbox still to be sent. */
  async function pendingMail(): Promise<number> {
    const [{ n }] = await stack.query<{ n: number }>('notifications', `SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'`);
    return n;
  }

  async function place(customer: ApiClient, quantity: number, body: Record<string, unknown> = {}): Promise<any> {
    expect((await customer.post('/api/cart', { productId, quantity })).status).toBe(201);
    const placed = await customer.post('/api/orders', body);
    expect(placed.status).toBe(201);
    return placed.body;
  }

  it('confirms a placed order to the customer: its number in the subject, items, prices and totals with 2 decimals, delivery and cut-off; the admins get theirs', async () => {
    const email = uniqueEmail('confirm');
    const customer = await signedInCustomer(stack.url, { email, businessName: `Café ${HOSTILE}` });
    const order = await place(customer, 3, { deliveryDate: tomorrow(), deliveryTimeSlot: SLOT, specialInstructions: `Back door ${HOSTILE}` });
    const number = orderNumberOf(order.id);

    const [mail] = await eventually(async () => smtp.to(email).length > 0 && smtp.to(email), 15_000);
    expect(mail.subject).toBe(`Order #${number} received - Rise & Shine Bakery`);
    expect(mail.from?.value).toEqual([{ name: 'Test Bakery', address: 'orders@bakery.example.test' }]);
    expect(mail.messageId).toMatch(/^<?[0-9a-f-]{36}@bakery\.example\.test>?$/);
    expect(order.total).toMatch(/^\d+\.\d{2}$/);
    const text = mail.text ?? '';
    expect(text).toContain(`- ${productName} x 3 @ $4.50 = $13.50`);
    expect(text).toContain(`Subtotal: $${order.subtotal}`);
    expect(text).toContain(`Delivery fee: $${order.deliveryFee}`);
    expect(text).toContain(`Tax: $${order.tax}`);
    expect(text).toContain(`Total: $${order.total}`);
    expect(text).toContain(SLOT);
    expect(text).toContain(`Back door ${HOSTILE}`);
    expect(text).toContain('You can change or cancel this order until');
    expect(text).toContain(`${PUBLIC_URL}/orders`);

    // people's text is escaped in the HTML: nothing of it became markup
    const html = String(mail.html);
    expect(html).toContain(`$${order.total}`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Café &lt;script&gt;');
    expect(html).toContain('{{7*7}}');

    const [forAdmins] = await eventually(async () => smtp.to(ADMIN_ORDER_EMAIL).filter((m) => m.subject?.includes(number)).length > 0 && smtp.to(ADMIN_ORDER_EMAIL).filter((m) => m.subject?.includes(number)));
    expect(forAdmins.subject).toBe(`New order #${number} from Café ${HOSTILE} - Rise & Shine Bakery`);
    expect(forAdmins.text).toContain(`${PUBLIC_URL}/admin/orders?q=${number}`);
    expect(forAdmins.text).toContain(`Total: $${order.total}`);
  });

  it('sends one mail per status change customers hear about, none for the bakery’s own steps, and one for an amendment', async () => {
    const email = uniqueEmail('status');
    const customer = await signedInCustomer(stack.url, { email });
    const order = await place(customer, 2, { deliveryDate: tomorrow() });
    const number = orderNumberOf(order.id);
    await eventually(async () => smtp.to(email).length === 1);

    // the customer changes their pending order: one "changed" mail
    expect((await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId, quantity: 5 }] })).status).toBe(200);
    const changed = await eventually(async () => smtp.to(email).find((m) => m.subject === `Order #${number} changed - Rise & Shine Bakery`));
    expect(changed.text).toContain(': 2 → 5');
    expect(changed.text).toContain(`- ${productName} x 5 @ $4.50 = $22.50`);

    for (const status of ['confirmed', 'in_preparation', 'in_transit']) {
      expect((await admin.put(`/api/orders/${order.id}/status`, { status })).status).toBe(200);
    }
    const onItsWay = await eventually(async () => smtp.to(email).find((m) => m.subject?.startsWith(`Order #${number} is on its way`)));
    expect(onItsWay.text).toContain(`Your order #${number} is on its way to you.`);
    expect(onItsWay.text).not.toContain('is attached');
    expect(onItsWay.attachments).toEqual([]);
    // delivered: the invoice issued with it is named, with its amount, and comes with it as the PDF
    // the customer would download
    expect((await admin.put(`/api/orders/${order.id}/status`, { status: 'delivered' })).status).toBe(200);
    const [invoice] = (await customer.get(`/api/invoices?orderId=${order.id}`)).body as { id: string; number: string; total: string }[];
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const delivered = await eventually(async () => smtp.to(email).find((m) => m.subject === `Order #${number} delivered - Rise & Shine Bakery`));
    expect(delivered.text).toContain(`Invoice ${invoice.number} for $${invoice.total} is attached, and in your orders.`);
    expect(delivered.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`invoice-${invoice.number}.pdf`, 'application/pdf']]);
    const attached = pdfText(delivered.attachments[0].content);
    expect(attached).toContain(`Invoice ${invoice.number}`);
    expect(attached).toContain('Rise & Shine Bakery');
    expect(attached).toMatch(new RegExp(`Total\\s+\\$${invoice.total.replace('.', '\\.')}`));
    const download = await fetch(`${stack.url}/api/invoices/${invoice.id}/pdf`, { headers: { cookie: customer.cookie! } });
    expect(download.status).toBe(200);
    expect(pdfText(Buffer.from(await download.arrayBuffer()))).toBe(attached);
    await eventually(async () => (await pendingMail()) === 0);
    // (mails are sent several at a time: their order of arrival is not the events')
    expect(smtp.to(email).map((m) => m.subject).sort()).toEqual([
      `Order #${number} received - Rise & Shine Bakery`,
      `Order #${number} changed - Rise & Shine Bakery`,
      `Order #${number} confirmed - Rise & Shine Bakery`,
      `Order #${number} is on its way - Rise & Shine Bakery`,
      `Order #${number} delivered - Rise & Shine Bakery`,
    ].sort());
    const rows = await stack.query<{ kind: string; n: number }>(
      'notifications',
      `SELECT kind, count(*)::int AS n FROM mail_outbox WHERE order_id = $1 AND recipient = $2 GROUP BY kind ORDER BY kind`,
      [order.id, email],
    );
    expect(rows).toEqual([
      { kind: 'order_amended', n: 1 },
      { kind: 'order_confirmation', n: 1 },
      { kind: 'order_status', n: 3 },
    ]);
    // the sent mail keeps the file's name, not its bytes
    const kept = await stack.query<{ attachment_name: string | null; attachment: Buffer | null }>(
      'notifications',
      `SELECT attachment_name, attachment FROM mail_outbox WHERE order_id = $1 AND kind = 'order_status' AND attachment_name IS NOT NULL`,
      [order.id],
    );
    expect(kept).toEqual([{ attachment_name: `invoice-${invoice.number}.pdf`, attachment: null }]);
  });

  it('sends a cancelled invoiced order’s credit note with its mail, naming the invoice it cancels', async () => {
    const email = uniqueEmail('credit');
    const customer = await signedInCustomer(stack.url, { email });
    const order = await place(customer, 3, { deliveryDate: tomorrow() });
    const number = orderNumberOf(order.id);
    const invoice = (await admin.post(`/api/orders/${order.id}/invoice`)).body as { number: string };
    expect(invoice.number).toMatch(/^INV-/);
    expect((await admin.put(`/api/orders/${order.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const cancelled = await eventually(async () => smtp.to(email).find((m) => m.subject === `Order #${number} cancelled - Rise & Shine Bakery`));
    const credit = ((await customer.get(`/api/invoices?orderId=${order.id}`)).body as { kind: string; number: string }[]).find((d) => d.kind === 'credit-note')!;
    expect(cancelled.attachments.map((a) => a.filename)).toEqual([`credit-note-${credit.number}.pdf`]);
    const attached = pdfText(cancelled.attachments[0].content);
    expect(attached).toContain(`Credit note ${credit.number}`);
    expect(attached).toContain(`Credits invoice ${invoice.number} in full.`);
  });

  it('sends a customer who turned order updates off no status or change mail, but still the confirmation', async () => {
    const email = uniqueEmail('quiet');
    const customer = await signedInCustomer(stack.url, { email });
    const customerId = (await customer.get('/api/auth/user')).body.id as string;
    await stack.query(
      'notifications',
      `INSERT INTO mail_preferences (customer_id, order_updates, standing_order_previews, cutoff_reminders) VALUES ($1, false, true, false)`,
      [customerId],
    );
    const order = await place(customer, 1, { deliveryDate: tomorrow() });
    expect((await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId, quantity: 2 }] })).status).toBe(200);
    expect((await admin.put(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    // a later order of someone else who wants updates: once its change and status mails are out, this one's events were handled too
    const control = uniqueEmail('control');
    const controlCustomer = await signedInCustomer(stack.url, { email: control });
    const other = await place(controlCustomer, 1, { deliveryDate: tomorrow() });
    expect((await controlCustomer.patch(`/api/orders/${other.id}`, { lines: [{ productId, quantity: 2 }] })).status).toBe(200);
    expect((await admin.put(`/api/orders/${other.id}/status`, { status: 'confirmed' })).status).toBe(200);
    await eventually(async () => smtp.to(control).some((m) => m.subject?.includes('confirmed')) && smtp.to(control).some((m) => m.subject?.includes('changed')));
    await eventually(async () => (await pendingMail()) === 0);
    expect(smtp.to(email).map((m) => m.subject)).toEqual([`Order #${orderNumberOf(order.id)} received - Rise & Shine Bakery`]);
  });

  it('loses no mail and sends none twice when the SMTP server is away while 50 orders are placed (two instances sending)', async () => {
    expect(stack.instancesOf('notifications')).toHaveLength(2);
    await eventually(async () => (await pendingMail()) === 0, 15_000);
    const before = smtp.received.length;
    await smtp.stop();

    const customers = await mapLimit(Array.from({ length: 5 }, (_, i) => i), 5, async (i) => {
      const email = uniqueEmail(`outage${i}`);
      return { email, client: await signedInCustomer(stack.url, { email }) };
    });
    const orders = (
      await mapLimit(customers, 5, async ({ client }) => {
        const placed: string[] = [];
        for (let i = 0; i < 10; i++) placed.push((await place(client, 1)).id);
        return placed;
      })
    ).flat();
    expect(orders).toHaveLength(50);

    // the worker has tried and failed meanwhile (and nothing arrived: the server is away)
    await eventually(async () => {
      const [{ n }] = await stack.query<{ n: number }>(
        'notifications',
        `SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending' AND attempts > 0 AND last_error IS NOT NULL AND order_id = ANY($1::uuid[])`,
        [orders],
      );
      return n >= 8;
    }, 30_000);
    expect(smtp.received.length).toBe(before);

    await smtp.start(smtp.port);
    await eventually(async () => orders.every((id) => smtp.about(id).some((m) => m.subject?.startsWith('Order #'))), 60_000);
    await eventually(async () => (await pendingMail()) === 0, 30_000);
    for (const id of orders) {
      const confirmations = smtp.about(id).filter((m) => m.subject?.startsWith(`Order #${orderNumberOf(id)} received`));
      expect(confirmations).toHaveLength(1);
    }
    const outageMail = smtp.received.slice(before).filter((m) => customers.some((c) => mailRecipients(m).includes(c.email)));
    expect(outageMail).toHaveLength(50);
    expect(new Set(outageMail.map((m) => m.messageId)).size).toBe(50);
    const [{ failed }] = await stack.query<{ failed: number }>('notifications', `SELECT count(*)::int AS failed FROM mail_outbox WHERE status <> 'sent'`);
    expect(failed).toBe(0);
  }, 180_000);

  it('marks a mail the server refuses for good (5xx) failed at once, and shows it to admins only', async () => {
    const email = uniqueEmail('bounce');
    const customer = await signedInCustomer(stack.url, { email });
    const order = await place(customer, 1);
    const failed = await eventually(async () => {
      const res = await admin.get('/api/admin/mail?status=failed');
      return res.status === 200 && (res.body as any[]).find((m) => m.recipient === email);
    }, 15_000);
    expect(failed).toMatchObject({
      kind: 'order_confirmation',
      recipient: email,
      status: 'failed',
      attempts: 1,
      orderId: order.id,
      subject: `Order #${orderNumberOf(order.id)} received - Rise & Shine Bakery`,
      nextAttemptAt: null,
      sentAt: null,
    });
    expect(failed.lastError).toContain('550');
    expect(failed).not.toHaveProperty('html');

    const all = await admin.get('/api/admin/mail?limit=1');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(1);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThan(50);
    const next = /<([^>]+)>;\s*rel="next"/.exec(all.headers.get('link') ?? '')?.[1];
    expect(next).toContain('limit=1');
    const second = await admin.get(next!.slice(new URL(next!).origin.length));
    expect(second.status).toBe(200);
    expect(second.body[0].id).not.toBe(all.body[0].id);

    // an event naming an order ordering does not know (forged): handled (the badge counts it), its mail failed, not retried
    const forged = randomUUID();
    const nc = await connect({ servers: process.env.NATS_URL! });
    try {
      const envelope = {
        id: randomUUID(),
        type: OrderingEvents.orderPlaced,
        source: 'ordering',
        occurredAt: new Date().toISOString(),
        payload: { orderId: forged, customerId: randomUUID(), lines: [] },
      };
      await nc.jetstream().publish(eventSubject(stack.namespace, OrderingEvents.orderPlaced), JSON.stringify(envelope), { msgID: envelope.id });
    } finally {
      await nc.close();
    }
    const unknown = await eventually(async () => {
      const rows = await stack.query('notifications', `SELECT status, attempts, last_error FROM mail_outbox WHERE order_id = $1 AND kind = 'order_confirmation'`, [forged]);
      return rows[0]?.status === 'failed' && rows[0];
    });
    expect(unknown).toEqual({ status: 'failed', attempts: 1, last_error: `could not compose the mail: order ${forged} is unknown to ordering` });
    expect(await stack.query('notifications', 'SELECT count(*)::int AS n FROM order_notifications WHERE order_id = $1', [forged])).toEqual([{ n: 1 }]);

    expect((await admin.get('/api/admin/mail?status=lost')).status).toBe(400);
    expect((await admin.get('/api/admin/mail?cursor=forged')).status).toBe(400);
    expect((await customer.get('/api/admin/mail?status=failed')).status).toBe(403);
    expect((await new ApiClient(stack.url).get('/api/admin/mail')).status).toBe(401);
  });

  describe('password reset', () => {
    it('answers the same for any email, mails a single-use link that ends every other session, and refuses wrong tokens', async () => {
      const email = uniqueEmail('reset');
      const customer = await signedInCustomer(stack.url, { email });
      const elsewhere = new ApiClient(stack.url);
      expect((await elsewhere.post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(200);
      const anonymous = new ApiClient(stack.url);

      const known = await anonymous.post('/api/auth/forgot-password', { email });
      const unknown = await anonymous.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toEqual({ message: PasswordResetMessages.accepted });
      expect((await anonymous.post('/api/auth/forgot-password', { email: 'not an email' })).status).toBe(400);

      const mail = await eventually(async () => smtp.to(email).find((m) => m.subject === 'Reset your password - Rise & Shine Bakery'), 15_000);
      const { token, url } = tokenIn(mail);
      expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/reset-password`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(String(mail.html)).toContain(`/reset-password?token&#x3D;${token}`);
      // auth keeps only the token's hash; the sent mail's body is blanked
      const tokens = await stack.query<{ token_hash: string }>('auth', 'SELECT token_hash FROM password_tokens');
      expect(tokens.map((t) => t.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(tokens)).not.toContain(token);
      await eventually(async () => {
        const [row] = await stack.query('notifications', `SELECT html, text_body, data FROM mail_outbox WHERE recipient = $1 AND kind = 'password_reset'`, [email]);
        return row?.html === '' && row?.text_body === '' && JSON.stringify(row.data) === '{}';
      });

      // a guessed, malformed or short one is refused alike, and a short password keeps the token usable
      const guessed = await anonymous.post('/api/auth/reset-password', { token: randomBytes(32).toString('base64url'), password: 'new-password-1' });
      expect(guessed.status).toBe(400);
      expect(guessed.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: PasswordResetMessages.invalidToken });
      expect((await anonymous.post('/api/auth/reset-password', { token: 'short', password: 'new-password-1' })).body).toEqual(guessed.body);
      const weak = await anonymous.post('/api/auth/reset-password', { token, password: '12345' });
      expect(weak.status).toBe(400);
      expect(weak.body.errors.password).toEqual(['Password must be at least 6 characters']);

      const reset = await anonymous.post('/api/auth/reset-password', { token, password: 'new-password-1' });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ ok: true, role: 'customer' });
      expect(anonymous.cookie).toBeUndefined();

      // used: refused
      const again = await anonymous.post('/api/auth/reset-password', { token, password: 'new-password-2' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(guessed.body);

      // every session of the account has ended; the old password no longer signs in, the new one does
      expect((await customer.get('/api/auth/user')).status).toBe(401);
      expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
      expect((await new ApiClient(stack.url).post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(401);
      const signIn = new ApiClient(stack.url);
      expect((await signIn.post('/api/auth/login', { email, password: 'new-password-1' })).status).toBe(200);
      expect((await signIn.get('/api/auth/user')).body.email).toBe(email);
    });

    it('refuses an expired link, and mails an email no more than 3 links a window (still answering 202)', async () => {
      const email = uniqueEmail('expired');
      await signedInCustomer(stack.url, { email });
      const anonymous = new ApiClient(stack.url);
      expect((await anonymous.post('/api/auth/forgot-password', { email })).status).toBe(202);
      const first = await eventually(async () => smtp.to(email)[0], 15_000);
      await stack.query('auth', `UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
      const expired = await anonymous.post('/api/auth/reset-password', { token: tokenIn(first).token, password: 'new-password-1' });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(PasswordResetMessages.invalidToken);

      for (let i = 0; i < 4; i++) expect((await anonymous.post('/api/auth/forgot-password', { email })).status).toBe(202);
      await eventually(async () => smtp.to(email).length === 3, 15_000);
      const [{ n }] = await stack.query<{ n: number }>(
        'auth',
        `SELECT count(*)::int AS n FROM password_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
        [email],
      );
      expect(n).toBe(3);
      await eventually(async () => (await pendingMail()) === 0);
      expect(smtp.to(email)).toHaveLength(3);
    });

    it('welcomes a customer an admin created with a link to set their own password', async () => {
      const email = uniqueEmail('welcome');
      const created = await admin.post('/api/customers', { email, password: 'admin-chose-1', firstName: `Ann ${HOSTILE}`, businessName: 'Bistro' });
      expect(created.status).toBe(201);
      const mail = await eventually(async () => smtp.to(email)[0], 15_000);
      expect(mail.subject).toBe('Welcome to Rise & Shine Bakery: set your password');
      expect(String(mail.html)).toContain('Hello Ann &lt;script&gt;');
      const { token, url } = tokenIn(mail);
      expect(url.searchParams.get('welcome')).toBe('1');
      const set = await new ApiClient(stack.url).post('/api/auth/reset-password', { token, password: 'my-own-password' });
      expect(set.status).toBe(200);
      expect((await new ApiClient(stack.url).post('/api/auth/login', { email, password: 'my-own-password' })).status).toBe(200);
      // self-registered customers get no welcome mail
      const self = uniqueEmail('self');
      await signedInCustomer(stack.url, { email: self });
      await eventually(async () => (await pendingMail()) === 0);
      expect(smtp.to(self)).toHaveLength(0);
    });

    it('limits "forgot password" per address (429), without telling anything about the email', async () => {
      const anonymous = new ApiClient(stack.url);
      const answers: number[] = [];
      for (let i = 0; i < 25 && !answers.includes(429); i++) {
        answers.push((await anonymous.post('/api/auth/forgot-password', { email: uniqueEmail('flood') })).status);
      }
      expect(answers).toContain(429);
      expect(answers.filter((s) => s !== 202 && s !== 429)).toEqual([]);
      const refused = await anonymous.post('/api/auth/forgot-password', { email: uniqueEmail('flood') });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(PasswordResetMessages.tooMany(15));
    });
  });
});

describe('email without SMTP_URL: .eml files under MAIL_DIR, composed once ordering answers', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // MAIL_DIR: a folder of this stack's own (TestStack), dropped with it
    // short waits between attempts, and enough of them to outlast ordering's restart on a busy machine
    stack = await TestStack.start({ env: { PUBLIC_URL, MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '300', MAIL_MAX_ATTEMPTS: '1000' } });
  });
  afterAll(() => stack?.close());

  /** The .eml files of a kind once there is one (eventually waits for a truthy value: not an empty list). */
  async function filesOf(kind: string): Promise<string[] | false> {
    // finished mails only: one being written is `<name>.eml.partial` until it is renamed
    const files = (await emlFiles()).filter((name) => name.includes(`-${kind}-`) && name.endsWith('.eml'));
    return files.length > 0 && files;
  }

  async function emlFiles(): Promise<string[]> {
    try {
      return (await readdir(stack.env.MAIL_DIR!)).sort();
    } catch {
      return [];
    }
  }

  it('writes each mail as an .eml file; an ordering that does not answer delays the mail, not the event', async () => {
    const email = uniqueEmail('files');
    await signedInCustomer(stack.url, { email });
    await stack.stopService('ordering');
    expect((await new ApiClient(stack.url).post('/api/auth/forgot-password', { email })).status).toBe(202);

    // the event is handled (its mail written) at once; composing it waits for ordering (the bakery's name)
    const [waiting] = await eventually(async () => {
      const rows = await stack.query('notifications', `SELECT status, attempts, last_error FROM mail_outbox WHERE recipient = $1 AND attempts > 0`, [email]);
      return rows.length > 0 && rows;
    }, 15_000);
    expect(waiting.status).toBe('pending');
    expect(waiting.last_error).toMatch(/^could not compose the mail: /);
    expect(await emlFiles()).toEqual([]);

    await stack.startService('ordering');
    const [file] = await eventually(() => filesOf('password_reset'), 15_000);
    expect(file).toMatch(/^\d{8}T\d{6}Z-password_reset-[0-9a-f-]{36}\.eml$/);
    const mail = await simpleParser(await readFile(path.join(stack.env.MAIL_DIR!, file)));
    expect(mail.subject).toBe('Reset your password - Bakery');
    expect(mailRecipients(mail)).toEqual([email]);
    expect(tokenIn(mail).url.origin).toBe(PUBLIC_URL);

    const customer = await signedInCustomer(stack.url);
    const product = await createProduct(await signedInAdmin(stack.url), { price: '2.00', stock: 10 });
    expect((await customer.post('/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201);
    const placed = await customer.post('/api/orders', {});
    expect(placed).toMatchObject({ status: 201 });
    const order = placed.body;
    const [confirmation] = await eventually(() => filesOf('order_confirmation'), 15_000);
    const parsed = await simpleParser(await readFile(path.join(stack.env.MAIL_DIR!, confirmation)));
    expect(parsed.subject).toBe(`Order #${orderNumberOf(order.id)} received - Bakery`);
    expect(parsed.text).toContain(`Total: $${order.total}`);
    expect((await emlFiles()).filter((name) => !name.endsWith('.eml'))).toEqual([]);
  });
});
