import { SERVICE_NAMES, ServiceName } from '@bakery/contracts';
import { parseExposition, Sample, sampleValue } from '@bakery/platform';
import { api, ApiClient, createProduct, eventually, rawGet, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

const TOKEN = 'metrics-test-token-0123456789';

/**
 * Prometheus metrics (issue 21): the gateway's GET /metrics behind its bearer token, each
 * service's own METRICS_PORT (0 here: the system picks, RunningService.metricsUrl says which), and
 * the counters and histograms a checkout moves, by exactly what it did.
 */
describe('metrics', () => {
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' } });
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  async function gatewayMetrics(): Promise<Sample[]> {
    const res = await fetch(`${stack.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return parseExposition(await res.text());
  }

  async function serviceMetrics(name: ServiceName): Promise<Sample[]> {
    const [instance] = stack.instancesOf(name);
    const res = await fetch(instance.metricsUrl!);
    expect(res.status).toBe(200);
    return parseExposition(await res.text());
  }

  async function everyProcess(): Promise<Record<ServiceName | 'gateway', Sample[]>> {
    const entries = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await serviceMetrics(name)] as const));
    return { ...(Object.fromEntries(entries) as Record<ServiceName, Sample[]>), gateway: await gatewayMetrics() };
  }

  it('answers GET /metrics on the API port only with the bearer token; 404 otherwise, as for a route that does not exist', async () => {
    const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'Cannot GET /metrics' };
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Basic ${TOKEN}` }, { authorization: TOKEN }]) {
      const res = await api(stack.url, 'GET', '/metrics', undefined, headers);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect((await api(stack.url, 'POST', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);

    const ok = await rawGet(stack.url, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    const samples = parseExposition(ok.body);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((s) => s.name.startsWith('bakery_') && s.labels.service === 'gateway')).toBe(true);
    expect(sampleValue(samples, 'bakery_process_cpu_user_seconds_total')).toBeGreaterThan(0);

    // a gateway without METRICS_TOKEN has no /metrics at all, whatever is sent
    const plain = await stack.startGateway({ METRICS_TOKEN: '' });
    expect(plain.metrics.enabled).toBe(false);
    for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await api(plain.url, 'GET', '/metrics', undefined, headers);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });

  it('gives every service a metrics port of its own, with its database pool, outbox, consumers and process', async () => {
    for (const name of SERVICE_NAMES) {
      const [instance] = stack.instancesOf(name);
      expect(instance.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const samples = await serviceMetrics(name);
      expect(samples.every((s) => s.name.startsWith('bakery_') && s.labels.service === name)).toBe(true);
      expect(sampleValue(samples, 'bakery_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sampleValue(samples, 'bakery_db_pool_max')).toBe(10);
      expect(samples.some((s) => s.name === 'bakery_db_pool_waiting')).toBe(true);
      expect(samples.some((s) => s.name === 'bakery_outbox_pending')).toBe(true);
      expect(samples.some((s) => s.name === 'bakery_outbox_oldest_pending_age_seconds')).toBe(true);
      expect(sampleValue(samples, 'bakery_event_dead_letters')).toBe(0);
      expect(sampleValue(samples, 'bakery_process_resident_memory_bytes')).toBeGreaterThan(0);
      // the health checks the stack's start made
      expect(sampleValue(samples, 'bakery_nats_handled_total', { pattern: `${name}.health`, outcome: 'ok' })).toBeGreaterThan(0);
    }
    // a consumer's lag as JetStream counts it, per event type the service handles
    const notifications = await serviceMetrics('notifications');
    expect(notifications.filter((s) => s.name === 'bakery_event_consumer_pending').map((s) => s.labels.type)).toContain('order.placed');
  });

  it('moves the counters and histograms of every process by what one checkout and one refused checkout did', async () => {
    const product = await createProduct(admin, { price: '4.00', stock: 5 });
    const buyer = await signedInCustomer(stack.url);
    const late = await signedInCustomer(stack.url);
    expect((await buyer.post('/api/cart', { productId: product.id, quantity: 3 })).status).toBe(201);
    expect((await late.post('/api/cart', { productId: product.id, quantity: 3 })).status).toBe(201);
    const outboxBefore = await stack.query('ordering', `SELECT count(*)::int AS n FROM event_outbox WHERE type = 'order.placed'`);

    const before = await everyProcess();
    const placed = await buyer.post('/api/orders', {});
    expect(placed.status).toBe(201);
    // 2 left: the second customer's 3 are refused by catalog's reservation
    const refused = await late.post('/api/orders', {});
    expect(refused.status).toBe(409);
    expect((await buyer.get(`/api/orders/${placed.body.id}`)).status).toBe(200);

    // events are handled after the answers: wait until notifications has handled the order's
    const after = await eventually(async () => {
      const now = await everyProcess();
      const delta = (name: string, labels: Record<string, string>) =>
        sampleValue(now.notifications, name, labels) - sampleValue(before.notifications, name, labels);
      const ordering = sampleValue(now.ordering, 'bakery_orders_placed_total') - sampleValue(before.ordering, 'bakery_orders_placed_total');
      return delta('bakery_events_handled_total', { type: 'order.placed', outcome: 'handled' }) >= 1 && ordering >= 1 ? now : null;
    });
    const moved = (process: ServiceName | 'gateway', name: string, labels: Record<string, string> = {}) =>
      sampleValue(after[process], name, labels) - sampleValue(before[process], name, labels);

    // gateway: HTTP by route template, method and status, with the latency histogram; its NATS calls
    const place = { route: '/api/orders', method: 'POST' };
    expect(moved('gateway', 'bakery_http_requests_total', { ...place, status: '201' })).toBe(1);
    expect(moved('gateway', 'bakery_http_requests_total', { ...place, status: '409' })).toBe(1);
    expect(moved('gateway', 'bakery_http_request_duration_seconds_count', { ...place, status: '201' })).toBe(1);
    expect(moved('gateway', 'bakery_http_request_duration_seconds_bucket', { ...place, status: '201', le: '+Inf' })).toBe(1);
    expect(moved('gateway', 'bakery_http_request_duration_seconds_sum', { ...place, status: '201' })).toBeGreaterThan(0);
    expect(moved('gateway', 'bakery_http_requests_total', { route: '/api/orders/:id', method: 'GET', status: '200' })).toBe(1);
    expect(after.gateway.some((s) => s.labels.route?.includes(placed.body.id))).toBe(false);
    expect(moved('gateway', 'bakery_nats_requests_total', { pattern: 'ordering.orders.place', outcome: 'ok' })).toBe(1);
    expect(moved('gateway', 'bakery_nats_requests_total', { pattern: 'ordering.orders.place', outcome: 'CONFLICT' })).toBe(1);
    expect(moved('gateway', 'bakery_nats_request_duration_seconds_count', { pattern: 'ordering.orders.place' })).toBe(2);

    // ordering: what it handled, what it asked catalog, the order it placed and its value
    expect(moved('ordering', 'bakery_nats_handled_total', { pattern: 'ordering.orders.place', outcome: 'ok' })).toBe(1);
    expect(moved('ordering', 'bakery_nats_handled_total', { pattern: 'ordering.orders.place', outcome: 'CONFLICT' })).toBe(1);
    expect(moved('ordering', 'bakery_nats_handle_duration_seconds_count', { pattern: 'ordering.orders.place' })).toBe(2);
    expect(moved('ordering', 'bakery_nats_requests_total', { pattern: 'catalog.stock.reserve', outcome: 'ok' })).toBe(1);
    expect(moved('ordering', 'bakery_nats_requests_total', { pattern: 'catalog.stock.reserve', outcome: 'CONFLICT' })).toBe(1);
    expect(moved('ordering', 'bakery_orders_placed_total', { source: 'checkout' })).toBe(1);
    expect(moved('ordering', 'bakery_orders_placed_total', { source: 'standing_order' })).toBe(0);
    expect(moved('ordering', 'bakery_order_value_total', { source: 'checkout' })).toBeCloseTo(Number(placed.body.total), 2);
    expect(moved('ordering', 'bakery_events_published_total', { type: 'order.placed' })).toBe(1);
    const outboxAfter = await stack.query('ordering', `SELECT count(*)::int AS n FROM event_outbox WHERE type = 'order.placed'`);
    expect(outboxAfter[0].n - outboxBefore[0].n).toBe(1);

    // catalog: the reservation it made and the one it refused for stock, and the event it handled
    expect(moved('catalog', 'bakery_nats_handled_total', { pattern: 'catalog.stock.reserve', outcome: 'ok' })).toBe(1);
    expect(moved('catalog', 'bakery_nats_handled_total', { pattern: 'catalog.stock.reserve', outcome: 'CONFLICT' })).toBe(1);
    expect(moved('catalog', 'bakery_stock_reservations_refused_total', { reason: 'short', operation: 'reserve' })).toBe(1);
    expect(moved('catalog', 'bakery_stock_reservations_refused_total')).toBe(1);
    const handledPlaced = { type: 'order.placed', outcome: 'handled' };
    await eventually(async () => sampleValue(await serviceMetrics('catalog'), 'bakery_events_handled_total', handledPlaced) - sampleValue(before.catalog, 'bakery_events_handled_total', handledPlaced) === 1);

    // notifications: order.placed handled once, timed, nothing failed or dead
    expect(moved('notifications', 'bakery_events_handled_total', { type: 'order.placed', outcome: 'handled' })).toBe(1);
    expect(moved('notifications', 'bakery_event_handle_duration_seconds_count', { type: 'order.placed' })).toBe(1);
    expect(moved('notifications', 'bakery_event_handler_failures_total')).toBe(0);
    expect(moved('notifications', 'bakery_events_dead_lettered_total')).toBe(0);
    // the customer's confirmation: one email accepted (the stack writes .eml files), none failed
    const mailed = await eventually(async () => {
      const now = await serviceMetrics('notifications');
      return sampleValue(now, 'bakery_emails_sent_total', {}) - sampleValue(before.notifications, 'bakery_emails_sent_total', {}) >= 1 ? now : null;
    });
    expect(sampleValue(mailed, 'bakery_emails_sent_total', {}) - sampleValue(before.notifications, 'bakery_emails_sent_total', {})).toBe(1);
    expect(sampleValue(mailed, 'bakery_emails_failed_total', {}) - sampleValue(before.notifications, 'bakery_emails_failed_total', {})).toBe(0);

    // customers answered its part (each buyer's terms and contact)
    expect(moved('customers', 'bakery_nats_handled_total')).toBeGreaterThanOrEqual(2);
  });
});
