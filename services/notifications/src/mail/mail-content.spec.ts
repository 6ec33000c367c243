import type { Invoice, Order, OrderAmendedEvent, PasswordLinkIssuedEvent } from '@bakery/contracts';
import {
  adminNewOrderMail,
  amendedMail,
  amendmentChanges,
  bakeryTime,
  confirmationMail,
  cutoffReminderMail,
  longDate,
  type MailContext,
  money,
  passwordLinkMail,
  productsMissingFrom,
  skipLinkUrl,
  standingPreviewMail,
  statusMail,
  subjectLine,
} from './mail-content';

const HOSTILE = `<script>alert("x")</script> & <img src=x onerror=alert(1)> "quoted" 'single' {{7*7}}`;

const ctx: MailContext = { bakeryName: 'Rise & Shine <Bakery>', publicUrl: 'https://shop.example.com', timeZone: 'Europe/Paris' };

function order(fields: Partial<Order> = {}): Order {
  return {
    id: '6b1f7c9e-2a4d-4f3b-9c8e-1d2e3f4a5b6c',
    customerId: '0d6f0e5e-9a4b-4c1e-8f7a-2b3c4d5e6f70',
    status: 'pending',
    subtotal: '1234.5',
    deliveryFee: '12.50',
    tax: '104.93',
    total: '1351.93',
    deliveryDate: '2026-12-02',
    deliveryTimeSlot: '6:00 AM - 8:00 AM',
    specialInstructions: `Back door\n${HOSTILE}`,
    cutoffAt: '2026-12-01T13:00:00.000Z',
    standingOrderId: null,
    createdAt: '2026-11-30T09:00:00.000Z',
    updatedAt: '2026-11-30T09:00:00.000Z',
    customer: { businessName: `Café ${HOSTILE}`, email: 'cafe@example.com', phone: '555-0100' },
    orderItems: [
      { id: 'i1', productId: 'p1', quantity: 3, unitPrice: '4.5', totalPrice: '13.5', product: { id: 'p1', name: 'Sourdough <b>Loaf</b>' }, shortfall: 0 },
      { id: 'i2', productId: 'p2', quantity: 1, unitPrice: '1221', totalPrice: '1221', product: { id: 'p2', name: 'Wedding Cake' }, shortfall: 0 },
    ],
    ...fields,
  };
}

describe('mail content', () => {
  it('writes money with 2 decimals, dates out, instants in the bakery zone', () => {
    expect(money('4.5')).toBe('$4.50');
    expect(money('1351.93')).toBe('$1351.93');
    expect(money('0')).toBe('$0.00');
    expect(longDate('2026-12-02')).toBe('Wednesday, December 2, 2026');
    expect(bakeryTime('2026-12-01T13:00:00.000Z', 'Europe/Paris')).toBe('Tue, Dec 1, 2026, 2:00 PM GMT+1');
    expect(bakeryTime('2026-12-01T13:00:00.000Z', 'UTC')).toBe('Tue, Dec 1, 2026, 1:00 PM UTC');
  });

  it('keeps a subject on one line', () => {
    expect(subjectLine('New order from Evil\r\nBcc: victim@example.com')).toBe('New order from Evil Bcc: victim@example.com');
  });

  it('confirms an order: number in the subject, items, quantities, prices, totals, delivery, instructions, cut-off', () => {
    const mail = confirmationMail(order(), ctx);
    expect(mail.kind).toBe('order_confirmation');
    expect(mail.subject).toBe('Order #3F4A5B6C received - Rise & Shine <Bakery>');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('3F4A5B6C');
      expect(body).toContain('Wedding Cake');
      expect(body).toContain('$4.50');
      expect(body).toContain('$13.50');
      expect(body).toContain('$1221.00');
      expect(body).toContain('$1234.50');
      expect(body).toContain('$12.50');
      expect(body).toContain('$104.93');
      expect(body).toContain('$1351.93');
      expect(body).toContain('Wednesday, December 2, 2026');
      expect(body).toContain('6:00 AM - 8:00 AM');
      expect(body).toContain('Tue, Dec 1, 2026, 2:00 PM GMT+1');
      expect(body).toContain('https://shop.example.com/orders');
    }
    expect(mail.text).toContain('- Sourdough <b>Loaf</b> x 3 @ $4.50 = $13.50');
    expect(mail.text).toContain('Back door');
  });

  it('escapes every piece of people’s text in the HTML, and leaves the plain text as typed', () => {
    const mail = confirmationMail(order(), ctx);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>Loaf</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(mail.html).toContain('Sourdough &lt;b&gt;Loaf&lt;/b&gt;');
    expect(mail.html).toContain('Rise &amp; Shine &lt;Bakery&gt;');
    // a template in people's text stays text
    expect(mail.html).toContain('{{7*7}}');
    expect(mail.html).not.toContain('49');
    expect(mail.text).toContain(HOSTILE);
    const admin = adminNewOrderMail(order(), { ...ctx, bakeryName: 'Bakery' });
    expect(admin.html).not.toContain('<script>');
    expect(admin.subject).toBe(`New order #3F4A5B6C from Café ${HOSTILE} - Bakery`);
  });

  it('tells a standing order’s shortfalls in the confirmation and its subject', () => {
    const short = order({
      standingOrderId: '7c1f7c9e-2a4d-4f3b-9c8e-1d2e3f4a5b6c',
      orderItems: [{ id: 'i1', productId: 'p1', quantity: 2, unitPrice: '4.50', totalPrice: '9.00', product: { id: 'p1', name: 'Rye' }, shortfall: 3 }],
    });
    const mail = confirmationMail(short, ctx);
    expect(mail.subject).toContain('some items short');
    expect(mail.text).toContain('- Rye: 3 short');
    expect(mail.text).toContain('placed from your standing order');
    expect(mail.html).toContain('(3 short, not charged)');
  });

  it('words the status changes customers are mailed about, and none other', () => {
    expect(statusMail(order(), 'in_transit', ctx)?.subject).toBe('Order #3F4A5B6C is on its way - Rise & Shine <Bakery>');
    expect(statusMail(order(), 'cancelled', ctx)?.text).toContain('Your order #3F4A5B6C was cancelled.');
    expect(statusMail(order(), 'confirmed', ctx)?.kind).toBe('order_status');
    expect(statusMail(order(), 'delivered', ctx)?.html).toContain('Your order was delivered');
    expect(statusMail(order(), 'in_preparation', ctx)).toBeNull();
  });

  it('names the invoice a delivered order got, with the payment instructions, and a cancelled order’s credit note', () => {
    const document = (kind: Invoice['kind'], number: string, total: string, paymentInstructions = `Bank transfer to 12-34-56\n${HOSTILE}`): Invoice => ({
      id: '1b1f7c9e-2a4d-4f3b-9c8e-1d2e3f4a5b6c',
      number,
      kind,
      orderId: order().id,
      orderNumber: '3F4A5B6C',
      customerId: order().customerId,
      creditedInvoiceId: null,
      issuedAt: '2026-12-02T10:00:00.000Z',
      subtotal: total,
      deliveryFee: '0.00',
      tax: '0.00',
      total,
      paid: false,
      paidAt: null,
      lines: [],
      customer: { businessName: 'Café', email: 'cafe@example.com', phone: null, address: null },
      bakery: { name: 'Rise & Shine', address: '', taxId: '', paymentInstructions },
      deliveryDate: '2026-12-02',
      deliveryTimeSlot: null,
    });
    const invoice = document('invoice', 'INV-2026-000042', '1351.93');
    const credit = document('credit-note', 'CN-2026-000007', '-1351.93');
    const delivered = statusMail(order(), 'delivered', ctx, [credit, invoice])!;
    expect(delivered.text).toContain('was delivered. Thank you!\n\nInvoice INV-2026-000042 for $1351.93 is attached, and in your orders.\nBank transfer to 12-34-56\n');
    expect(delivered.html).toContain('Invoice <strong>INV-2026-000042</strong> for $1351.93 is attached, and in your orders.');
    // the bakery's words are escaped like everyone's
    expect(delivered.html).toContain('Bank transfer to 12-34-56\n&lt;script&gt;');
    expect(delivered.html).not.toContain('<script>');
    // a credit note: its amount without the minus, and no payment instructions
    const cancelled = statusMail(order(), 'cancelled', ctx, [invoice, credit])!;
    expect(cancelled.text).toContain('Credit note CN-2026-000007 for $1351.93 is attached, and in your orders.');
    expect(cancelled.text).not.toContain('Bank transfer');
    // none issued (yet), none for other statuses, and no instructions when the bakery has none
    expect(statusMail(order(), 'delivered', ctx, [])!.text).toContain('was delivered. Thank you!\n\n- ');
    expect(statusMail(order(), 'in_transit', ctx, [invoice])!.text).not.toContain('INV-2026-000042');
    expect(statusMail(order(), 'delivered', ctx, [document('invoice', 'INV-2026-000043', '5.00', '')])!.text).toContain(
      'Invoice INV-2026-000043 for $5.00 is attached, and in your orders.\n\n',
    );
  });

  it('lists what an amendment changed, with the names of removed products asked elsewhere', () => {
    const event: OrderAmendedEvent = {
      orderId: order().id,
      customerId: order().customerId,
      amendmentId: '9c1f7c9e-2a4d-4f3b-9c8e-1d2e3f4a5b6c',
      status: 'pending',
      changed: ['lines', 'deliveryDate', 'deliveryTimeSlot', 'specialInstructions'],
      lines: [],
      lineChanges: [
        { productId: 'p1', before: 2, after: 3 },
        { productId: 'p2', before: 0, after: 1 },
        { productId: 'p9', before: 4, after: 0 },
      ],
      previousTotal: '20.00',
      total: '1351.93',
      previousDeliveryDate: '2026-12-01',
      deliveryDate: '2026-12-02',
      previousDeliveryTimeSlot: null,
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
    };
    expect(productsMissingFrom(order(), event)).toEqual(['p9']);
    expect(amendmentChanges(event, order(), new Map([['p9', 'Baguette']]))).toEqual([
      'Sourdough <b>Loaf</b>: 2 → 3',
      'Wedding Cake: added, 1',
      'Baguette: removed (was 4)',
      'Delivery date: Tuesday, December 1, 2026 → Wednesday, December 2, 2026',
      'Delivery slot: none → 6:00 AM - 8:00 AM',
      'Delivery instructions updated',
      'Total: $20.00 → $1351.93',
    ]);
    const mail = amendedMail(order(), event, ctx);
    expect(mail.subject).toBe('Order #3F4A5B6C changed - Rise & Shine <Bakery>');
    expect(mail.text).toContain('A product: removed (was 4)');
    expect(mail.html).toContain('Sourdough &lt;b&gt;Loaf&lt;/b&gt;: 2 → 3');
  });

  it('mails a password link built from PUBLIC_URL, a welcome one with its own words', () => {
    const event: PasswordLinkIssuedEvent = {
      userId: '0d6f0e5e-9a4b-4c1e-8f7a-2b3c4d5e6f70',
      email: 'cafe@example.com',
      token: 'A'.repeat(40) + '_-z',
      purpose: 'reset',
      expiresAt: '2026-12-01T13:00:00.000Z',
      firstName: '<i>Ann</i>',
    };
    const reset = passwordLinkMail(event, ctx);
    expect(reset.kind).toBe('password_reset');
    expect(reset.subject).toBe('Reset your password - Rise & Shine <Bakery>');
    expect(reset.text).toContain(`https://shop.example.com/reset-password?token=${'A'.repeat(40)}_-z`);
    expect(reset.html).toContain(`href="https://shop.example.com/reset-password?token&#x3D;${'A'.repeat(40)}_-z"`);
    expect(reset.html).toContain('Hello &lt;i&gt;Ann&lt;/i&gt;');
    expect(reset.text).toContain('until Tue, Dec 1, 2026, 2:00 PM GMT+1');
    const welcome = passwordLinkMail({ ...event, purpose: 'welcome', firstName: null }, ctx);
    expect(welcome.kind).toBe('welcome');
    expect(welcome.subject).toBe('Welcome to Rise & Shine <Bakery>: set your password');
    expect(welcome.text).toContain('&welcome=1');
    expect(welcome.text).toContain('An account for ordering from Rise & Shine <Bakery> has been made for you');
  });

  it('shows an order without a date, slot, instructions or cut-off', () => {
    const bare = order({ deliveryDate: null, deliveryTimeSlot: null, specialInstructions: null, cutoffAt: null, customer: { businessName: null, email: 'a@b.co', phone: null } });
    const mail = confirmationMail(bare, ctx);
    expect(mail.text).toContain('Delivery: no date chosen');
    expect(mail.text).not.toContain('Instructions');
    expect(mail.text).not.toContain('change or cancel');
    expect(adminNewOrderMail(bare, ctx).subject).toContain('from a@b.co');
  });

  it('previews a standing order’s delivery: what it orders, the cut-off, a skip link and a way to stop them; people’s text escaped', () => {
    const token = 'A'.repeat(43);
    const mail = standingPreviewMail(
      {
        standingOrderId: '11111111-1111-4111-8111-111111111111',
        customerId: '22222222-2222-4222-8222-222222222222',
        standingOrderName: `Weekly ${HOSTILE}`,
        deliveryDate: '2026-12-03',
        cutoffAt: '2026-12-02T13:00:00.000Z',
        deliveryTimeSlot: '6:00 AM - 8:00 AM',
        lines: [
          { productId: 'p1', quantity: 6 },
          { productId: 'gone', quantity: 2 },
        ],
        skipToken: token,
      },
      new Map([['p1', 'Sourdough <b>Loaf</b>']]),
      ctx,
    );
    expect(mail.kind).toBe('standing_order_preview');
    expect(mail.subject).toBe(`Coming delivery on Thursday, December 3, 2026: Weekly ${HOSTILE.replace(/\s+/g, ' ')} - Rise & Shine <Bakery>`);
    expect(skipLinkUrl(ctx.publicUrl, token)).toBe(`https://shop.example.com/skip-delivery?token=${token}`);
    expect(mail.text).toContain(`Skip this delivery: https://shop.example.com/skip-delivery?token=${token}`);
    // attribute values are escaped too ('=' as &#x3D;), which mail clients read back
    expect(mail.html).toContain(`href="https://shop.example.com/skip-delivery?token&#x3D;${token}"`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('https://shop.example.com/account');
      expect(body).toContain('Wed, Dec 2, 2026, 2:00 PM GMT+1');
      expect(body).toContain('6:00 AM - 8:00 AM');
    }
    expect(mail.text).toContain('- Sourdough <b>Loaf</b> x 6');
    expect(mail.text).toContain('- A product no longer in the catalogue x 2');
    expect(mail.html).toContain('Sourdough &lt;b&gt;Loaf&lt;/b&gt; x 6');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Skip this delivery');
  });

  it('reminds of a near cut-off with the date, the time in the bakery’s zone and a link to order', () => {
    const mail = cutoffReminderMail({ deliveryDate: '2026-12-02', cutoffAt: '2026-12-01T13:00:00.000Z' }, ctx);
    expect(mail.kind).toBe('cutoff_reminder');
    expect(mail.subject).toBe('Orders for Wednesday, December 2, 2026 close at Tue, Dec 1, 2026, 2:00 PM GMT+1 - Rise & Shine <Bakery>');
    expect(mail.text).toContain('Order now: https://shop.example.com/products');
    expect(mail.html).toContain('Rise &amp; Shine &lt;Bakery&gt;');
  });
});
