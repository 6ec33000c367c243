import { CORRELATION_HEADER } from '@bakery/contracts';
import { COMPONENT_ATTRIBUTE, parseTraceparent, startTracing, stopTracing } from '@bakery/platform';
import { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { ApiClient, createProduct, eventually, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

/**
 * Tracing (issue 21): one trace per request, from the gateway through every NATS request and
 * every event it causes. The test stack runs every component in this process, so the SDK's
 * in-memory exporter sees all their spans; `bakery.component` tells them apart.
 */
describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    // jest loads modules its own way, so http, express and pg stay unpatched: the spans here are
    // the platform's own (HTTP request, NATS request and handling, relay, event handling)
    startTracing({ component: 'test', exporter, exportEachSpan: true, instrument: false, env: {} });
    stack = await TestStack.start();
    admin = await signedInAdmin(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
    await stopTracing();
  });

  const component = (span: ReadableSpan) => span.attributes[COMPONENT_ATTRIBUTE];
  const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
  const find = (spans: ReadableSpan[], name: string, of: string) => {
    const found = spans.filter((s) => s.name === name && component(s) === of);
    expect(found.map((s) => `${component(s)}: ${s.name}`)).toEqual([`${of}: ${name}`]);
    return found[0];
  };
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

  it('follows one placed order from the gateway through ordering and catalog’s reservation, the relay, to notifications', async () => {
    const product = await createProduct(admin, { price: '2.50', stock: 20 });
    const customer = await signedInCustomer(stack.url);
    expect((await customer.post('/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201);

    const placed = await customer.post('/api/orders', {});
    expect(placed.status).toBe(201);
    // the correlation id the gateway answers (and logs) is the trace id
    const traceId = placed.headers.get(CORRELATION_HEADER)!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const spans = await eventually(async () => {
      const all = spansOf(traceId);
      const done =
        all.some((s) => s.name === 'order.placed handle' && component(s) === 'notifications') &&
        all.some((s) => s.name === 'order.placed handle' && component(s) === 'catalog') &&
        all.some((s) => s.name === 'order.updated broadcast' && component(s) === 'gateway');
      return done ? all : null;
    });
    expect(new Set(spans.map(component))).toEqual(new Set(['gateway', 'ordering', 'catalog', 'customers', 'notifications', ...(spans.some((s) => component(s) === 'auth') ? ['auth'] : [])]));

    const http = find(spans, 'POST /api/orders', 'gateway');
    expect(http.parentSpanContext).toBeUndefined();
    expect(http.attributes['http.route']).toBe('/api/orders');
    expect(http.attributes['http.response.status_code']).toBe(201);
    const call = find(spans, 'ordering.orders.place request', 'gateway');
    expect(parentOf(call)).toBe(http.spanContext().spanId);
    const place = find(spans, 'ordering.orders.place handle', 'ordering');
    expect(parentOf(place)).toBe(call.spanContext().spanId);
    const reserve = find(spans, 'catalog.stock.reserve request', 'ordering');
    expect(parentOf(reserve)).toBe(place.spanContext().spanId);
    const reserved = find(spans, 'catalog.stock.reserve handle', 'catalog');
    expect(parentOf(reserved)).toBe(reserve.spanContext().spanId);
    // the outbox row carried the trace to the relay, whose message headers carried it to the consumers
    const relay = find(spans, 'order.placed publish', 'ordering');
    expect(parentOf(relay)).toBe(place.spanContext().spanId);
    const notified = find(spans, 'order.placed handle', 'notifications');
    expect(parentOf(notified)).toBe(relay.spanContext().spanId);
    const confirmed = find(spans, 'order.placed handle', 'catalog');
    expect(parentOf(confirmed)).toBe(relay.spanContext().spanId);
    // notifications' push reached the gateway with the trace in the broadcast's NATS headers: its
    // socket.io emit is a child of the handling that sent it
    const pushed = find(spans, 'order.updated broadcast', 'gateway');
    expect(parentOf(pushed)).toBe(notified.spanContext().spanId);

    const [row] = await stack.query('ordering', `SELECT envelope FROM event_outbox WHERE type = 'order.placed' AND envelope->'payload'->>'orderId' = $1`, [placed.body.id]);
    expect(row.envelope.correlationId).toBe(traceId);
    expect(parseTraceparent(row.envelope.traceparent)).toEqual({ traceId, spanId: place.spanContext().spanId, traceFlags: 1 });
  });

  it('continues a trace the caller started (traceparent), and marks a refused request’s spans as failed', async () => {
    const product = await createProduct(admin, { price: '2.50', stock: 3 });
    const first = await signedInCustomer(stack.url);
    const customer = await signedInCustomer(stack.url);
    expect((await first.post('/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201);
    expect((await customer.post('/api/cart', { productId: product.id, quantity: 2 })).status).toBe(201);
    expect((await first.post('/api/orders', {})).status).toBe(201);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';

    const refused = await customer.call('POST', '/api/orders', {}, { traceparent: `00-${traceId}-${parentId}-01` });
    expect(refused.status).toBe(409);
    expect(refused.headers.get(CORRELATION_HEADER)).toBe(traceId);

    const spans = await eventually(async () => {
      const all = spansOf(traceId);
      return all.some((s) => s.name === 'POST /api/orders') ? all : null;
    });
    const http = find(spans, 'POST /api/orders', 'gateway');
    expect(parentOf(http)).toBe(parentId);
    const reserved = find(spans, 'catalog.stock.reserve handle', 'catalog');
    expect(reserved.status).toMatchObject({ code: 2, message: 'CONFLICT' });
    expect(find(spans, 'ordering.orders.place request', 'gateway').status).toMatchObject({ code: 2, message: 'CONFLICT' });
    // nothing was placed, so no event was recorded under this trace
    expect(spans.filter((s) => s.name.startsWith('order.placed'))).toEqual([]);
  });
});
