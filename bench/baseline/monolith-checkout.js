#!/usr/bin/env node
/**
 * Baseline for the checkout (issue 22): what a monolith would do for it. One Node process, one pg
 * pool (10 connections, as each service has), one database holding the tables of catalog,
 * customers and ordering exactly as their migrations make them (the services' own compiled
 * migrations, so the same columns, checks, indexes and triggers, the orders_stats trigger
 * included). The HTTP shape is the gateway's, so bench/run.js drives both with the same code:
 *
 * - POST /api/auth/register {email}: a customer (a customer_profiles row) and a session cookie
 *   (`bakery_session`, kept in memory: the gateway too checks a known token without a round trip);
 *   `Authorization: Bearer <token>` is accepted as well.
 * - POST /api/cart {productId, quantity}: the customer's price (their terms, the price list rule
 *   of @bakery/contracts), the product live and in stock, then the same one-statement upsert as
 *   ordering's cart (quantities add up, never above 500 or the stock).
 * - POST /api/orders {}: in ONE transaction: lock the cart lines, lock the products in id order,
 *   check them (catalog's planReservation), price them (the customer's prices, minimum order,
 *   delivery fee and tax: the @bakery/contracts functions the real checkout uses, with the pricing
 *   settings from `configurations`, defaults when absent), then one statement takes the stock,
 *   writes the order and its items, empties the cart and records `order.placed` in the outbox.
 *   A low-stock alert is opened as catalog would (decideAlert). Without a delivery date only: the
 *   bench places none.
 *
 * What it leaves out on purpose (the real system's extra work, which is what the ratio measures):
 * no NATS, no reservation record, no relay publishing the outbox, no notifications, no pushes.
 *
 *   PORT=3203 MONOLITH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bakery_bench_monolith node bench/baseline/monolith-checkout.js
 *
 * The database is made (and dropped) by `prepareDatabase` / `dropDatabase` below (bench/run.js).
 */
const http = require('node:http');
const path = require('node:path');
const { randomBytes, randomUUID } = require('node:crypto');
const { Client, Pool } = require('pg');
const {
  CART_LINE_MAX,
  DEFAULT_PRICING,
  OrderingEvents,
  OrderingMessages,
  belowMinimumMessage,
  effectiveTerms,
  formatCents,
  holdRefusal,
  isLiveProduct,
  minimumOrderShortfall,
  priceResolver,
  termsTotals,
} = require('@bakery/contracts');

const ROOT = path.resolve(__dirname, '../..');
// catalog's stock and alert rules, the compiled code itself (pure functions, no service started)
const { mergeLines, planReservation } = require(path.join(ROOT, 'services/catalog/dist/domain/reservation'));
const { decideAlert } = require(path.join(ROOT, 'services/catalog/dist/domain/alerts'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BODY_LIMIT = 100 * 1024;

// ---- the database ---------------------------------------------------------------------------

function withDatabase(url, db) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * Creates `database` (dropped first if it exists) with the tables of catalog, customers and
 * ordering (their migrations, and the event bus's once: a monolith has one outbox), and the given
 * products with `stock` each.
 */
async function prepareDatabase(serverUrl, database, products, stock) {
  await dropDatabase(serverUrl, database);
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  const { DataSource } = require('typeorm');
  const { eventBusMigrations } = require(path.join(ROOT, 'libs/event-bus/dist/migrations'));
  const { catalogMigrations } = require(path.join(ROOT, 'services/catalog/dist/migrations'));
  const { customersMigrations } = require(path.join(ROOT, 'services/customers/dist/migrations'));
  const { orderingMigrations } = require(path.join(ROOT, 'services/ordering/dist/migrations'));
  const ds = await new DataSource({
    type: 'postgres',
    url: withDatabase(serverUrl, database),
    migrations: [...eventBusMigrations, ...catalogMigrations, ...customersMigrations, ...orderingMigrations],
    logging: false,
  }).initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    await ds.query(
      `INSERT INTO products (id, name, description, price, category, stock)
       SELECT p.id, p.name, p.description, p.price, p.category, $2::int
         FROM jsonb_to_recordset($1::jsonb) AS p(id uuid, name varchar, description text, price numeric, category varchar)`,
      [JSON.stringify(products.map((p) => ({ id: p.id, name: p.name, description: p.description ?? null, price: p.price, category: p.category }))), stock],
    );
  } finally {
    await ds.destroy();
  }
}

async function dropDatabase(serverUrl, database) {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Stock of every product, by id (for the bench's before/after check). */
async function stockOf(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id, stock FROM products`);
    return new Map(rows.map((r) => [r.id, r.stock]));
  } finally {
    await client.end();
  }
}

/** Units sold per product (order items of every order not cancelled). */
async function soldOf(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT i.product_id AS id, sum(i.quantity)::int AS sold
         FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled' GROUP BY i.product_id`,
    );
    return new Map(rows.map((r) => [r.id, r.sold]));
  } finally {
    await client.end();
  }
}

// ---- the server -----------------------------------------------------------------------------

class HttpError extends Error {
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

/** The customer's terms, contact and the bakery's pricing settings, in one query (customers' `resolve` and ordering's settings). */
const TERMS = `
  SELECT p.business_name, p.email, p.phone, t.price_list_id, t.minimum_order::text AS minimum_order, t.delivery_fee::text AS delivery_fee,
         t.free_delivery_threshold::text AS free_delivery_threshold, coalesce(t.on_hold, false) AS on_hold, l.percentage::text AS percentage,
         (SELECT json_agg(json_build_object('productId', f.product_id, 'price', f.price::text) ORDER BY f.product_id)
            FROM price_list_prices f WHERE f.price_list_id = t.price_list_id) AS fixed,
         (SELECT json_object_agg(key, value) FROM configurations) AS settings
    FROM (SELECT $1::uuid AS user_id) k
    LEFT JOIN customer_profiles p ON p.user_id = k.user_id
    LEFT JOIN customer_terms t ON t.user_id = k.user_id
    LEFT JOIN price_lists l ON l.id = t.price_list_id`;

/** How this customer is charged now: ordering's customerPricing, composed of the same contracts rules. */
function pricingOf(row) {
  const settings = row.settings ?? {};
  const bakery = {
    deliveryFee: settings.delivery_fee ?? DEFAULT_PRICING.deliveryFee,
    taxRate: settings.tax_rate ?? DEFAULT_PRICING.taxRate,
    minimumOrder: settings.minimum_order ?? null,
    freeDeliveryThreshold: settings.free_delivery_threshold ?? null,
  };
  const priceList = row.price_list_id && row.percentage ? { id: row.price_list_id, percentage: row.percentage, fixedPrices: row.fixed ?? [] } : null;
  const overrides = { minimumOrder: row.minimum_order, deliveryFee: row.delivery_fee, freeDeliveryThreshold: row.free_delivery_threshold };
  return { priceOf: priceResolver(priceList), terms: effectiveTerms(bakery, overrides), taxRate: bakery.taxRate, onHold: row.on_hold };
}

const PRODUCT = `
  SELECT id, name, description, price::text AS price, image_url AS "imageUrl", stock, is_active AS "isActive", review_status AS "reviewStatus"
    FROM products WHERE id = $1`;

/** The products of a cart, locked in id order, with their open alert (catalog's reserve reads the same). */
const LOCK_PRODUCTS = `
  SELECT p.id, p.name, p.price::text AS price, p.stock, p.is_active AS "isActive", p.review_status AS "reviewStatus",
         p.low_stock_threshold AS "lowStockThreshold",
         (SELECT json_build_object('id', a.id, 'alertType', a.alert_type) FROM inventory_alerts a
           WHERE a.product_id = p.id AND NOT a.is_resolved LIMIT 1) AS "openAlert"
    FROM products p WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE`;

/** Stock taken, order and items written, cart emptied, `order.placed` recorded: one statement. */
const WRITE_ORDER = `
  WITH taken AS (
    UPDATE products p SET stock = p.stock - l.quantity, updated_at = now()
      FROM unnest($1::uuid[], $2::int[]) AS l(product_id, quantity)
     WHERE p.id = l.product_id AND p.stock >= l.quantity
     RETURNING p.id
  ), new_order AS (
    INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, customer_business_name, customer_email,
                        customer_phone, idempotency_key, created_at, updated_at)
    VALUES ($3::uuid, $4::uuid, 'pending', $5::numeric, $6::numeric, $7::numeric, $8::numeric, $9::varchar, $10::varchar,
            $11::varchar, $12::varchar, $13::timestamptz, $13::timestamptz)
    RETURNING id
  ), new_items AS (
    INSERT INTO order_items (id, order_id, position, product_id, product_name, quantity, unit_price, total_price, created_at)
    SELECT x.id, o.id, x.position, x.product_id, x.product_name, x.quantity, x.unit_price, x.total_price, $13::timestamptz
      FROM new_order o, jsonb_to_recordset($14::jsonb)
        AS x(id uuid, position smallint, product_id uuid, product_name text, quantity int, unit_price numeric, total_price numeric)
  ), emptied AS (
    DELETE FROM cart_items WHERE id = ANY($15::uuid[])
  ), announced AS (
    INSERT INTO event_outbox (id, type, envelope) SELECT $16::uuid, $17::varchar, $18::jsonb FROM new_order
  )
  SELECT (SELECT count(*)::int FROM taken) AS taken`;

function cookieToken(header) {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'bakery_session' || name === '__Host-bakery_session') return value.join('=');
  }
  return null;
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return resolve({});
      try {
        const body = JSON.parse(text);
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
        resolve(body);
      } catch {
        reject(new HttpError(400, 'Body must be a JSON object'));
      }
    });
    req.on('error', reject);
  });
}

function startServer() {
  const pool = new Pool({ connectionString: process.env.MONOLITH_DATABASE_URL, max: 10 });
  /** session token → customer id */
  const sessions = new Map();

  async function register(body) {
    if (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(body.email)) throw new HttpError(400, 'Validation failed', { errors: { email: ['Enter a valid email'] } });
    const userId = randomUUID();
    await pool.query(`INSERT INTO customer_profiles (user_id, email) VALUES ($1, $2)`, [userId, body.email.toLowerCase()]);
    const token = randomBytes(24).toString('base64url');
    sessions.set(token, userId);
    return { status: 201, body: { id: userId, email: body.email, role: 'customer' }, cookie: `bakery_session=${token}; Path=/; HttpOnly; SameSite=Lax` };
  }

  async function addToCart(customerId, body) {
    const errors = {};
    if (typeof body.productId !== 'string' || !UUID.test(body.productId)) errors.productId = ['productId must be a UUID'];
    if (!Number.isInteger(body.quantity) || body.quantity < 1) errors.quantity = ['Quantity must be at least 1'];
    else if (body.quantity > CART_LINE_MAX) errors.quantity = [OrderingMessages.quantityMax];
    if (Object.keys(errors).length > 0) throw new HttpError(400, 'Validation failed', { errors });
    const [products, terms] = await Promise.all([pool.query(PRODUCT, [body.productId]), pool.query(TERMS, [customerId])]);
    const product = products.rows[0];
    if (!product || !isLiveProduct(product)) throw new HttpError(404, OrderingMessages.productUnavailable);
    const price = pricingOf(terms.rows[0]).priceOf(product.id, product.price);
    // one statement, as ordering's: two quick adds of the same product add up instead of racing
    const { rows } = await pool.query(
      `INSERT INTO cart_items (customer_id, product_id, quantity, unit_price) VALUES ($1, $2, $3, $5)
       ON CONFLICT (customer_id, product_id)
       DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, unit_price = EXCLUDED.unit_price,
                     updated_at = now(), claimed_by = NULL, claimed_at = NULL
       WHERE cart_items.quantity + EXCLUDED.quantity <= $4
       RETURNING id, product_id AS "productId", quantity, created_at AS "createdAt", updated_at AS "updatedAt"`,
      [customerId, product.id, body.quantity, Math.min(CART_LINE_MAX, product.stock), price],
    );
    if (rows.length === 0) {
      // over the line's limit: the stock (409) or the 500 cap (400)
      if (product.stock < CART_LINE_MAX) throw new HttpError(409, OrderingMessages.quantityOverStock.replace('{stock}', String(product.stock)), { available: product.stock });
      throw new HttpError(400, 'Validation failed', { errors: { quantity: [OrderingMessages.quantityMax] } });
    }
    const line = rows[0];
    return {
      status: 201,
      body: {
        ...line,
        product: { id: product.id, name: product.name, description: product.description, price, imageUrl: product.imageUrl, stock: product.stock, isActive: true },
        previousPrice: null,
      },
    };
  }

  async function placeOrder(customerId, body, idempotencyKey) {
    for (const field of ['deliveryDate', 'deliveryTimeSlot', 'specialInstructions', 'expectedTotal']) {
      if (body[field] != null) throw new HttpError(400, `${field} is not supported by the baseline`);
    }
    if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || idempotencyKey.length > 100)) throw new HttpError(400, 'Bad Idempotency-Key');
    const termsRow = (await pool.query(TERMS, [customerId])).rows[0];
    const held = holdRefusal({ onHold: termsRow.on_hold });
    if (held) throw new HttpError(403, held);
    const pricing = pricingOf(termsRow);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const cart = (await client.query(`SELECT id, product_id AS "productId", quantity, created_at AS "createdAt" FROM cart_items WHERE customer_id = $1 ORDER BY id FOR UPDATE`, [customerId])).rows;
      if (cart.length === 0) throw new HttpError(400, OrderingMessages.cartEmpty, { errors: { cart: [OrderingMessages.cartEmpty] } });
      cart.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
      const wanted = mergeLines(cart.map((l) => ({ productId: l.productId.toLowerCase(), quantity: l.quantity })));
      const rows = (await client.query(LOCK_PRODUCTS, [wanted.map((l) => l.productId)])).rows;
      const plan = planReservation(wanted, rows);
      if (!plan.ok) throw new HttpError(409, plan.reason === 'short' ? 'Not enough stock' : OrderingMessages.productUnavailable, { details: plan });
      // the lines in the cart's order, at the customer's prices
      const byProduct = new Map(plan.lines.map((l) => [l.productId.toLowerCase(), l]));
      const lines = cart.map((l) => {
        const reserved = byProduct.get(l.productId.toLowerCase());
        return { productId: reserved.productId, name: reserved.name, quantity: l.quantity, unitPrice: pricing.priceOf(reserved.productId, reserved.unitPrice) };
      });
      const totalsCents = termsTotals(lines, { taxRate: pricing.taxRate, ...pricing.terms });
      if (pricing.terms.minimumOrder !== null) {
        const short = minimumOrderShortfall(totalsCents.subtotal, pricing.terms.minimumOrder);
        if (short > 0) throw new HttpError(400, belowMinimumMessage(pricing.terms.minimumOrder, short));
      }
      const orderId = randomUUID();
      const placedAt = new Date();
      const items = lines.map((l, i) => ({
        id: randomUUID(),
        position: i,
        product_id: l.productId,
        product_name: l.name,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        total_price: formatCents(totalsCents.lineTotals[i]),
      }));
      const total = formatCents(totalsCents.total);
      const envelope = {
        id: randomUUID(),
        type: OrderingEvents.orderPlaced,
        source: 'monolith',
        occurredAt: placedAt.toISOString(),
        correlationId: randomUUID(),
        payload: { orderId, customerId, lines: wanted, total },
      };
      const [written] = (
        await client.query(WRITE_ORDER, [
          wanted.map((l) => l.productId),
          wanted.map((l) => l.quantity),
          orderId,
          customerId,
          formatCents(totalsCents.subtotal),
          formatCents(totalsCents.deliveryFee),
          formatCents(totalsCents.tax),
          total,
          termsRow.business_name,
          termsRow.email,
          termsRow.phone,
          idempotencyKey ?? null,
          placedAt,
          JSON.stringify(items),
          cart.map((l) => l.id),
          envelope.id,
          envelope.type,
          JSON.stringify(envelope),
        ])
      ).rows;
      // the rows are locked and checked: a miss is a bug, and rolls everything back
      if (written.taken !== wanted.length) throw new Error('stock changed under a row lock');
      // catalog's alert rule on the stock left (with a million units, never in the bench)
      for (const row of rows) {
        const left = row.stock - byProduct.get(row.id.toLowerCase()).quantity;
        const decision = decideAlert({ ...row, stock: left });
        if (decision.action === 'open') {
          await client.query(`INSERT INTO inventory_alerts (product_id, alert_type, message) VALUES ($1, $2, $3)`, [row.id, decision.alertType, decision.message]);
        } else if (decision.action === 'escalate') {
          await client.query(`UPDATE inventory_alerts SET alert_type = $2, message = $3 WHERE id = $1`, [row.openAlert.id, decision.alertType, decision.message]);
        } else if (decision.action === 'resolve') {
          await client.query(`UPDATE inventory_alerts SET is_resolved = true, resolved_at = now() WHERE id = $1`, [row.openAlert.id]);
        }
      }
      await client.query('COMMIT');
      const at = placedAt.toISOString();
      return {
        status: 201,
        body: {
          id: orderId,
          customerId,
          status: 'pending',
          subtotal: formatCents(totalsCents.subtotal),
          deliveryFee: formatCents(totalsCents.deliveryFee),
          tax: formatCents(totalsCents.tax),
          total,
          deliveryDate: null,
          deliveryTimeSlot: null,
          specialInstructions: null,
          createdAt: at,
          updatedAt: at,
          orderItems: items.map((i) => ({
            id: i.id,
            product: { id: i.product_id, name: i.product_name },
            quantity: i.quantity,
            unitPrice: i.unit_price,
            totalPrice: i.total_price,
          })),
        },
      };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      // a retry with the same Idempotency-Key that lost the race: 409, the first one stands
      if (err.code === '23505') throw new HttpError(409, 'This order is being placed already');
      throw err;
    } finally {
      client.release();
    }
  }

  const routes = {
    'POST /api/auth/register': (req, body) => register(body),
    'POST /api/cart': (req, body, customerId) => addToCart(customerId, body),
    'POST /api/orders': (req, body, customerId) => placeOrder(customerId, body, req.headers['idempotency-key']),
  };

  http
    .createServer(async (req, res) => {
      const route = routes[`${req.method} ${req.url.split('?')[0]}`];
      const send = (status, body, headers = {}) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
        res.end(text);
      };
      if (!route) return send(404, { message: 'Not found' });
      try {
        let customerId;
        if (req.url !== '/api/auth/register') {
          const auth = req.headers.authorization;
          const token = auth?.startsWith('Bearer ') ? auth.slice(7) : cookieToken(req.headers.cookie);
          customerId = token ? sessions.get(token) : undefined;
          if (!customerId) throw new HttpError(401, 'Unauthorized');
        }
        const result = await route(req, await readJson(req), customerId);
        send(result.status, result.body, result.cookie ? { 'set-cookie': result.cookie } : {});
      } catch (err) {
        if (err instanceof HttpError) return send(err.status, { message: err.message, ...err.extra });
        console.error('monolith checkout:', err);
        send(500, { message: 'Internal server error' });
      }
    })
    .listen(Number(process.env.PORT ?? 3203), '127.0.0.1', () => process.send?.('ready'));
  // an exit, not death by the signal: with --cpu-prof (BENCH_PROFILE=monolith) the profile is written on exit
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
}

module.exports = { prepareDatabase, dropDatabase, stockOf, soldOf, withDatabase };

if (require.main === module) startServer();
