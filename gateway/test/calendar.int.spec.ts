import { addDays, dateInTimeZone } from '@bakery/contracts';
import { ApiClient, createProduct, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

/**
 * GET /api/calendar: the bakery's calendar as ordering keeps it (BAKERY_TIMEZONE,
 * MAX_DELIVERY_DAYS_AHEAD), which the web app's delivery date picker offers; an order accepts
 * exactly the dates it says, whatever the machine's own date is.
 */

// A zone whose date is not UTC's right now (UTC+14 from 10:00 UTC on, UTC-11 before 11:00 UTC).
const now = new Date();
const TIME_ZONE = dateInTimeZone(now, 'Pacific/Kiritimati') !== dateInTimeZone(now, 'UTC') ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
const MAX_DAYS = 5;

describe('the bakery calendar', () => {
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({
      services: ['auth', 'customers', 'catalog', 'ordering'],
      env: { BAKERY_TIMEZONE: TIME_ZONE, MAX_DELIVERY_DAYS_AHEAD: String(MAX_DAYS) },
    });
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  it('answers signed-in callers the bakery’s time zone, its today, the server’s clock and the delivery bound', async () => {
    expect((await new ApiClient(stack.url).get('/api/calendar')).status).toBe(401);

    const customer = await signedInCustomer(stack.url);
    for (const client of [customer, admin]) {
      const res = await client.get('/api/calendar');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({ timeZone: TIME_ZONE, today: expect.any(String), now: expect.any(String), maxDeliveryDaysAhead: MAX_DAYS, requireDeliveryDate: false });
      const serverNow = new Date(res.body.now);
      expect(Math.abs(serverNow.getTime() - Date.now())).toBeLessThan(10_000);
      expect(res.body.today).toBe(dateInTimeZone(serverNow, TIME_ZONE));
      expect(res.body.today).not.toBe(dateInTimeZone(serverNow, 'UTC')); // the bakery's date, not the machine's
    }
  });

  it('is the calendar orders are judged by: from its today to today + maxDeliveryDaysAhead', async () => {
    const customer = await signedInCustomer(stack.url);
    const { today, maxDeliveryDaysAhead } = (await customer.get('/api/calendar')).body;
    const loaf = await createProduct(admin, { price: '2.00', stock: 10 });
    const order = async (deliveryDate: string) => {
      await customer.post('/api/cart', { productId: loaf.id, quantity: 1 });
      return customer.post('/api/orders', { deliveryDate });
    };

    const before = await order(addDays(today, -1));
    expect(before.status).toBe(400);
    expect(before.body.errors).toEqual({ deliveryDate: ['Delivery date cannot be before today'] });
    const beyond = await order(addDays(today, maxDeliveryDaysAhead + 1));
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors).toEqual({ deliveryDate: [`Delivery date cannot be more than ${MAX_DAYS} days ahead`] });

    for (const date of [today, addDays(today, maxDeliveryDaysAhead)]) {
      const placed = await order(date);
      expect(placed.status).toBe(201);
      expect(placed.body.deliveryDate).toBe(date);
    }
  });
});
