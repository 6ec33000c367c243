import { randomUUID } from 'node:crypto';
import * as contracts from '@bakery/contracts';
import { AppError, ErrorCode, SERVICE_NAMES, ServiceName } from '@bakery/contracts';
import { connectNats, RpcClient } from '@bakery/platform';
import { ApiClient, createProduct, eventually, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';
import type { NatsConnection } from 'nats';

/**
 * NATS is a trust boundary too: any process on the bus can send any service a message. This walks
 * EVERY request pattern the contracts declare (every `*Patterns` constant, and every per-service
 * `*Pattern(service)` function, so a new pattern is covered, or fails here until it has a sample)
 * and sends hostile payloads straight to the running services, past the gateway. Each must be
 * answered with a validation error (400, field errors), not a timeout, a 500 or a success, and none
 * may write anything.
 */

/** Every request pattern of the contracts. */
function contractPatterns(): string[] {
  const patterns = new Set<string>();
  for (const [name, value] of Object.entries(contracts)) {
    if (/^[A-Z]\w*Patterns$/.test(name) && typeof value === 'object' && value !== null) {
      for (const pattern of Object.values(value)) if (typeof pattern === 'string') patterns.add(pattern);
    } else if (/^[a-z]\w*Pattern$/.test(name) && typeof value === 'function') {
      for (const service of SERVICE_NAMES) patterns.add((value as (s: ServiceName) => string)(service));
    }
  }
  return [...patterns].sort();
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the fixtures give the samples: rows that exist, so a write that slipped through would show. */
interface Fixtures {
  customerId: string;
  productId: string;
  lineId: string;
  orderId: string;
  uploadId: string;
}

/**
 * A valid payload of each pattern with ONLY its required fields: so leaving out any of them, or
 * giving it the wrong type, null or a huge string, must be refused.
 */
function samples(f: Fixtures): Record<string, { [key: string]: Json }> {
  const customer = { userId: f.customerId, role: 'customer' };
  const perService = Object.fromEntries(
    SERVICE_NAMES.flatMap((s) => [
      [contracts.healthPattern(s), {}],
      [contracts.deadLettersPattern(s), {}],
      [contracts.redrivePattern(s), { all: true }],
    ]),
  );
  return {
    ...perService,
    // auth
    [contracts.AuthPatterns.createPendingUser]: { email: uniqueEmail('boundary'), password: TEST_PASSWORD, role: 'customer' },
    [contracts.AuthPatterns.activateUser]: { userId: f.customerId },
    [contracts.AuthPatterns.discardPendingUser]: { userId: f.customerId },
    [contracts.AuthPatterns.getUser]: { userId: f.customerId },
    [contracts.AuthPatterns.getUsers]: { role: 'customer', ids: [f.customerId] },
    [contracts.AuthPatterns.updateNames]: { userId: f.customerId },
    [contracts.AuthPatterns.registerAdmin]: {
      email: uniqueEmail('boundary'),
      password: TEST_PASSWORD,
      firstName: 'Ada',
      lastName: 'Baker',
      registrationKey: 'not-the-key',
      ip: '10.9.8.7',
    },
    [contracts.AuthPatterns.login]: { email: uniqueEmail('boundary'), password: TEST_PASSWORD, ip: '10.9.8.7', requireAdmin: false },
    [contracts.AuthPatterns.createSession]: { userId: f.customerId },
    [contracts.AuthPatterns.checkSession]: { sid: 'no-such-session' },
    [contracts.AuthPatterns.revokeSession]: { sid: 'no-such-session' },
    [contracts.AuthPatterns.changePassword]: { userId: f.customerId, sid: 'no-such-session', currentPassword: TEST_PASSWORD, newPassword: 'another-secret' },
    [contracts.PasswordResetPatterns.request]: { email: uniqueEmail('boundary'), ip: '10.9.8.7' },
    [contracts.PasswordResetPatterns.complete]: { token: 'A'.repeat(43), password: TEST_PASSWORD },
    [contracts.MailPreferencePatterns.get]: { customerId: f.customerId },
    // (its three fields are optional: a hostile variant of one would be a valid payload)
    [contracts.MailPreferencePatterns.update]: { customerId: f.customerId },
    [contracts.CutoffReminderPatterns.candidates]: { customerIds: [f.customerId], leadMinutes: 60 },
    [contracts.SkipLinkPatterns.check]: { token: 'A'.repeat(43) },
    [contracts.SkipLinkPatterns.use]: { token: 'A'.repeat(43) },
    // customers
    [contracts.CustomersPatterns.register]: { email: uniqueEmail('boundary'), password: TEST_PASSWORD },
    [contracts.CustomersPatterns.create]: { email: uniqueEmail('boundary'), password: TEST_PASSWORD },
    [contracts.CustomersPatterns.list]: {},
    [contracts.CustomersPatterns.get]: { userId: f.customerId },
    [contracts.CustomersPatterns.update]: { userId: f.customerId },
    [contracts.CustomersPatterns.getProfile]: { userId: f.customerId },
    [contracts.CustomersPatterns.orderContact]: { userId: f.customerId },
    [contracts.CustomersPatterns.deliveryDetails]: { userIds: [f.customerId] },
    [contracts.CustomerTermsPatterns.listPriceLists]: {},
    [contracts.CustomerTermsPatterns.getPriceList]: { id: randomUUID() },
    [contracts.CustomerTermsPatterns.createPriceList]: { name: 'Boundary List', percentage: '90' },
    [contracts.CustomerTermsPatterns.updatePriceList]: { id: randomUUID(), name: 'Boundary List', percentage: '90' },
    [contracts.CustomerTermsPatterns.deletePriceList]: { id: randomUUID() },
    [contracts.CustomerTermsPatterns.priceListCustomers]: { id: randomUUID() },
    [contracts.CustomerTermsPatterns.getTerms]: { userId: f.customerId },
    [contracts.CustomerTermsPatterns.setTerms]: { userId: f.customerId, changedBy: randomUUID() },
    [contracts.CustomerTermsPatterns.termsAudit]: { userId: f.customerId },
    [contracts.CustomerTermsPatterns.resolve]: { userId: f.customerId },
    [contracts.CustomerTermsPatterns.heldAmong]: { customerIds: [f.customerId] },
    // catalog
    [contracts.CatalogPatterns.listProducts]: { role: 'admin' },
    [contracts.CatalogPatterns.getProduct]: { id: f.productId },
    [contracts.CatalogPatterns.getProducts]: { ids: [f.productId] },
    [contracts.CatalogPatterns.productionInfo]: { ids: [f.productId] },
    [contracts.CatalogPatterns.createProduct]: { name: 'Boundary Loaf', price: '4.50', category: 'breads', stock: 5 },
    [contracts.CatalogPatterns.updateProduct]: { id: f.productId },
    [contracts.CatalogPatterns.submitProduct]: {
      price: '4.50',
      stock: 5,
      imageUrl: `/objects/uploads/${f.uploadId}`,
      customerId: f.customerId,
    },
    [contracts.CatalogPatterns.deleteProduct]: { id: f.productId },
    [contracts.CatalogPatterns.toggleActive]: { id: f.productId },
    [contracts.CatalogPatterns.lowStock]: {},
    [contracts.CatalogPatterns.reserve]: { orderId: randomUUID(), lines: [{ productId: f.productId, quantity: 1 }] },
    [contracts.CatalogPatterns.release]: { orderId: f.orderId },
    [contracts.CatalogPatterns.issueUpload]: { ownerId: f.customerId, ttlSeconds: 60 },
    [contracts.CatalogPatterns.checkUpload]: { id: f.uploadId, ownerId: f.customerId },
    [contracts.CatalogPatterns.registerUpload]: { id: f.uploadId, ownerId: f.customerId },
    // ordering
    [contracts.OrderingPatterns.getCart]: { customerId: f.customerId },
    [contracts.OrderingPatterns.addToCart]: { customerId: f.customerId, productId: f.productId, quantity: 1 },
    [contracts.OrderingPatterns.updateCartLine]: { customerId: f.customerId, lineId: f.lineId, quantity: 2 },
    [contracts.OrderingPatterns.removeCartLine]: { customerId: f.customerId, lineId: f.lineId },
    [contracts.OrderingPatterns.cartCount]: { customerId: f.customerId },
    [contracts.OrderingPatterns.getPricing]: {},
    [contracts.OrderingPatterns.setPricing]: { deliveryFee: '12.50', taxRate: '0.085' },
    [contracts.OrderingPatterns.placeOrder]: { customerId: f.customerId },
    [contracts.OrderingPatterns.listOrders]: { caller: customer },
    [contracts.OrderingPatterns.getOrder]: { caller: customer, orderId: f.orderId },
    [contracts.OrderingPatterns.changeStatus]: { orderId: f.orderId, status: 'confirmed' },
    [contracts.OrderingPatterns.cancelOrder]: { caller: customer, orderId: f.orderId },
    [contracts.OrderChangePatterns.reorder]: { caller: customer, orderId: f.orderId },
    [contracts.OrderChangePatterns.amend]: { caller: customer, orderId: f.orderId },
    [contracts.CatalogPatterns.adjust]: {
      orderId: f.orderId,
      amendmentId: randomUUID(),
      previousLines: [{ productId: f.productId, quantity: 2 }],
      lines: [{ productId: f.productId, quantity: 2 }],
    },
    [contracts.OrderingPatterns.metrics]: { caller: customer },
    [contracts.OrderingPatterns.calendar]: {},
    [contracts.CatalogPatterns.reserveAvailable]: { orderId: randomUUID(), lines: [{ productId: f.productId, quantity: 1 }] },
    [contracts.StandingOrderPatterns.create]: { caller: customer, name: 'Boundary', startDate: '2099-01-04', everyWeeks: 1, lines: [{ productId: f.productId, quantities: [1, 0, 0, 0, 0, 0, 0] }] },
    [contracts.StandingOrderPatterns.replace]: { caller: customer, id: randomUUID(), name: 'Boundary', startDate: '2099-01-04', everyWeeks: 1, lines: [{ productId: f.productId, quantities: [1, 0, 0, 0, 0, 0, 0] }] },
    [contracts.StandingOrderPatterns.list]: { caller: customer },
    [contracts.StandingOrderPatterns.get]: { caller: customer, id: randomUUID() },
    [contracts.StandingOrderPatterns.remove]: { caller: customer, id: randomUUID() },
    [contracts.StandingOrderPatterns.pause]: { caller: customer, id: randomUUID() },
    [contracts.StandingOrderPatterns.resume]: { caller: customer, id: randomUUID() },
    [contracts.StandingOrderPatterns.upcoming]: { caller: customer, weeks: 4 },
    [contracts.StandingOrderPatterns.changeDelivery]: { caller: customer, id: randomUUID(), date: '2099-01-05' },
    [contracts.CatalogPatterns.reserveAvailableMany]: { reservations: [{ orderId: randomUUID(), lines: [{ productId: f.productId, quantity: 1 }] }] },
    [contracts.InvoicePatterns.list]: { caller: customer },
    [contracts.InvoicePatterns.get]: { caller: customer, id: randomUUID() },
    [contracts.InvoicePatterns.issue]: { orderId: f.orderId },
    [contracts.InvoicePatterns.setPaid]: { id: randomUUID(), paid: true },
    [contracts.BakeryDetailsPatterns.get]: {},
    [contracts.BakeryDetailsPatterns.set]: { name: 'Boundary Bakery' },
    [contracts.ProductionPatterns.bakeList]: { date: '2099-01-06' },
    [contracts.ProductionPatterns.bakeListCustomers]: { date: '2099-01-06', productId: f.productId },
    [contracts.ProductionPatterns.print]: { date: '2099-01-06' },
    [contracts.ProductionPatterns.week]: { from: '2099-01-05', days: 7 },
    [contracts.ProductionPatterns.packingSlips]: { date: '2099-01-06' },
    [contracts.ProductionPatterns.runSheet]: { date: '2099-01-06' },
    [contracts.DeliveryPatterns.getSchedule]: {},
    [contracts.DeliveryPatterns.setSchedule]: {
      weekdays: contracts.DEFAULT_DELIVERY_SCHEDULE.weekdays.map((rule) => ({ ...rule, slots: [...rule.slots] })),
      requireDeliveryDate: false,
      autoConfirmAtCutoff: false,
    },
    [contracts.DeliveryPatterns.listClosures]: {},
    [contracts.DeliveryPatterns.addClosure]: { from: '2099-12-25', to: '2099-12-26', message: 'Closed for Christmas' },
    [contracts.DeliveryPatterns.removeClosure]: { id: randomUUID() },
    [contracts.DeliveryPatterns.calendar]: { caller: customer, from: '2099-12-01', to: '2099-12-07' },
    // notifications
    [contracts.NotificationsPatterns.count]: {},
    [contracts.NotificationsPatterns.markRead]: {},
    [contracts.MailPatterns.list]: {},
  };
}

const HUGE = 'x'.repeat(300_000);

/** The same type of mistake for any field: a value no field of that type accepts. */
function wrongType(value: Json): Json {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not a list';
  return 'not an object';
}

type Path = (string | number)[];

/** Paths of every value in a sample, nested objects and list items included. */
function paths(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  const inner = keys.flatMap((key) => paths((value as Record<string | number, Json>)[key], [...prefix, key]));
  return prefix.length > 0 ? [prefix, ...inner] : inner;
}

/** Paths of the objects in a sample (itself included), where an unknown field can be slipped in. */
function objectPaths(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  const inner = keys.flatMap((key) => objectPaths((value as Record<string | number, Json>)[key], [...prefix, key]));
  return Array.isArray(value) ? inner : [prefix, ...inner];
}

function edit(sample: Json, path: Path, change: (parent: Record<string | number, Json>, key: string | number) => void): Json {
  const copy = structuredClone(sample);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  change(parent, path[path.length - 1]);
  return copy;
}

/** The hostile variants of a sample, each with what it tries. */
function hostile(sample: { [key: string]: Json }): { what: string; payload: Json | undefined }[] {
  const variants: { what: string; payload: Json | undefined }[] = [
    { what: 'no payload', payload: undefined },
    { what: 'null', payload: null },
    { what: 'a number', payload: 42 },
    { what: 'a huge string instead of an object', payload: HUGE },
    { what: 'a list', payload: [sample] },
  ];
  for (const at of objectPaths(sample)) {
    const where = at.length ? `in ${at.join('.')}` : 'at the top';
    variants.push({ what: `an unknown field ${where}`, payload: edit(sample, [...at, 'unexpected'], (p, k) => (p[k] = 'x')) });
    variants.push({ what: `an unknown huge field ${where}`, payload: edit(sample, [...at, 'padding'], (p, k) => (p[k] = HUGE)) });
  }
  for (const path of paths(sample)) {
    const name = path.join('.');
    variants.push({ what: `${name} missing`, payload: edit(sample, path, (p, k) => delete p[k]) });
    variants.push({ what: `${name} null`, payload: edit(sample, path, (p, k) => (p[k] = null)) });
    variants.push({ what: `${name} of the wrong type`, payload: edit(sample, path, (p, k) => (p[k] = wrongType(p[k]))) });
    variants.push({ what: `${name} a huge string`, payload: edit(sample, path, (p, k) => (p[k] = HUGE)) });
  }
  return variants;
}

describe('the NATS boundary: every request pattern validates what it accepts', () => {
  const patterns = contractPatterns();
  let stack: TestStack;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let fixtures: Fixtures;
  let before: Record<string, string>;

  /** Every row of every table of the stack's five databases, as one fingerprint per table. */
  async function snapshot(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const service of SERVICE_NAMES) {
      const tables = await stack.query<{ name: string }>(
        service,
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY 1`,
      );
      for (const { name } of tables) {
        const [row] = await stack.query<{ n: number; digest: string }>(
          service,
          `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
        );
        out[`${service}.${name}`] = `${row.n} rows ${row.digest}`;
      }
    }
    return out;
  }

  /** The error a request answers (null when it succeeds). */
  async function answer(pattern: string, payload: Json | undefined): Promise<AppError | null> {
    try {
      await rpc.request(pattern, payload, { timeoutMs: 10_000 });
      return null;
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
  }

  beforeAll(async () => {
    stack = await TestStack.start();
    nc = await connectNats(process.env.NATS_URL!, 'nats-boundary-test');
    rpc = new RpcClient(nc, stack.namespace, 10_000);

    // rows for the samples to name: a customer with an order, a cart line, a product, an upload
    const admin = await signedInAdmin(stack.url);
    const product = await createProduct(admin, { price: '3.00', stock: 100 });
    const customer: ApiClient = await signedInCustomer(stack.url);
    const customerId = (await customer.get('/api/auth/user')).body.id as string;
    expect((await customer.post('/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201);
    const order = await customer.post('/api/orders', {});
    expect(order.status).toBe(201);
    const line = await customer.post('/api/cart', { productId: product.id, quantity: 1 });
    expect(line.status).toBe(201);
    const upload = await rpc.request<{ id: string }>(contracts.CatalogPatterns.issueUpload, { ownerId: customerId, ttlSeconds: 900 });
    await rpc.request(contracts.CatalogPatterns.registerUpload, { id: upload.id, ownerId: customerId });
    fixtures = { customerId, productId: product.id, lineId: line.body.id, orderId: order.body.id, uploadId: upload.id };

    // what the setup set off (order.placed handled by catalog and notifications, outboxes relayed) has settled
    let previous = await snapshot();
    before = await eventually(async () => {
      await new Promise((r) => setTimeout(r, 300));
      const now = await snapshot();
      const settled = JSON.stringify(now) === JSON.stringify(previous);
      previous = now;
      return settled && now;
    }, 20_000);
  });

  afterAll(async () => {
    await nc?.close().catch(() => undefined);
    await stack?.close();
  });

  it('knows a valid sample of every pattern the contracts declare (add one for a new pattern)', () => {
    const known = samples(fixtures);
    expect(patterns.filter((p) => !(p in known))).toEqual([]);
    expect(patterns.length).toBeGreaterThanOrEqual(50);
  });

  describe.each(patterns)('%s', (pattern) => {
    it('answers every hostile payload with a validation error', async () => {
      const sample = samples(fixtures)[pattern];
      expect(sample).toBeDefined();
      const wrong: string[] = [];
      for (const { what, payload } of hostile(sample)) {
        const err = await answer(pattern, payload);
        const ok = err !== null && err.code === ErrorCode.ValidationFailed && Object.keys(err.fields ?? {}).length > 0;
        if (!ok) wrong.push(`${what}: ${err ? `${err.code} ${err.message.slice(0, 120)}` : 'accepted'}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  it('wrote nothing in any database while refusing them', async () => {
    const after = await snapshot();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual([]);
  });

  it('drops every hostile event a service consumes, handled once and written nowhere', async () => {
    const f = fixtures;
    // [event type, the services consuming it, a valid payload with only required fields]
    const consumed: [string, ServiceName[], { [key: string]: Json }][] = [
      [
        contracts.OrderingEvents.orderPlaced,
        ['catalog', 'notifications'],
        { orderId: randomUUID(), customerId: f.customerId, lines: [{ productId: f.productId, quantity: 1 }] },
      ],
      [contracts.OrderingEvents.orderCancelled, ['catalog'], { orderId: f.orderId }],
      [
        contracts.OrderingEvents.orderAmended,
        ['catalog', 'notifications'],
        {
          orderId: f.orderId,
          customerId: f.customerId,
          amendmentId: randomUUID(),
          status: 'pending',
          changed: ['lines'],
          lines: [{ productId: f.productId, quantity: 1 }],
          lineChanges: [{ productId: f.productId, before: 2, after: 1 }],
          previousTotal: '10.00',
          total: '9.00',
        },
      ],
      [
        contracts.OrderingEvents.orderStatusChanged,
        ['notifications'],
        { orderId: f.orderId, customerId: f.customerId, status: 'confirmed', previousStatus: 'pending' },
      ],
      [
        contracts.CatalogEvents.stockLow,
        ['notifications'],
        { productId: f.productId, name: 'Loaf', stock: 1, lowStockThreshold: 5, alertType: 'low_stock', alertId: randomUUID(), message: 'Low' },
      ],
      [contracts.CatalogEvents.productDeleted, ['ordering'], { productId: f.productId }],
      [
        contracts.AuthEvents.passwordLinkIssued,
        ['notifications'],
        { userId: f.customerId, email: 'boundary@example.test', token: 'A'.repeat(43), purpose: 'reset', expiresAt: new Date().toISOString() },
      ],
      [
        contracts.OrderingEvents.standingDeliverySkipped,
        ['notifications'],
        { standingOrderId: randomUUID(), customerId: f.customerId, deliveryDate: '2099-01-05', reason: 'on_hold' },
      ],
      [
        contracts.OrderingEvents.standingDeliveryPreview,
        ['notifications'],
        {
          standingOrderId: randomUUID(),
          customerId: f.customerId,
          standingOrderName: 'Boundary',
          deliveryDate: '2099-01-05',
          cutoffAt: new Date().toISOString(),
          lines: [{ productId: f.productId, quantity: 1 }],
          skipToken: 'A'.repeat(43),
        },
      ],
    ];
    const js = nc.jetstream();
    const sent: { service: ServiceName; consumer: string; id: string }[] = [];
    for (const [type, services, sample] of consumed) {
      // unknown fields are stripped from events, not refused (a newer publisher may add some)
      for (const { payload } of hostile(sample).filter((v) => !v.what.startsWith('an unknown'))) {
        const id = randomUUID();
        const envelope = { id, type, source: 'intruder', occurredAt: new Date().toISOString(), payload };
        await js.publish(contracts.eventSubject(stack.namespace, type), JSON.stringify(envelope), { msgID: id });
        for (const service of services) sent.push({ service, consumer: contracts.durableConsumerName(service, type), id });
      }
    }
    // each consumer acknowledged each one as handled (its inbox has it)...
    await eventually(async () => {
      for (const service of SERVICE_NAMES) {
        const mine = sent.filter((e) => e.service === service);
        if (mine.length === 0) continue;
        const [{ n }] = await stack.query<{ n: number }>(
          service,
          `SELECT count(*)::int AS n FROM event_inbox WHERE (event_id::text || '/' || consumer) = ANY($1::text[])`,
          [mine.map((e) => `${e.id}/${e.consumer}`)],
        );
        if (n !== mine.length) return false;
      }
      return true;
    }, 30_000);
    // ...and nothing else changed anywhere: no stock returned, no notification, no cart line gone,
    // no dead letter (a dropped event is not a failure to retry)
    const after = await snapshot();
    const changed = Object.keys(after).filter((table) => !table.endsWith('.event_inbox') && after[table] !== before[table]);
    expect(changed).toEqual([]);
  });

  // The control: the samples themselves pass validation (whatever the service then answers), so
  // the refusals above are the hostile parts' doing. Runs last: some samples write.
  it.each(patterns)('accepts the valid sample of %s', async (pattern) => {
    const sample = samples(fixtures)[pattern];
    const err = await answer(pattern, sample);
    if (err === null) return;
    expect(err.code).not.toBe(ErrorCode.Internal);
    expect(err.code).not.toBe(ErrorCode.ServiceUnavailable);
    // a 400 the service gives for the state of things (an empty cart), never for the sample's fields
    const named = Object.keys(err.fields ?? {}).filter((field) => field === 'payload' || field.split('.')[0] in sample);
    expect(named).toEqual([]);
  });
});
