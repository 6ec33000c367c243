import { waitForSocket } from './support/admin';
import { DESKTOP, expectToast, MOBILE, newPage, seedCatalogue, startE2E, uniqueEmail, type E2E } from './support/harness';
import { customerJourney } from './support/journey';

jest.setTimeout(240_000);

describe('customer journey in chromium', () => {
  let e2e: E2E;
  let products: Record<string, { id: string }>;

  beforeAll(async () => {
    e2e = await startE2E();
    products = await seedCatalogue(e2e.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('desktop (1280 x 800): register, browse, filter, add three products, change a quantity, order for tomorrow 6:00 AM - 8:00 AM, see it in Orders, cancel it', async () => {
    await customerJourney(e2e, DESKTOP, 'desktop');
  });

  it('mobile (390 x 844): the same journey through the mobile shell and its bottom tabs', async () => {
    await customerJourney(e2e, MOBILE, 'mobile');
  });

  it('updates Orders by itself when an order:updated push arrives (an admin confirms the order)', async () => {
    const { context, page, problems } = await newPage(e2e, DESKTOP);
    try {
      const email = uniqueEmail('live');
      await page.goto('/');
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('secret123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, 'Account created and logged in successfully!');
      // an order placed through the API with the browser's own session
      await context.request.post('/api/cart', { data: { productId: products['Classic Baguette'].id, quantity: 4 } });
      const placed = await context.request.post('/api/orders', { data: {}, headers: { 'Idempotency-Key': `live-${Date.now()}` } });
      expect(placed.status()).toBe(201);
      const order = (await placed.json()) as { id: string };
      await page.goto('/orders');
      const card = page.getByRole('listitem', { name: `Order #${order.id.slice(-8)}` });
      await card.locator('.status-badge', { hasText: 'pending' }).waitFor();
      // wait until the socket is connected, then let the admin move the order on
      await waitForSocket(page);
      const changed = await e2e.admin.put(`/api/orders/${order.id}/status`, { status: 'confirmed' });
      expect(changed.status).toBe(200);
      await card.locator('.status-badge', { hasText: 'confirmed' }).waitFor({ timeout: 5000 });
      expect(await card.getByRole('button', { name: /^Cancel order/ }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
