import { execFileSync } from 'node:child_process';
import { DateTime } from 'luxon';
import { ApiClient, createProduct, mapLimit, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';

/**
 * Invoices and credit notes through the gateway, on a real stack: gap-free numbers under 50
 * concurrent issues, the invoice a delivered order gets in the same transaction, an invoice equal
 * to its order to the cent, the credit note of a cancellation, who may read what, the paged list
 * and its filters, paying, the bakery's details, and the PDF read back with pdftotext.
 * The bakery is in London; the stack's clock is set (December 2026, then New Year).
 */
const ZONE = 'Europe/London';
const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

interface InvoiceJson {
  id: string;
  number: string;
  kind: 'invoice' | 'credit-note';
  orderId: string;
  orderNumber: string;
  customerId: string;
  creditedInvoiceId: string | null;
  issuedAt: string;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  paid: boolean;
  paidAt: string | null;
  lines: { productId: string; name: string; quantity: number; unitPrice: string; totalPrice: string }[];
  customer: { businessName: string | null; email: string; phone: string | null; address: string | null };
  bakery: { name: string; address: string; taxId: string; paymentInstructions: string };
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
}

interface OrderJson {
  id: string;
  customerId: string;
  status: string;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  customer: { businessName: string | null; email: string; phone: string | null };
  orderItems: { productId: string; quantity: number; unitPrice: string; totalPrice: string; product: { name: string } }[];
}

describe('invoices', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let cafe: { client: ApiClient; id: string; email: string };
  let bistro: { client: ApiClient; id: string; email: string };
  let sourdough: { id: string; name: string };
  let croissant: { id: string; name: string };

  /** A customer with an address and a phone (an admin-created account), signed in. */
  async function customer(businessName: string, address: string, phone: string) {
    const email = uniqueEmail('invoices');
    const created = await admin.post('/api/customers', { email, password: TEST_PASSWORD, businessName, address, phone, businessType: 'restaurant' });
    expect(created.status).toBe(201);
    const client = new ApiClient(stack.url);
    expect((await client.post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(200);
    return { client, id: created.body.id as string, email };
  }

  async function order(client: ApiClient, lines: [{ id: string }, number][], body: Record<string, unknown> = {}): Promise<OrderJson> {
    for (const [product, quantity] of lines) expect((await client.post('/api/cart', { productId: product.id, quantity })).status).toBe(201);
    const placed = await client.post('/api/orders', body);
    expect(placed.status).toBe(201);
    return placed.body;
  }

  const setStatus = (orderId: string, status: string) => admin.put(`/api/orders/${orderId}/status`, { status });
  const invoicesOf = (orderId: string) => admin.get<InvoiceJson[]>(`/api/invoices?orderId=${orderId}`);

  /** The PDF's bytes (fetch: the JSON helpers would read them as text). */
  async function pdf(client: ApiClient, path: string) {
    const res = await fetch(`${stack.url}${path}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString();

  beforeAll(async () => {
    stack = await TestStack.start({ env: { BAKERY_TIMEZONE: ZONE } });
    stack.setClock(london('2026-12-02T10:00'));
    admin = await signedInAdmin(stack.url);
    cafe = await customer('Corner Coffee', '12 Mill Lane, Leeds LS1 4AB', '0113 496 0000');
    bistro = await customer('Bistro Forno', '3 Quay Street, Bristol BS1 4DJ', '0117 496 0111');
    sourdough = await createProduct(admin, { name: 'Sourdough Loaf', price: '3.25', stock: 100_000 });
    croissant = await createProduct(admin, { name: 'Butter Croissant', price: '1.85', stock: 100_000 });
  });
  afterAll(() => stack?.close());

  describe('numbers', () => {
    it('gives 50 orders issued at once the numbers 1..50 of the year, no gap and no duplicate', async () => {
      // five customers place ten orders each, then an admin issues all 50 invoices with concurrent requests
      const buyers = await Promise.all([1, 2, 3, 4, 5].map((n) => customer(`Buyer ${n}`, `${n} High Street`, `0100 000 00${n}`)));
      const orders = (await Promise.all(buyers.map(async (b) => mapLimit(Array.from({ length: 10 }), 1, () => order(b.client, [[sourdough, 1]]))))).flat();
      expect(new Set(orders.map((o) => o.id)).size).toBe(50);

      const issued = await Promise.all(orders.map((o) => admin.post<InvoiceJson>(`/api/orders/${o.id}/invoice`)));
      expect(issued.map((r) => r.status)).toEqual(orders.map(() => 201));
      const numbers = issued.map((r) => r.body.number).sort();
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`));
      // each order got its own
      expect(issued.map((r) => r.body.orderId).sort()).toEqual(orders.map((o) => o.id).sort());

      // a second issue of any of them is refused, and takes no number
      const again = await Promise.all(orders.slice(0, 5).map((o) => admin.post(`/api/orders/${o.id}/invoice`)));
      expect(again.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
      expect(again[0].body).toMatchObject({ statusCode: 409, message: 'This order already has an invoice' });
      const next = await admin.post<InvoiceJson>(`/api/orders/${(await order(cafe.client, [[croissant, 1]])).id}/invoice`);
      expect(next.body.number).toBe('INV-2026-000051');
    });

    it('gives a rolled-back issue’s number back', async () => {
      const placed = await order(cafe.client, [[sourdough, 2]]);
      // the database refuses this order's invoice once numbered: its transaction rolls back, the counter with it
      await stack.query('ordering', `ALTER TABLE invoices ADD CONSTRAINT refuse_for_test CHECK (order_id <> '${placed.id}'::uuid) NOT VALID`);
      try {
        expect((await admin.post(`/api/orders/${placed.id}/invoice`)).status).toBe(500);
        expect((await setStatus(placed.id, 'delivered')).status).toBe(500);
      } finally {
        await stack.query('ordering', `ALTER TABLE invoices DROP CONSTRAINT refuse_for_test`);
      }
      expect((await invoicesOf(placed.id)).body).toEqual([]);
      expect((await admin.get(`/api/orders/${placed.id}`)).body.status).toBe('pending');
      expect((await setStatus(placed.id, 'delivered')).status).toBe(200);
      expect((await invoicesOf(placed.id)).body.map((i) => i.number)).toEqual(['INV-2026-000052']);
    });

    it('starts again at 1 in a new year of the bakery’s time zone', async () => {
      const placed = await order(cafe.client, [[sourdough, 1]]);
      // 00:30 on New Year's Day in London (still 2026 in New York, already 2027 here)
      stack.setClock(london('2027-01-01T00:30'));
      try {
        const issued = await admin.post<InvoiceJson>(`/api/orders/${placed.id}/invoice`);
        expect(issued.status).toBe(201);
        expect(issued.body.number).toBe('INV-2027-000001');
      } finally {
        stack.setClock(london('2026-12-02T10:00'));
      }
    });
  });

  describe('issuing', () => {
    let details: InvoiceJson['bakery'];

    beforeAll(async () => {
      const res = await admin.put('/api/admin/bakery-details', {
        name: '  Crumb & Co Bakery ',
        address: '1 Oven Row\nLeeds LS2 7EE',
        taxId: 'GB123456789',
        paymentInstructions: 'Bank transfer to 20-00-00 12345678 within 14 days',
      });
      expect(res.status).toBe(200);
      details = res.body;
      expect(details.name).toBe('Crumb & Co Bakery');
    });

    it('issues the invoice when the order is marked delivered, equal to the order to the cent', async () => {
      const placed = await order(bistro.client, [[sourdough, 3], [croissant, 7]], { deliveryDate: '2026-12-03', deliveryTimeSlot: '6:00 AM - 8:00 AM' });
      expect((await setStatus(placed.id, 'in_transit')).status).toBe(200);
      expect((await invoicesOf(placed.id)).body).toEqual([]);
      expect((await setStatus(placed.id, 'delivered')).status).toBe(200);

      const [invoice] = (await invoicesOf(placed.id)).body;
      const orderNow: OrderJson = (await admin.get(`/api/orders/${placed.id}`)).body;
      expect(invoice).toEqual({
        id: expect.any(String),
        number: expect.stringMatching(/^INV-2026-\d{6}$/),
        kind: 'invoice',
        orderId: placed.id,
        orderNumber: placed.id.slice(-8).toUpperCase(),
        customerId: bistro.id,
        creditedInvoiceId: null,
        issuedAt: london('2026-12-02T10:00').toISOString(),
        // 3 × 3.25 + 7 × 1.85 = 22.70; tax 8.5 % = 1.93 (1.9295 half-up); fee 12.50
        subtotal: '22.70',
        deliveryFee: '12.50',
        tax: '1.93',
        total: '37.13',
        paid: false,
        paidAt: null,
        lines: [
          { productId: sourdough.id, name: 'Sourdough Loaf', quantity: 3, unitPrice: '3.25', totalPrice: '9.75' },
          { productId: croissant.id, name: 'Butter Croissant', quantity: 7, unitPrice: '1.85', totalPrice: '12.95' },
        ],
        customer: { businessName: 'Bistro Forno', email: bistro.email, phone: '0117 496 0111', address: '3 Quay Street, Bristol BS1 4DJ' },
        bakery: details,
        deliveryDate: '2026-12-03',
        deliveryTimeSlot: '6:00 AM - 8:00 AM',
      });
      // exactly the order's money
      for (const key of ['subtotal', 'deliveryFee', 'tax', 'total'] as const) expect(invoice[key]).toBe(orderNow[key]);
      expect(invoice.lines).toEqual(
        orderNow.orderItems.map((i) => ({ productId: i.productId, name: i.product.name, quantity: i.quantity, unitPrice: i.unitPrice, totalPrice: i.totalPrice })),
      );
      // the customer reads the same invoice
      expect((await bistro.client.get(`/api/invoices/${invoice.id}`)).body).toEqual(invoice);

      // delivered again changes nothing; the order cannot be invoiced twice
      expect((await setStatus(placed.id, 'delivered')).status).toBe(200);
      expect((await invoicesOf(placed.id)).body).toHaveLength(1);
      expect((await admin.post(`/api/orders/${placed.id}/invoice`)).status).toBe(409);
    });

    it('keeps an invoice as issued when the bakery’s and the customer’s details change later', async () => {
      const placed = await order(cafe.client, [[croissant, 2]]);
      const issued = (await admin.post<InvoiceJson>(`/api/orders/${placed.id}/invoice`)).body;
      expect(issued.customer.address).toBe('12 Mill Lane, Leeds LS1 4AB');
      expect((await admin.patch(`/api/customers/${cafe.id}`, { address: '99 New Road, Leeds' })).status).toBe(200);
      expect((await admin.put('/api/admin/bakery-details', { ...details, name: 'Renamed Bakery' })).status).toBe(200);
      try {
        const read = (await admin.get<InvoiceJson>(`/api/invoices/${issued.id}`)).body;
        expect(read.customer.address).toBe('12 Mill Lane, Leeds LS1 4AB');
        expect(read.bakery.name).toBe('Crumb & Co Bakery');
        // and the database refuses to change it
        await expect(stack.query('ordering', `UPDATE invoices SET total = 0 WHERE id = $1`, [issued.id])).rejects.toThrow(/cannot change/);
        await expect(stack.query('ordering', `DELETE FROM invoices WHERE id = $1`, [issued.id])).rejects.toThrow(/never deleted/);
      } finally {
        await admin.patch(`/api/customers/${cafe.id}`, { address: '12 Mill Lane, Leeds LS1 4AB' });
        await admin.put('/api/admin/bakery-details', details);
      }
    });

    it('issues a credit note with its own number when an invoiced order is cancelled', async () => {
      const placed = await order(cafe.client, [[sourdough, 4]]);
      const invoice = (await admin.post<InvoiceJson>(`/api/orders/${placed.id}/invoice`)).body;
      const creditNotesBefore = await stack.query<{ n: number }>('ordering', `SELECT count(*)::int AS n FROM invoices WHERE kind = 'credit-note'`);
      // the customer cancels their own pending order
      expect((await cafe.client.post(`/api/orders/${placed.id}/cancel`)).status).toBe(201);

      const both = (await invoicesOf(placed.id)).body;
      expect(both).toHaveLength(2);
      const credit = both.find((i) => i.kind === 'credit-note')!;
      expect(credit).toMatchObject({
        number: `CN-2026-${String(creditNotesBefore[0].n + 1).padStart(6, '0')}`,
        kind: 'credit-note',
        orderId: placed.id,
        customerId: cafe.id,
        creditedInvoiceId: invoice.id,
        // 4 × 3.25 = 13.00; tax 1.11 (1.105 half-up); fee 12.50
        subtotal: '-13.00',
        deliveryFee: '-12.50',
        tax: '-1.11',
        total: '-26.61',
        lines: [{ productId: sourdough.id, name: 'Sourdough Loaf', quantity: 4, unitPrice: '-3.25', totalPrice: '-13.00' }],
        customer: invoice.customer,
      });
      expect(invoice.total).toBe('26.61');
      // the invoice itself is unchanged, and the customer sees both
      expect((await admin.get(`/api/invoices/${invoice.id}`)).body).toEqual(invoice);
      expect((await cafe.client.get(`/api/invoices?orderId=${placed.id}`)).body.map((i: InvoiceJson) => i.id).sort()).toEqual([invoice.id, credit.id].sort());
      // a cancelled order cannot be invoiced (again)
      expect((await admin.post(`/api/orders/${placed.id}/invoice`)).body).toMatchObject({ statusCode: 409 });
    });

    it('fixes an order once it is invoiced: neither its customer nor an admin can change it, and the invoice stays', async () => {
      const placed = await order(cafe.client, [[sourdough, 2]]);
      const invoice = (await admin.post<InvoiceJson>(`/api/orders/${placed.id}/invoice`)).body;
      for (const client of [cafe.client, admin]) {
        const refused = await client.patch(`/api/orders/${placed.id}`, { lines: [{ productId: sourdough.id, quantity: 5 }] });
        expect(refused.body).toMatchObject({ statusCode: 409, message: 'This order has been invoiced and can no longer be changed' });
      }
      const after = (await admin.get<OrderJson>(`/api/orders/${placed.id}`)).body;
      expect(after.orderItems.map((i) => i.quantity)).toEqual([2]);
      expect(after.total).toBe(invoice.total);
      expect((await admin.get(`/api/invoices/${invoice.id}`)).body).toEqual(invoice);
    });

    it('refuses to invoice a cancelled order that never had one, and answers 404 for an unknown order', async () => {
      const placed = await order(cafe.client, [[sourdough, 1]]);
      expect((await cafe.client.post(`/api/orders/${placed.id}/cancel`)).status).toBe(201);
      expect((await invoicesOf(placed.id)).body).toEqual([]);
      const refused = await admin.post(`/api/orders/${placed.id}/invoice`);
      expect(refused.body).toMatchObject({ statusCode: 409, message: 'A cancelled order cannot be invoiced' });
      expect((await admin.post(`/api/orders/7d9f0c3e-2b1a-4c5d-8e6f-0123456789ab/invoice`)).body).toMatchObject({ statusCode: 404, message: 'Order not found' });
      expect((await admin.post(`/api/orders/not-an-id/invoice`)).status).toBe(404);
      expect((await cafe.client.post(`/api/orders/${placed.id}/invoice`)).status).toBe(403);
    });
  });

  describe('reading, listing and paying', () => {
    let cafeInvoices: InvoiceJson[];
    let bistroInvoice: InvoiceJson;

    beforeAll(async () => {
      stack.setClock(london('2026-12-05T09:00'));
      cafeInvoices = [];
      for (const quantity of [1, 2, 3]) {
        const placed = await order(cafe.client, [[croissant, quantity]]);
        expect((await setStatus(placed.id, 'delivered')).status).toBe(200);
        cafeInvoices.push((await invoicesOf(placed.id)).body[0]);
      }
      stack.setClock(london('2026-12-06T09:00'));
      const placed = await order(bistro.client, [[sourdough, 5]]);
      bistroInvoice = (await admin.post<InvoiceJson>(`/api/orders/${placed.id}/invoice`)).body;
    });

    it('lets a customer read their own invoices only: another’s is a 404, naming a customer a 403', async () => {
      expect((await cafe.client.get(`/api/invoices/${bistroInvoice.id}`)).body).toMatchObject({ statusCode: 404, message: 'Invoice not found' });
      expect((await pdf(cafe.client, `/api/invoices/${bistroInvoice.id}/pdf`)).status).toBe(404);
      expect((await cafe.client.get(`/api/invoices?customerId=${bistro.id}`)).body).toMatchObject({ statusCode: 403 });
      expect((await cafe.client.get(`/api/invoices?customerId=${cafe.id}`)).status).toBe(403);
      const own = await cafe.client.all<InvoiceJson>('/api/invoices');
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.every((i) => i.customerId === cafe.id)).toBe(true);
      // another customer's order id finds nothing
      expect((await cafe.client.get(`/api/invoices?orderId=${bistroInvoice.orderId}`)).body).toEqual([]);
      expect((await new ApiClient(stack.url).get('/api/invoices')).status).toBe(401);
    });

    it('pages newest first with Link and X-Total-Count, and filters by customer, date, order and paid', async () => {
      const first = await admin.get<InvoiceJson[]>(`/api/invoices?customerId=${cafe.id}&issuedFrom=2026-12-05&issuedTo=2026-12-05&limit=2`);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-total-count')).toBe('3');
      expect(first.body).toHaveLength(2);
      const link = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
      expect(link).toContain(`customerId=${cafe.id}&issuedFrom=2026-12-05&issuedTo=2026-12-05&limit=2&cursor=`);
      const second = await admin.get<InvoiceJson[]>(link!.slice(new URL(link!).origin.length));
      expect(second.body).toHaveLength(1);
      expect(second.headers.get('link')).toBeNull();
      const walked = [...first.body, ...second.body];
      // the same instant for the three (the stack's clock stood still): newest first is then by id, each once
      expect(walked.map((i) => i.id).sort()).toEqual(cafeInvoices.map((i) => i.id).sort());
      const keys = walked.map((i) => `${i.issuedAt} ${i.id}`);
      expect(keys).toEqual([...keys].sort().reverse());

      const onSixth = await admin.all<InvoiceJson>('/api/invoices?issuedFrom=2026-12-06&issuedTo=2026-12-06');
      expect(onSixth.map((i) => i.id)).toEqual([bistroInvoice.id]);
      expect((await admin.get('/api/invoices?issuedFrom=2026-12-06&issuedTo=2026-12-05')).body).toMatchObject({
        statusCode: 400,
        errors: { issuedTo: ['issuedTo must not be before issuedFrom'] },
      });
      expect((await admin.get('/api/invoices?paid=maybe')).body).toMatchObject({ statusCode: 400, errors: { paid: ['paid must be true or false'] } });
      expect((await admin.get('/api/invoices?limit=0')).status).toBe(400);
      expect((await admin.get('/api/invoices?cursor=nonsense')).status).toBe(400);
      expect((await admin.get('/api/invoices?colour=red')).status).toBe(400);
    });

    it('marks an invoice paid and unpaid (admins only), and filters by it', async () => {
      const [target] = cafeInvoices;
      expect((await cafe.client.put(`/api/invoices/${target.id}/paid`, { paid: true })).status).toBe(403);
      expect((await admin.put(`/api/invoices/${target.id}/paid`, { paid: 'yes' })).body).toMatchObject({ statusCode: 400, errors: { paid: ['paid must be true or false'] } });
      expect((await admin.put(`/api/invoices/7d9f0c3e-2b1a-4c5d-8e6f-0123456789ab/paid`, { paid: true })).status).toBe(404);

      stack.setClock(london('2026-12-07T15:00'));
      const paid = await admin.put<InvoiceJson>(`/api/invoices/${target.id}/paid`, { paid: true });
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({ ...target, paid: true, paidAt: london('2026-12-07T15:00').toISOString() });
      // paying again keeps the first date
      stack.setClock(london('2026-12-08T15:00'));
      expect((await admin.put<InvoiceJson>(`/api/invoices/${target.id}/paid`, { paid: true })).body.paidAt).toBe(london('2026-12-07T15:00').toISOString());

      const paidOnes = await admin.all<InvoiceJson>(`/api/invoices?customerId=${cafe.id}&paid=true`);
      expect(paidOnes.map((i) => i.id)).toEqual([target.id]);
      const unpaid = await cafe.client.all<InvoiceJson>('/api/invoices?paid=false');
      expect(unpaid.map((i) => i.id)).not.toContain(target.id);
      expect(unpaid.map((i) => i.id)).toEqual(expect.arrayContaining([cafeInvoices[1].id, cafeInvoices[2].id]));

      expect((await admin.put<InvoiceJson>(`/api/invoices/${target.id}/paid`, { paid: false })).body).toMatchObject({ paid: false, paidAt: null });
    });
  });

  describe('the PDF', () => {
    it('prints the number, the bakery, the customer, the lines and the totals, with page numbers', async () => {
      const placed = await order(bistro.client, [[sourdough, 3], [croissant, 7]], { deliveryDate: '2026-12-10' });
      expect((await setStatus(placed.id, 'delivered')).status).toBe(200);
      const [invoice] = (await invoicesOf(placed.id)).body;

      for (const reader of [admin, bistro.client]) {
        const res = await pdf(reader, `/api/invoices/${invoice.id}/pdf`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
        const text = pdfText(res.bytes);
        expect(text).toContain(invoice.number);
        expect(text).toContain('Crumb & Co Bakery');
        expect(text).toContain('GB123456789');
        expect(text).toContain('Bistro Forno');
        expect(text).toContain('3 Quay Street, Bristol BS1 4DJ');
        expect(text).toMatch(/Sourdough Loaf\s+3\s+\$3\.25\s+\$9\.75/);
        expect(text).toMatch(/Butter Croissant\s+7\s+\$1\.85\s+\$12\.95/);
        expect(text).toMatch(/Subtotal\s+\$22\.70/);
        expect(text).toMatch(/Delivery fee\s+\$12\.50/);
        expect(text).toMatch(/Tax\s+\$1\.93/);
        expect(text).toMatch(/Total\s+\$37\.13/);
        expect(text).toContain('2026-12-10');
        expect(text).toContain('Bank transfer to 20-00-00 12345678 within 14 days');
        expect(text).toContain('Page 1 of 1');
      }

      const letter = await pdf(admin, `/api/invoices/${invoice.id}/pdf?paper=letter`);
      expect(execFileSync('pdfinfo', ['-'], { input: letter.bytes }).toString()).toMatch(/Page size:\s+612 x 792 pts/);
      const a4 = await pdf(admin, `/api/invoices/${invoice.id}/pdf`);
      expect(execFileSync('pdfinfo', ['-'], { input: a4.bytes }).toString()).toMatch(/Page size:\s+595\.28 x 841\.89 pts/);
      const badPaper = await admin.get(`/api/invoices/${invoice.id}/pdf?paper=legal`);
      expect(badPaper.body).toMatchObject({ statusCode: 400, errors: { paper: ['paper must be one of a4, letter'] } });
    });

    it('prints a credit note with its negative totals and the invoice it credits', async () => {
      const placed = await order(cafe.client, [[croissant, 2]]);
      const invoice = (await admin.post<InvoiceJson>(`/api/orders/${placed.id}/invoice`)).body;
      expect((await setStatus(placed.id, 'cancelled')).status).toBe(200);
      const credit = (await invoicesOf(placed.id)).body.find((i) => i.kind === 'credit-note')!;
      const res = await pdf(cafe.client, `/api/invoices/${credit.id}/pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="credit-note-${credit.number}.pdf"`);
      const text = pdfText(res.bytes);
      expect(text).toContain(`Credit note ${credit.number}`);
      expect(text).toContain(`Credits invoice ${invoice.number}`);
      expect(text).toMatch(/Butter Croissant\s+2\s+-\$1\.85\s+-\$3\.70/);
      expect(text).toMatch(/Total\s+-\$16\.51/);
      expect(text).toContain('Page 1 of 1');
    });
  });

  describe('bakery details', () => {
    it('are the admin’s to read and set, with field messages for bad input', async () => {
      const customerClient = await signedInCustomer(stack.url);
      expect((await customerClient.get('/api/admin/bakery-details')).status).toBe(403);
      expect((await customerClient.put('/api/admin/bakery-details', { name: 'Mine' })).status).toBe(403);
      const bad = await admin.put('/api/admin/bakery-details', { name: '   ', address: 'x'.repeat(501), taxId: 7 });
      expect(bad.body).toMatchObject({
        statusCode: 400,
        errors: {
          name: ['name must be 1 to 120 characters'],
          address: ['address must be at most 500 characters'],
          taxId: ['taxId must be at most 500 characters'],
        },
      });
      expect((await admin.put('/api/admin/bakery-details', { name: 'x'.repeat(121) })).status).toBe(400);
      expect((await admin.put('/api/admin/bakery-details', { name: 'Ok', extra: 1 })).status).toBe(400);
      const before = (await admin.get('/api/admin/bakery-details')).body;
      // absent texts are empty
      const set = await admin.put('/api/admin/bakery-details', { name: 'Loaf & Co' });
      expect(set.body).toEqual({ name: 'Loaf & Co', address: '', taxId: '', paymentInstructions: '' });
      expect((await admin.get('/api/admin/bakery-details')).body).toEqual(set.body);
      await admin.put('/api/admin/bakery-details', before);
    });
  });
});
