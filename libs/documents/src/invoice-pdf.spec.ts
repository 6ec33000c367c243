import { execFileSync } from 'node:child_process';
import type { Invoice } from '@bakery/contracts';
import { dollars, invoiceFilename, invoiceTitle, renderInvoicePdf } from './invoice-pdf';

const INVOICE: Invoice = {
  id: '0d4f6c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
  number: 'INV-2026-000123',
  kind: 'invoice',
  orderId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  orderNumber: '9A8B7C6D',
  customerId: '11111111-1111-4111-8111-111111111111',
  creditedInvoiceId: null,
  // 11:30 PM on 1 December in New York: already 2 December in UTC
  issuedAt: '2026-12-02T04:30:00.000Z',
  subtotal: '1234.50',
  deliveryFee: '5.00',
  tax: '104.93',
  total: '1344.43',
  paid: false,
  paidAt: null,
  lines: [
    { productId: 'a', name: 'Sonnenblumenkernvollkornbrot', quantity: 100, unitPrice: '6.50', totalPrice: '650.00' },
    { productId: 'b', name: 'Croissant', quantity: 325, unitPrice: '1.80', totalPrice: '584.50' },
  ],
  customer: { businessName: 'Corner Coffee', email: 'cafe@example.test', phone: null, address: '1 High Street' },
  bakery: { name: 'Crumb & Co', address: '5 Mill Lane', taxId: 'GB123', paymentInstructions: 'Pay within 14 days to account 12-34-56.' },
  deliveryDate: '2026-12-03',
  deliveryTimeSlot: '6:00 AM - 8:00 AM',
};

const text = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

describe('invoice PDF', () => {
  it('prints who, what, the totals as issued, and how to pay, on the issue day in the bakery’s zone', async () => {
    const printed = text(await renderInvoicePdf(INVOICE, { timeZone: 'America/New_York', creditedNumber: null, paper: 'A4' }));
    expect(printed).toContain('Invoice INV-2026-000123');
    expect(printed).toContain('Crumb & Co');
    expect(printed).toContain('Corner Coffee');
    expect(printed).toMatch(/INV-2026-000123\s+2026-12-01\s+9A8B7C6D\s+2026-12-03, 6:00 AM - 8:00 AM/);
    expect(printed).toMatch(/Sonnenblumenkernvollkornbrot\s+100\s+\$6\.50\s+\$650\.00/);
    expect(printed).toMatch(/Total\s+\$1,344\.43/);
    expect(printed).toContain('Not paid yet.');
    expect(printed).toContain('Pay within 14 days to account 12-34-56.');
  });

  it('prints a credit note with the invoice it cancels, negative amounts and no payment instructions', async () => {
    const credit: Invoice = { ...INVOICE, kind: 'credit-note', number: 'CN-2026-000001', creditedInvoiceId: INVOICE.id, total: '-1344.43', paid: false };
    const printed = text(await renderInvoicePdf(credit, { timeZone: 'UTC', creditedNumber: INVOICE.number, paper: 'LETTER' }));
    expect(printed).toContain('Credit note CN-2026-000001');
    expect(printed).toContain('Credits invoice INV-2026-000123 in full.');
    expect(printed).toMatch(/Total\s+-\$1,344\.43/);
    expect(printed).not.toContain('Pay within 14 days');
  });

  it('writes money as the web app does, negatives included', () => {
    expect(dollars('1234.5')).toBe('$1,234.50');
    expect(dollars('0.00')).toBe('$0.00');
    expect(dollars('-12.50')).toBe('-$12.50');
    expect(dollars('1234567.89')).toBe('$1,234,567.89');
  });

  it('names the file and the title by kind and number', () => {
    expect(invoiceFilename({ kind: 'invoice', number: 'INV-2026-000123' })).toBe('invoice-INV-2026-000123.pdf');
    expect(invoiceFilename({ kind: 'credit-note', number: 'CN-2026-000001' })).toBe('credit-note-CN-2026-000001.pdf');
    expect(invoiceTitle({ kind: 'credit-note', number: 'CN-2026-000001' })).toBe('Credit note CN-2026-000001');
  });
});
