import { randomUUID } from 'node:crypto';
import {
  AppError,
  CatalogPatterns,
  CreateProductDto,
  databaseName,
  durableConsumerName,
  EventEnvelope,
  eventStreamName,
  eventSubject,
  IssuedUpload,
  Product,
} from '@bakery/contracts';
import { connectNats, RpcClient, withDatabase } from '@bakery/platform';
import { TestStack } from '@bakery/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';

const encoder = new TextEncoder();

/** A catalog service on real Postgres and NATS, with a caller, a JetStream view and its database. */
export class CatalogKit {
  private constructor(
    readonly stack: TestStack,
    readonly nc: NatsConnection,
    readonly rpc: RpcClient,
    readonly db: Client,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<CatalogKit> {
    const stack = await TestStack.start({ services: ['catalog'], gateway: false, env });
    const nc = await connectNats(process.env.NATS_URL!, 'catalog-test');
    const db = new Client({ connectionString: withDatabase(process.env.DATABASE_URL!, databaseName(stack.namespace, 'catalog')) });
    await db.connect();
    return new CatalogKit(stack, nc, new RpcClient(nc, stack.namespace, 10_000), db);
  }

  async close(): Promise<void> {
    await this.db.end().catch(() => undefined);
    await this.nc.close().catch(() => undefined);
    await this.stack.close();
  }

  call<T>(pattern: string, data: unknown): Promise<T> {
    return this.rpc.request<T>(pattern, data);
  }

  /** The AppError a call fails with (fails the test if it succeeds). */
  async callError(pattern: string, data: unknown): Promise<AppError> {
    try {
      const answer = await this.rpc.request(pattern, data);
      throw new Error(`expected ${pattern} to fail, it answered ${JSON.stringify(answer)}`);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
  }

  createProduct(fields: Partial<CreateProductDto> = {}): Promise<Product> {
    return this.call<Product>(CatalogPatterns.createProduct, {
      name: `Sourdough Loaf ${randomUUID().slice(0, 8)}`,
      price: '6.50',
      category: 'breads',
      stock: 40,
      ...fields,
    });
  }

  /**
   * A photo path as the gateway would have registered it for `ownerId` (catalog only keeps the
   * bookkeeping; the bytes are the gateway's): issued, then registered.
   */
  async registeredPhoto(ownerId: string = randomUUID()): Promise<string> {
    const { id } = await this.call<IssuedUpload>(CatalogPatterns.issueUpload, { ownerId, ttlSeconds: 900 });
    await this.call(CatalogPatterns.registerUpload, { id, ownerId });
    return `/objects/uploads/${id}`;
  }

  async stockOf(productId: string): Promise<number> {
    const { rows } = await this.db.query('SELECT stock FROM products WHERE id = $1', [productId]);
    return rows[0].stock;
  }

  async openAlerts(productId: string): Promise<{ id: string; alert_type: string; message: string }[]> {
    const { rows } = await this.db.query(
      'SELECT id, alert_type, message FROM inventory_alerts WHERE product_id = $1 AND NOT is_resolved',
      [productId],
    );
    return rows;
  }

  async reservationStatus(orderId: string): Promise<string | undefined> {
    const { rows } = await this.db.query('SELECT status FROM stock_reservations WHERE order_id = $1', [orderId]);
    return rows[0]?.status;
  }

  /** Events of a type actually published to JetStream, oldest first. */
  async publishedEvents<T>(type: string): Promise<EventEnvelope<T>[]> {
    const stream = eventStreamName(this.stack.namespace);
    const subject = eventSubject(this.stack.namespace, type);
    const jsm = await this.nc.jetstreamManager();
    const { state } = await jsm.streams.info(stream);
    const events: EventEnvelope<T>[] = [];
    // A test's stream holds a few hundred messages at most: reading them one by one is quick and plain.
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      const msg = await jsm.streams.getMessage(stream, { seq });
      if (msg.subject === subject) events.push(msg.json<EventEnvelope<T>>());
    }
    return events;
  }

  /** Publishes an event as another service's relay would (envelope JSON, event id as message id). */
  async publishEvent<T>(type: string, payload: T, envelope: Partial<EventEnvelope<T>> = {}): Promise<EventEnvelope<T>> {
    const event: EventEnvelope<T> = {
      id: randomUUID(),
      type,
      source: 'ordering',
      occurredAt: new Date().toISOString(),
      payload,
      ...envelope,
    };
    await this.nc
      .jetstream()
      .publish(eventSubject(this.stack.namespace, type), encoder.encode(JSON.stringify(event)), { msgID: randomUUID() });
    return event;
  }

  /** Waits until the catalog's consumer of an event type has handled everything published to it. */
  async handled(type: string): Promise<void> {
    const jsm = await this.nc.jetstreamManager();
    const durable = durableConsumerName('catalog', type);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const info = await jsm.consumers.info(eventStreamName(this.stack.namespace), durable);
      if (info.num_pending === 0 && info.num_ack_pending === 0) return;
      if (Date.now() > deadline) throw new Error(`${durable} still has work after 10 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
