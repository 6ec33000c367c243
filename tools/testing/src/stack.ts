import { databaseName, SERVICE_NAMES, ServiceName } from '@bakery/contracts';
import { startGateway, type RunningGateway } from '@bakery/gateway';
import { authService } from '@bakery/service-auth';
import { catalogService } from '@bakery/service-catalog';
import { customersService } from '@bakery/service-customers';
import { notificationsService } from '@bakery/service-notifications';
import { orderingService } from '@bakery/service-ordering';
import { RunningService, ServiceDefinition, startService } from '@bakery/service-kit';
import { withDatabase, type Env } from '@bakery/platform';
import { Client } from 'pg';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { dropNamespace } from './cleanup';
import { uniqueNamespace } from './namespace';

/** Known to the tests, so they can forge and inspect tokens and register admins. */
export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef';
export const TEST_ADMIN_KEY = 'test-admin-registration-key';

export const SERVICE_DEFINITIONS: Record<ServiceName, ServiceDefinition> = {
  auth: authService,
  catalog: catalogService,
  ordering: orderingService,
  customers: customersService,
  notifications: notificationsService,
};

export interface TestStackOptions {
  /** services to start (default: all five) */
  services?: ServiceName[];
  /** start a gateway too (default true) */
  gateway?: boolean;
  /** extra env for every process of the stack */
  env?: Env;
}

/**
 * A whole stack inside the test process, on real Postgres and NATS, in a namespace of its own.
 * Services and gateways are the same code `npm start` runs; each instance has its own NATS
 * connections and database pool, so stopping one is like stopping its process.
 */
export class TestStack {
  readonly namespace = uniqueNamespace();
  readonly env: Env;
  private readonly instances = new Map<ServiceName, RunningService[]>();
  private readonly gateways: RunningGateway[] = [];

  private constructor(extraEnv: Env = {}) {
    this.env = {
      ...process.env,
      BAKERY_NAMESPACE: this.namespace,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      // uploads of this stack go to a folder of its own, dropped with it
      OBJECT_STORAGE_DIR: path.join(tmpdir(), `bakery-objects-${this.namespace}`),
      // and its mail (no SMTP_URL: .eml files), not the repository's data/mail
      MAIL_DIR: path.join(tmpdir(), `bakery-mail-${this.namespace}`),
      ADMIN_REGISTRATION_KEY: TEST_ADMIN_KEY,
      // every test registers from 127.0.0.1, some 200 at once: registrations in flight count
      // against the per-address limit (gateway/test/auth-attacks.int.spec.ts tests the default)
      REGISTRATION_MAX_FAILURES_PER_IP: '100000',
      // the stack's clock (setClock): absent, every process reads the system clock
      BAKERY_TEST_CLOCK_FILE: path.join(tmpdir(), `bakery-clock-${this.namespace}`),
      ...extraEnv,
    };
  }

  static async start(options: TestStackOptions = {}): Promise<TestStack> {
    const stack = new TestStack(options.env);
    try {
      await Promise.all((options.services ?? [...SERVICE_NAMES]).map((s) => stack.startService(s)));
      if (options.gateway ?? true) await stack.startGateway();
    } catch (err) {
      await stack.close();
      throw err;
    }
    return stack;
  }

  /** Base URL of the first gateway. */
  get url(): string {
    const gateway = this.gateways[0];
    if (!gateway) throw new Error('this stack has no gateway');
    return gateway.url;
  }

  gateway(index = 0): RunningGateway {
    const gateway = this.gateways[index];
    if (!gateway) throw new Error(`this stack has no gateway #${index}`);
    return gateway;
  }

  gatewayUrls(): string[] {
    return this.gateways.map((g) => g.url);
  }

  /** Starts one more instance of a service (joins the same queue group). */
  async startService(name: ServiceName, env: Env = {}): Promise<RunningService> {
    const running = await startService(SERVICE_DEFINITIONS[name], { ...this.env, ...env });
    this.instances.set(name, [...(this.instances.get(name) ?? []), running]);
    return running;
  }

  async startGateway(env: Env = {}): Promise<RunningGateway> {
    const gateway = await startGateway({ ...this.env, ...env });
    this.gateways.push(gateway);
    return gateway;
  }

  /** Stops every instance of a service. */
  async stopService(name: ServiceName): Promise<void> {
    const running = this.instances.get(name) ?? [];
    this.instances.delete(name);
    await Promise.all(running.map((r) => r.close()));
  }

  /** Rows of one of this stack's service databases (for a test to look at, or set up, what the API cannot). */
  async query<T = any>(service: ServiceName, sql: string, params: unknown[] = []): Promise<T[]> {
    const pg = new Client({ connectionString: withDatabase(process.env.DATABASE_URL!, databaseName(this.namespace, service)) });
    await pg.connect();
    try {
      return (await pg.query(sql, params)).rows as T[];
    } finally {
      await pg.end();
    }
  }

  /**
   * Sets what "now" is for the stack's time rules (cut-offs: ordering's Clock), at once in every
   * process; null goes back to the system clock.
   */
  setClock(at: Date | null): void {
    writeFileSync(this.env.BAKERY_TEST_CLOCK_FILE!, at ? at.toISOString() : '');
  }

  instancesOf(name: ServiceName): RunningService[] {
    return this.instances.get(name) ?? [];
  }

  async close(): Promise<void> {
    const all = [...this.instances.values()].flat();
    this.instances.clear();
    await Promise.allSettled([...this.gateways.map((g) => g.close()), ...all.map((r) => r.close())]);
    this.gateways.length = 0;
    await dropNamespace(process.env.DATABASE_URL!, process.env.NATS_URL!, this.namespace);
    if (this.env.OBJECT_STORAGE_DIR?.includes(this.namespace)) rmSync(this.env.OBJECT_STORAGE_DIR, { recursive: true, force: true });
    if (this.env.MAIL_DIR?.includes(this.namespace)) rmSync(this.env.MAIL_DIR, { recursive: true, force: true });
    if (this.env.BAKERY_TEST_CLOCK_FILE?.includes(this.namespace)) rmSync(this.env.BAKERY_TEST_CLOCK_FILE, { force: true });
  }
}
