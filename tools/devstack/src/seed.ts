/**
 * `npm run seed`: demo accounts, the demo bakery's delivery schedule and a sample catalogue for a running stack (start it with
 * `npm start` first). Idempotent: what exists is left as it is. Accounts are made over NATS, as an
 * operator tool; the catalogue through the gateway's API at SEED_URL, pictures included.
 */
import {
  AppError,
  AuthPatterns,
  type BakeryCalendar,
  type Closure,
  CustomersPatterns,
  DEFAULT_DELIVERY_SCHEDULE,
  DELIVERY_TIME_SLOTS,
  DeliveryPatterns,
  type DeliverySchedule,
  Identity,
  NewCustomerRequest,
  OrderingPatterns,
  WEEKDAYS,
} from '@bakery/contracts';
import { isDeepStrictEqual } from 'node:util';
import { commonConfig, connectNats, envVar, loadConfig, RpcClient } from '@bakery/platform';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

interface CatalogueEntry {
  name: string;
  category: string;
  price: string;
  stock: number;
  description: string;
  image: string;
}

/** The sample catalogue: 12 products across the three categories, pictures in assets/products. */
export const SAMPLE_CATALOGUE: CatalogueEntry[] = JSON.parse(
  readFileSync(path.join(__dirname, '..', 'assets', 'catalogue.json'), 'utf8'),
);

export const DEMO_ADMIN = { email: 'admin@demo.bakery', password: 'demo-admin-1', firstName: 'Ada', lastName: 'Baker' };
export const DEMO_CUSTOMERS: NewCustomerRequest[] = [
  {
    email: 'cafe@demo.bakery',
    password: 'demo-cafe-1',
    firstName: 'Carla',
    lastName: 'Bean',
    businessName: 'Corner Coffee',
    businessType: 'coffee_shop',
    phone: '+1 555 0101',
    address: '12 Roast Lane\nBrewtown',
  },
  {
    email: 'bistro@demo.bakery',
    password: 'demo-bistro-1',
    firstName: 'Marco',
    lastName: 'Forno',
    businessName: 'Bistro Forno',
    businessType: 'restaurant',
    phone: '+1 555 0102',
    address: '4 Market Square\nOldtown',
  },
];

export async function seedAccounts(rpc: RpcClient, log: (line: string) => void): Promise<void> {
  await ifNew(`admin ${DEMO_ADMIN.email}`, log, async () => {
    const pending = await rpc.request<Identity>(AuthPatterns.createPendingUser, { ...DEMO_ADMIN, role: 'admin' });
    await rpc.request(AuthPatterns.activateUser, { userId: pending.id });
  });
  for (const customer of DEMO_CUSTOMERS) {
    await ifNew(`customer ${customer.email}`, log, () => rpc.request(CustomersPatterns.create, customer));
  }
}

/**
 * Adds the sample catalogue through the gateway's API, as the demo admin would: each picture
 * goes through the upload flow (upload URL, PUT, register), then the product is created.
 * Products whose name already exists are kept as they are.
 */
export async function seedCatalogue(baseUrl: string, log: (line: string) => void): Promise<void> {
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown, contentType = 'application/json') => {
    const res = await fetch(new URL(url, baseUrl), {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': contentType }) },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().find((c) => /^(__Host-)?bakery_session=/.test(c));
    if (setCookie) cookie = setCookie.split(';')[0];
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  await call('POST', '/api/auth/admin-login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  const existing = new Set(((await call('GET', '/api/products')) as { name: string }[]).map((p) => p.name));
  for (const entry of SAMPLE_CATALOGUE) {
    if (existing.has(entry.name)) {
      log(`kept product ${entry.name} (already there)`);
      continue;
    }
    const picture = readFileSync(path.join(__dirname, '..', 'assets', 'products', `${entry.image}.png`));
    const { uploadURL } = await call('POST', '/api/objects/upload', {});
    await call('PUT', uploadURL, picture, 'image/png');
    const { objectPath } = await call('PUT', '/api/products/images', { imageURL: uploadURL });
    const { name, category, price, stock, description } = entry;
    await call('POST', '/api/products', { name, category, price, stock, description, imageUrl: objectPath });
    log(`created product ${entry.name}`);
  }
}

/** A realistic week: Monday–Saturday, order by 2:00 PM the day before, no deliveries on Sunday. */
export const DEMO_SCHEDULE: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) => ({
    weekday,
    delivers: weekday !== 7,
    leadDays: 1,
    cutoffTime: '14:00',
    slots: weekday === 7 ? [] : [...DELIVERY_TIME_SLOTS],
  })),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};

/**
 * The demo bakery's ordering windows: DEMO_SCHEDULE unless the bakery already changed its
 * schedule, and a closure over the coming 25–26 December (its year by the bakery's today).
 */
export async function seedDeliverySchedule(rpc: RpcClient, log: (line: string) => void): Promise<void> {
  const current = await rpc.request<DeliverySchedule>(DeliveryPatterns.getSchedule, {});
  if (isDeepStrictEqual(current, DEFAULT_DELIVERY_SCHEDULE)) {
    await rpc.request(DeliveryPatterns.setSchedule, DEMO_SCHEDULE);
    log('created delivery schedule Monday–Saturday, order by 2:00 PM the day before');
  } else {
    log('kept delivery schedule (already set)');
  }
  const { today } = await rpc.request<BakeryCalendar>(OrderingPatterns.calendar, {});
  const year = today > `${today.slice(0, 4)}-12-26` ? Number(today.slice(0, 4)) + 1 : Number(today.slice(0, 4));
  const christmas = { from: `${year}-12-25`, to: `${year}-12-26`, message: 'Closed for Christmas' };
  const closures = await rpc.request<Closure[]>(DeliveryPatterns.listClosures, {});
  if (closures.some((c) => c.from === christmas.from && c.to === christmas.to)) {
    log(`kept closure ${christmas.from} to ${christmas.to} (already there)`);
  } else {
    await rpc.request(DeliveryPatterns.addClosure, christmas);
    log(`created closure ${christmas.from} to ${christmas.to}`);
  }
}

async function ifNew(what: string, log: (line: string) => void, create: () => Promise<unknown>): Promise<void> {
  try {
    await create();
    log(`created ${what}`);
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') log(`kept ${what} (already there)`);
    else throw err;
  }
}

async function main(): Promise<void> {
  const config = loadConfig(commonConfig);
  const nc = await connectNats(config.natsUrl, 'seed');
  try {
    const rpc = new RpcClient(nc, config.namespace, 10_000);
    await seedAccounts(rpc, (line) => console.log(`  ${line}`));
    await seedDeliverySchedule(rpc, (line) => console.log(`  ${line}`));
    const { url } = loadConfig({ url: envVar.url('SEED_URL', 'the running gateway', 'http://localhost:3000', ['http', 'https']) });
    await seedCatalogue(url, (line) => console.log(`  ${line}`));
    console.log(`\nDemo sign-in: admin ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (at /admin/login); customers:`);
    for (const c of DEMO_CUSTOMERS) console.log(`  ${c.email} / ${c.password}`);
  } finally {
    await nc.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    const unavailable = err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE';
    console.error(unavailable ? `Seeding needs the running stack: start it with npm start. (${err.message})` : err);
    process.exit(1);
  });
}
