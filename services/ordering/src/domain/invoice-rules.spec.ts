import { computeTotals } from './totals';
import { creditNoteAmounts, invoiceAmounts, invoiceNumber, invoiceYear, negateAmount, orderNumberOf, signedCents } from './invoice-rules';

describe('invoiceNumber', () => {
  it('writes the kind, the year and a six-digit sequence', () => {
    expect(invoiceNumber('invoice', 2026, 123)).toBe('INV-2026-000123');
    expect(invoiceNumber('credit-note', 2026, 1)).toBe('CN-2026-000001');
    expect(invoiceNumber('invoice', 2027, 999_999)).toBe('INV-2027-999999');
    // a year with more than 999,999 invoices goes on counting rather than wrapping
    expect(invoiceNumber('invoice', 2027, 1_000_000)).toBe('INV-2027-1000000');
  });

  it('gives 1..50 fifty distinct numbers that sort as they were issued', () => {
    const numbers = Array.from({ length: 50 }, (_, i) => invoiceNumber('invoice', 2026, i + 1));
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort()).toEqual(numbers);
    expect(numbers[0]).toBe('INV-2026-000001');
    expect(numbers[49]).toBe('INV-2026-000050');
  });

  it('refuses what is not a sequence number or a year', () => {
    expect(() => invoiceNumber('invoice', 2026, 0)).toThrow(RangeError);
    expect(() => invoiceNumber('invoice', 2026, 1.5)).toThrow(RangeError);
    expect(() => invoiceNumber('invoice', 26, 1)).toThrow(RangeError);
  });
});

describe('invoiceYear', () => {
  it('is the year in the bakery’s time zone, not UTC’s', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Berlin, still the old year in New York
    const lastHalfHourUtc = new Date('2026-12-31T23:30:00Z');
    expect(invoiceYear(lastHalfHourUtc, 'UTC')).toBe(2026);
    expect(invoiceYear(lastHalfHourUtc, 'Europe/Berlin')).toBe(2027);
    expect(invoiceYear(new Date('2027-01-01T03:00:00Z'), 'America/New_York')).toBe(2026);
    expect(invoiceYear(new Date('2027-01-01T05:00:00Z'), 'America/New_York')).toBe(2027);
  });
});

describe('invoice amounts', () => {
  const pricing = { deliveryFee: '12.50', taxRate: '0.085' };
  const priced = [
    { productId: 'p1', productName: 'Sourdough', unitPrice: '3.25', quantity: 2 },
    { productId: 'p2', productName: 'Croissant', unitPrice: '5.10', quantity: 1 },
    { productId: 'p3', productName: 'Bagel', unitPrice: '0.10', quantity: 3 },
  ];
  const totals = computeTotals(priced, pricing);
  const order = {
    subtotal: totals.subtotal,
    deliveryFee: totals.deliveryFee,
    tax: totals.tax,
    total: totals.total,
    // written out of position order: the invoice reads in the order's own order
    items: priced
      .map((p, i) => ({ ...p, position: i, totalPrice: totals.lineTotals[i] }))
      .reverse(),
  };

  it('equals the order to the cent, lines in the order’s order', () => {
    const invoice = invoiceAmounts(order);
    expect(invoice).toEqual({
      subtotal: '11.90',
      deliveryFee: '12.50',
      tax: '1.01',
      total: '25.41',
      lines: [
        { productId: 'p1', name: 'Sourdough', quantity: 2, unitPrice: '3.25', totalPrice: '6.50' },
        { productId: 'p2', name: 'Croissant', quantity: 1, unitPrice: '5.10', totalPrice: '5.10' },
        { productId: 'p3', name: 'Bagel', quantity: 3, unitPrice: '0.10', totalPrice: '0.30' },
      ],
    });
    // the lines add up to the subtotal, and the parts to the total, exactly
    expect(invoice.lines.reduce((sum, l) => sum + signedCents(l.totalPrice), 0)).toBe(signedCents(invoice.subtotal));
    expect(signedCents(invoice.subtotal) + signedCents(invoice.deliveryFee) + signedCents(invoice.tax)).toBe(signedCents(invoice.total));
  });

  it('copies the order’s amounts as they are rather than recomputing them (in canonical form)', () => {
    const invoice = invoiceAmounts({ subtotal: '10', deliveryFee: '0', tax: '0.8', total: '10.80', items: [] });
    expect(invoice).toEqual({ subtotal: '10.00', deliveryFee: '0.00', tax: '0.80', total: '10.80', lines: [] });
  });

  it('leaves out a standing order’s line of which nothing was delivered', () => {
    const invoice = invoiceAmounts({
      ...order,
      items: [...order.items, { productId: 'p4', productName: 'Rye', quantity: 0, unitPrice: '4.00', totalPrice: '0.00', position: 3 }],
    });
    expect(invoice.lines.map((l) => l.productId)).toEqual(['p1', 'p2', 'p3']);
  });

  it('makes a credit note of the invoice negated, which sums with it to zero', () => {
    const invoice = invoiceAmounts(order);
    const credit = creditNoteAmounts(invoice);
    expect(credit).toEqual({
      subtotal: '-11.90',
      deliveryFee: '-12.50',
      tax: '-1.01',
      total: '-25.41',
      lines: [
        { productId: 'p1', name: 'Sourdough', quantity: 2, unitPrice: '-3.25', totalPrice: '-6.50' },
        { productId: 'p2', name: 'Croissant', quantity: 1, unitPrice: '-5.10', totalPrice: '-5.10' },
        { productId: 'p3', name: 'Bagel', quantity: 3, unitPrice: '-0.10', totalPrice: '-0.30' },
      ],
    });
    for (const key of ['subtotal', 'deliveryFee', 'tax', 'total'] as const) {
      expect(signedCents(invoice[key]) + signedCents(credit[key])).toBe(0);
    }
  });

  it('negates exactly, zero staying unsigned', () => {
    expect(negateAmount('0.00')).toBe('0.00');
    expect(negateAmount('0.01')).toBe('-0.01');
    expect(negateAmount('-99999999.99')).toBe('99999999.99');
    expect(signedCents('-0.05')).toBe(-5);
  });
});

describe('orderNumberOf', () => {
  it('is the id’s last 8 characters, upper-case', () => {
    expect(orderNumberOf('7d9f0c3e-2b1a-4c5d-8e6f-0123456789ab')).toBe('456789AB');
  });
});
