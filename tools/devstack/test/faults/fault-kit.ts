import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ApiClient, dropNamespace, freePort, TEST_ADMIN_KEY, uniqueEmail, uniqueNamespace } from '@bakery/testing';
import { ProcessName, ProcessStack, waitForHealthy } from '../../src/process-stack';

export const INITIAL_STOCK = 100_000;
/** Short, so stock held by an order that was never written comes back within the test. */
export const RESERVATION_TTL_MS = 3000;

export interface LoadResult {
  statuses: Map<number, number>;
  /** orders the clients were told exist (201), by the customer that placed them */
  acknowledged: { customer: ApiClient; orderId: string; at: number }[];
  /** status of every request, with when it was sent */
  answers: { status: number; sentAt: number }[];
}

/**
 * The real stack as OS processes (the same `dist/` that `npm start` runs), a catalogue and
 * customers, a steady checkout load, and the checks every fault scenario ends with.
 */
export class FaultKit {
  /** KEEP_FAULT_DATA=1: a namespace the end-of-run cleanup leaves alone, for a post-mortem */
  readonly namespace = process.env.KEEP_FAULT_DATA ? `faultdbg_${randomUUID().slice(0, 6)}` : uniqueNamespace();
  stack!: ProcessStack;
  url!: string;
  admin!: ApiClient;
  customers: ApiClient[] = [];
  products: { id: string }[] = [];

  static async start(
    options: { instances?: Partial<Record<ProcessName, number>>; customers?: number; env?: Record<string, string> } = {},
  ): Promise<FaultKit> {
    const kit = new FaultKit();
    const port = await freePort();
    kit.url = `http://127.0.0.1:${port}`;
    kit.stack = new ProcessStack({
      env: {
        ...process.env,
        BAKERY_NAMESPACE: kit.namespace,
        PORT: String(port),
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
        ADMIN_REGISTRATION_KEY: TEST_ADMIN_KEY,
        RESERVATION_TTL_MS: String(RESERVATION_TTL_MS),
        RPC_TIMEOUT_MS: '3000',
        // every checkout comes from 127.0.0.1: keep the sign-in limit out of the way
        LOGIN_MAX_FAILURES_PER_IP: '100000',
        ...options.env,
      },
      stdio: process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore',
    });
    kit.stack.spawnAll();
    for (const [name, count] of Object.entries(options.instances ?? {})) {
      for (let i = 1; i < (count ?? 1); i++) kit.stack.spawn(name as ProcessName);
    }
    await waitForHealthy(kit.url, 60_000);
    await kit.seed(options.customers ?? 12);
    return kit;
  }

  private async seed(customers: number): Promise<void> {
    this.admin = new ApiClient(this.url);
    const email = uniqueEmail('fault-admin');
    await this.admin.post('/api/auth/admin-register', {
      email,
      password: 'secret123',
      firstName: 'Fault',
      lastName: 'Admin',
      registrationKey: TEST_ADMIN_KEY,
    });
    await this.admin.post('/api/auth/admin-login', { email, password: 'secret123' });
    for (const [name, category] of [['Fault Loaf', 'breads'], ['Fault Croissant', 'pastries'], ['Fault Bagel', 'bagels']]) {
      const res = await this.admin.post('/api/products', { name, price: '2.50', category, stock: INITIAL_STOCK });
      if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
      this.products.push(res.body);
    }
    this.customers = await Promise.all(
      Array.from({ length: customers }, async () => {
        const c = new ApiClient(this.url);
        const res = await c.post('/api/auth/register', { email: uniqueEmail('fault'), password: 'secret123' });
        if (res.status !== 201) throw new Error(`register: ${res.status}`);
        return c;
      }),
    );
  }

  /**
   * Every customer, in a loop until `durationMs` passes: put a product in the cart and check out
   * (a fresh Idempotency-Key per order). `during` runs alongside (the fault).
   */
  async load(durationMs: number, during: () => Promise<void>): Promise<LoadResult> {
    const result: LoadResult = { statuses: new Map(), acknowledged: [], answers: [] };
    const deadline = Date.now() + durationMs;
    const record = (status: number, sentAt: number) => {
      result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
      result.answers.push({ status, sentAt });
    };
    const worker = async (customer: ApiClient, i: number) => {
      let n = i;
      while (Date.now() < deadline) {
        const product = this.products[n++ % this.products.length];
        let sentAt = Date.now();
        const add = await customer.post('/api/cart', { productId: product.id, quantity: 1 + (n % 3) }).catch(() => ({ status: 599 }));
        record(add.status, sentAt);
        if (add.status !== 201) {
          // no cart line, nothing to check out (an empty cart would rightly be a 400)
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        sentAt = Date.now();
        const res = await customer
          .call('POST', '/api/orders', {}, { 'idempotency-key': randomUUID() })
          .catch(() => ({ status: 599, body: undefined as any }));
        record(res.status, sentAt);
        if (res.status === 201) result.acknowledged.push({ customer, orderId: res.body.id, at: Date.now() });
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await Promise.all([...this.customers.map(worker), during()]);
    return result;
  }

  /** Answers the gateway gave that a client must never see during a fault. */
  static unexpected(result: LoadResult): number[] {
    return [...result.statuses.keys()].filter((s) => !(s >= 200 && s < 300) && s !== 409 && s !== 503);
  }

  async waitHealthy(timeoutMs = 30_000): Promise<void> {
    await waitForHealthy(this.url, timeoutMs);
  }

  /** Every acknowledged order can be read back by its customer. */
  async missingOrders(result: LoadResult): Promise<string[]> {
    const missing: string[] = [];
    for (const { customer, orderId } of result.acknowledged) {
      const res = await customer.get(`/api/orders/${orderId}`);
      if (res.status !== 200) missing.push(`${orderId}: ${res.status}`);
    }
    return missing;
  }

  /**
   * stock + units sold = initial stock, for every product, once reservations of orders that were
   * never written have expired and events a killed consumer had taken are redelivered (JetStream
   * ack wait, 10 s). Polls, since the sweeper and late events settle it over seconds.
   */
  async stockMismatches(timeoutMs = 30_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const orders = await this.admin.all<{ orderItems: { productId: string; quantity: number }[] }>('/api/orders?limit=200');
      const mismatches: string[] = [];
      for (const p of this.products) {
        const sold = orders.flatMap((o) => o.orderItems).filter((i) => i.productId === p.id).reduce((n, i) => n + i.quantity, 0);
        const left = (await this.admin.get(`/api/products/${p.id}`)).body.stock as number;
        if (left + sold !== INITIAL_STOCK) mismatches.push(`${p.id}: stock ${left} + sold ${sold} != ${INITIAL_STOCK}`);
      }
      if (mismatches.length === 0 || Date.now() > deadline) return mismatches;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  async ordersInDatabase(): Promise<number> {
    return (await this.admin.all('/api/orders?limit=200')).length;
  }

  async close(): Promise<void> {
    await this.stack?.stopAll(5000);
    // KEEP_FAULT_DATA=1 leaves the databases for a post-mortem
    if (!process.env.KEEP_FAULT_DATA) await dropNamespace(process.env.DATABASE_URL!, process.env.NATS_URL!, this.namespace);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Restarts the machine's NATS server (JetStream data stays on disk). */
export function restartNats(downMs: number): Promise<void> {
  execSync('start-stop-daemon --stop --oknodo --retry 5 --exec /usr/sbin/nats-server');
  return sleep(downMs).then(() => {
    execSync(
      'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
    );
  });
}

/** Restarts the machine's Postgres cluster. */
export function restartPostgres(): void {
  const version = execSync('ls /etc/postgresql').toString().trim().split('\n')[0];
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main restart`);
}
