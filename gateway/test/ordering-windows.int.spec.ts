import { DateTime } from 'luxon';
import { DEFAULT_DELIVERY_SCHEDULE, DELIVERY_TIME_SLOTS, type DeliverySchedule, WEEKDAYS } from '@bakery/contracts';
import { ApiClient, createProduct, eventually, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

/**
 * Ordering windows through the gateway with the stack's controllable clock (TestStack.setClock):
 * cut-offs, closures, lead times, slots, cancelling until the cut-off, the admin's schedule and
 * closures, and auto-confirmation. The bakery is in New York; dates are December 2026.
 */
const ZONE = 'America/New_York';
const ny = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();
const plusSeconds = (at: Date, s: number) => new Date(at.getTime() + s * 1000);

/** Monday–Saturday, lead 1 day, cut-off 14:00, Sunday closed; Saturday only the 8–10 slot. */
const BAKERY: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) => ({
    weekday,
    delivers: weekday !== 7,
    leadDays: 1,
    cutoffTime: '14:00',
    slots: weekday === 6 ? ['8:00 AM - 10:00 AM'] : [...DELIVERY_TIME_SLOTS],
  })),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};

describe('ordering windows: cut-offs, closures and lead times enforced by the server', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let customer: ApiClient;
  let bread: { id: string };
  let cake: { id: string };

  async function order(client: ApiClient, productId: string, body: Record<string, unknown>) {
    const added = await client.post('/api/cart', { productId, quantity: 1 });
    expect(added.status).toBe(201);
    return client.post('/api/orders', body);
  }

  async function emptyCart(client: ApiClient) {
    for (const line of (await client.get('/api/cart')).body) await client.delete(`/api/cart/${line.id}`);
  }

  const orderCount = async () => Number((await stack.query('ordering', 'SELECT count(*)::int AS n FROM orders'))[0].n);

  beforeAll(async () => {
    stack = await TestStack.start({
      services: ['auth', 'customers', 'catalog', 'ordering'],
      env: { BAKERY_TIMEZONE: ZONE, AUTO_CONFIRM_INTERVAL_SECONDS: '1' },
    });
    admin = await signedInAdmin(stack.url);
    customer = await signedInCustomer(stack.url, { businessName: 'Corner Coffee' });
    bread = await createProduct(admin, { name: 'Baguette', price: '2.00', stock: 1000 });
    cake = await createProduct(admin, { name: 'Celebration Cake', price: '30.00', stock: 1000, leadDays: 3 });
  });
  afterAll(() => stack?.close());
  afterEach(async () => {
    await emptyCart(customer);
    stack.setClock(null);
  });

  it('the default schedule changes nothing: any date from today on, any slot, no cut-off before the day ends', async () => {
    stack.setClock(ny('2026-12-06T23:59:59')); // a Sunday, one second before midnight
    expect((await admin.get('/api/admin/delivery-schedule')).body).toEqual(DEFAULT_DELIVERY_SCHEDULE);
    const placed = await order(customer, bread.id, { deliveryDate: '2026-12-06', deliveryTimeSlot: '10:00 AM - 12:00 PM' });
    // the slot of today that has ended stays the spec's rule; the date itself is open until midnight
    expect(placed.status).toBe(400);
    expect(placed.body.errors).toEqual({ deliveryTimeSlot: ['This delivery time slot has already ended today'] });
    const noSlot = await customer.post('/api/orders', { deliveryDate: '2026-12-06' });
    expect(noSlot.status).toBe(201);
    expect(noSlot.body.cutoffAt).toBe(ny('2026-12-07T00:00').toISOString());
    const noDate = await order(customer, bread.id, {});
    expect(noDate.status).toBe(201);
    expect(noDate.body.cutoffAt).toBeNull();
  });

  it('refuses bad schedules and closures with field messages and changes nothing', async () => {
    const before = (await admin.get('/api/admin/delivery-schedule')).body;
    const bad = structuredClone(BAKERY) as unknown as { weekdays: Record<string, unknown>[] };
    bad.weekdays[0].cutoffTime = '25:00';
    bad.weekdays[1].leadDays = 15;
    bad.weekdays[2].slots = ['noon'];
    const res = await admin.put('/api/admin/delivery-schedule', bad);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'weekdays.0.cutoffTime': ['Cut-off time must be a time of day as HH:MM, from 00:00 to 24:00'],
      'weekdays.1.leadDays': ['Lead days must be a whole number from 0 to 14'],
      'weekdays.2.slots': [`Slots must be a list of ${DELIVERY_TIME_SLOTS.join(', ')}`],
    });
    const six = await admin.put('/api/admin/delivery-schedule', { ...BAKERY, weekdays: BAKERY.weekdays.slice(0, 6) });
    expect(six.status).toBe(400);
    expect(six.body.errors).toEqual({ weekdays: ['Weekdays must list each of the seven days (1 Monday … 7 Sunday) once'] });
    expect((await admin.get('/api/admin/delivery-schedule')).body).toEqual(before);

    const backwards = await admin.post('/api/admin/closures', { from: '2099-12-26', to: '2099-12-25', message: 'Closed' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ to: ['The closure cannot end before it starts'] });
    const noMessage = await admin.post('/api/admin/closures', { from: '2099-12-25', to: 'tomorrow', message: ' ' });
    expect(noMessage.status).toBe(400);
    expect(Object.keys(noMessage.body.errors).sort()).toEqual(['message', 'to']);
    expect((await admin.get('/api/admin/closures')).body).toEqual([]);

    const badProduct = await admin.post('/api/products', { name: 'Slow Loaf', price: '3.00', category: 'breads', stock: 1, leadDays: 31 });
    expect(badProduct.status).toBe(400);
    expect(badProduct.body.errors).toEqual({ leadDays: ['Lead time must be a whole number of days from 0 to 30'] });
    expect((await customer.get('/api/delivery/calendar?from=2026-12-01&to=2027-02-01')).status).toBe(400);
    expect((await customer.get('/api/delivery/calendar?from=2026-12-01')).status).toBe(400);
    expect((await customer.get('/api/delivery/calendar?from=2026-12-01&to=2026-12-02&productIds=nope')).status).toBe(400);
    expect((await customer.put('/api/admin/delivery-schedule', BAKERY)).status).toBe(403);
  });

  describe('with the bakery’s schedule', () => {
    beforeAll(async () => {
      const saved = await admin.put('/api/admin/delivery-schedule', BAKERY);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual(BAKERY);
    });

    it('an order one second before the cut-off is placed; one second after is refused, naming why and the next date', async () => {
      const cutoff = ny('2026-12-01T14:00'); // Tuesday 2:00 PM closes Wednesday 2 December
      stack.setClock(plusSeconds(cutoff, -1));
      const inTime = await order(customer, bread.id, { deliveryDate: '2026-12-02', deliveryTimeSlot: '6:00 AM - 8:00 AM' });
      expect(inTime.status).toBe(201);
      expect(inTime.body.cutoffAt).toBe(cutoff.toISOString());

      stack.setClock(plusSeconds(cutoff, 1));
      const before = await orderCount();
      const late = await order(customer, bread.id, { deliveryDate: '2026-12-02' });
      expect(late.status).toBe(400);
      expect(late.body.errors).toEqual({
        deliveryDate: [
          'Orders for Wednesday 2 December closed at 2:00 PM on Tuesday 1 December. The next delivery you can order is Thursday 3 December.',
        ],
      });
      expect(await orderCount()).toBe(before);
      expect((await customer.get('/api/cart')).body).toHaveLength(1); // the cart is kept
      // exactly at the cut-off is too late as well
      stack.setClock(cutoff);
      expect((await customer.post('/api/orders', { deliveryDate: '2026-12-02' })).status).toBe(400);
      expect((await customer.post('/api/orders', { deliveryDate: '2026-12-03' })).status).toBe(201);
    });

    it('a closed weekday and a closure block their dates; removing the closure opens them again', async () => {
      stack.setClock(ny('2026-12-01T09:00'));
      const sunday = await order(customer, bread.id, { deliveryDate: '2026-12-06' });
      expect(sunday.status).toBe(400);
      expect(sunday.body.errors.deliveryDate).toEqual(['There are no deliveries on Sundays. The next delivery you can order is Wednesday 2 December.']);

      const added = await admin.post('/api/admin/closures', { from: '2026-12-10', to: '2026-12-11', message: 'Closed for stocktaking' });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ id: expect.any(String), from: '2026-12-10', to: '2026-12-11', message: 'Closed for stocktaking' });
      expect((await admin.get('/api/admin/closures')).body).toEqual([added.body]);
      const closed = await customer.post('/api/orders', { deliveryDate: '2026-12-11' });
      expect(closed.status).toBe(400);
      expect(closed.body.errors.deliveryDate).toEqual(['Closed for stocktaking. The next delivery you can order is Wednesday 2 December.']);

      const calendar = await customer.get('/api/delivery/calendar?from=2026-12-05&to=2026-12-11');
      expect(calendar.status).toBe(200);
      expect(calendar.body.map((d: { date: string; orderable: boolean; reason: string | null }) => [d.date, d.orderable, d.reason])).toEqual([
        ['2026-12-05', true, null],
        ['2026-12-06', false, 'closed_weekday'],
        ['2026-12-07', true, null],
        ['2026-12-08', true, null],
        ['2026-12-09', true, null],
        ['2026-12-10', false, 'closure'],
        ['2026-12-11', false, 'closure'],
      ]);
      expect(calendar.body[0]).toEqual({
        date: '2026-12-05',
        orderable: true,
        cutoffAt: ny('2026-12-04T14:00').toISOString(),
        slots: ['8:00 AM - 10:00 AM'],
        reason: null,
        message: null,
      });
      expect(calendar.body[5]).toMatchObject({ message: 'Closed for stocktaking', cutoffAt: null, slots: [] });

      expect((await admin.delete(`/api/admin/closures/${added.body.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/admin/closures/${added.body.id}`)).status).toBe(404);
      expect((await customer.post('/api/orders', { deliveryDate: '2026-12-11' })).status).toBe(201);
    });

    it('a slot the day does not offer is refused', async () => {
      stack.setClock(ny('2026-12-01T09:00'));
      const res = await order(customer, bread.id, { deliveryDate: '2026-12-05', deliveryTimeSlot: '6:00 AM - 8:00 AM' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ deliveryTimeSlot: ['This delivery time slot is not offered on Saturday 5 December'] });
      expect((await customer.post('/api/orders', { deliveryDate: '2026-12-05', deliveryTimeSlot: '8:00 AM - 10:00 AM' })).status).toBe(201);
    });

    it('a product’s lead time blocks a date that other products can still be ordered for', async () => {
      // Tuesday 10:00: Friday 4 December closes Thursday 14:00; the cake (3 days) closed Monday 14:00
      stack.setClock(ny('2026-12-01T10:00'));
      const withCake = await order(customer, cake.id, { deliveryDate: '2026-12-04' });
      expect(withCake.status).toBe(400);
      expect(withCake.body.errors).toEqual({
        deliveryDate: [
          'Celebration Cake must be ordered 3 days ahead: orders with it for Friday 4 December closed at 2:00 PM on Monday 30 November. The next delivery you can order is Saturday 5 December.',
        ],
      });
      expect((await customer.get('/api/cart')).body).toHaveLength(1); // the claim was given back
      await emptyCart(customer);
      expect((await order(customer, bread.id, { deliveryDate: '2026-12-04' })).status).toBe(201);

      const calendar = await customer.get(`/api/delivery/calendar?from=2026-12-04&to=2026-12-05&productIds=${cake.id}`);
      expect(calendar.body.map((d: { reason: string | null }) => d.reason)).toEqual(['lead_time', null]);
      expect(calendar.body[1].cutoffAt).toBe(ny('2026-12-01T14:00').toISOString());
      // a product the customer cannot see says nothing about its lead time
      const hidden = await createProduct(admin, { name: 'Secret Torte', price: '9.00', stock: 5, leadDays: 10, isActive: false });
      const probe = await customer.get(`/api/delivery/calendar?from=2026-12-04&to=2026-12-04&productIds=${hidden.id}`);
      expect(probe.body[0]).toMatchObject({ orderable: true, reason: null });
    });

    it('customers cancel until the cut-off and get 409 after it; admins still change the order', async () => {
      stack.setClock(ny('2026-12-01T09:00'));
      const first = await order(customer, bread.id, { deliveryDate: '2026-12-03' });
      const second = await order(customer, bread.id, { deliveryDate: '2026-12-03' });
      expect(first.body.cutoffAt).toBe(ny('2026-12-02T14:00').toISOString());

      stack.setClock(ny('2026-12-02T13:59:59'));
      const cancelled = await customer.post(`/api/orders/${first.body.id}/cancel`);
      expect(cancelled.status).toBe(201);
      expect(cancelled.body.status).toBe('cancelled');

      stack.setClock(ny('2026-12-02T14:00'));
      const late = await customer.post(`/api/orders/${second.body.id}/cancel`);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This order is being prepared: contact the bakery to change it');
      expect((await customer.get(`/api/orders/${second.body.id}`)).body.status).toBe('pending');
      const byAdmin = await admin.put(`/api/orders/${second.body.id}/status`, { status: 'cancelled' });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.status).toBe('cancelled');
    });

    it('a required delivery date is enforced when the bakery asks for it', async () => {
      stack.setClock(ny('2026-12-01T09:00'));
      await admin.put('/api/admin/delivery-schedule', { ...BAKERY, requireDeliveryDate: true });
      expect((await customer.get('/api/calendar')).body.requireDeliveryDate).toBe(true);
      const res = await order(customer, bread.id, {});
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ deliveryDate: ['Please choose a delivery date'] });
      await admin.put('/api/admin/delivery-schedule', BAKERY);
      expect((await customer.post('/api/orders', {})).status).toBe(201);
    });

    it('a change of the schedule takes effect on the next request of every ordering instance', async () => {
      await stack.startService('ordering');
      stack.setClock(ny('2026-12-01T09:00'));
      const openOn = async (date: string) => (await customer.get(`/api/delivery/calendar?from=${date}&to=${date}`)).body[0].orderable as boolean;
      // warm both instances' caches (the queue group spreads requests over them)
      for (let i = 0; i < 10; i++) expect(await openOn('2026-12-06')).toBe(false);
      const sundays = structuredClone(BAKERY);
      sundays.weekdays[6].delivers = true;
      expect((await admin.put('/api/admin/delivery-schedule', sundays)).status).toBe(200);
      for (let i = 0; i < 10; i++) expect(await openOn('2026-12-06')).toBe(true);
      await admin.put('/api/admin/delivery-schedule', BAKERY);
      for (let i = 0; i < 10; i++) expect(await openOn('2026-12-06')).toBe(false);
    });

    it('with autoConfirmAtCutoff, pending orders are confirmed once their cut-off has passed, and no others', async () => {
      stack.setClock(ny('2026-12-01T09:00'));
      const due = await order(customer, bread.id, { deliveryDate: '2026-12-03' });
      const later = await order(customer, bread.id, { deliveryDate: '2026-12-04' });
      const undated = await order(customer, bread.id, {});
      await admin.put('/api/admin/delivery-schedule', { ...BAKERY, autoConfirmAtCutoff: true });
      try {
        stack.setClock(ny('2026-12-02T14:00')); // Thursday's cut-off
        const status = async (id: string) => (await admin.get(`/api/orders/${id}`)).body.status as string;
        await eventually(async () => (await status(due.body.id)) === 'confirmed');
        expect(await status(later.body.id)).toBe('pending');
        expect(await status(undated.body.id)).toBe('pending');
        const events = await stack.query('ordering', `SELECT envelope->'payload' AS payload FROM event_outbox WHERE type = 'order.status-changed' AND envelope->'payload'->>'orderId' = $1`, [
          due.body.id,
        ]);
        expect(events.map((e) => e.payload)).toEqual([{ orderId: due.body.id, customerId: due.body.customerId, status: 'confirmed', previousStatus: 'pending' }]);
      } finally {
        await admin.put('/api/admin/delivery-schedule', BAKERY);
      }
    });
  });
});
