import { invoiceFileName, invoiceListPath, invoicePdfPath } from './api/invoices';
import {
  bakeryDetailsProblem,
  isFiltered,
  listParamsOf,
  rangeProblem,
  readInvoiceFilters,
  signedAmount,
  toBakeryDetails,
  writeInvoiceFilters,
} from './invoices';

const CUSTOMER = '8f14e45f-ceea-467f-a0e6-0a1b2c3d4e5f';

describe('invoices: amounts, filters and the bakery details', () => {
  it('writes a credit note’s negative amounts with the sign before the dollar', () => {
    expect(signedAmount('1234.50')).toBe('$1,234.50');
    expect(signedAmount('-12.5')).toBe('-$12.50');
    expect(signedAmount(null)).toBe('$0.00');
  });

  it('reads only valid filters from the URL and writes back only what is set', () => {
    const filters = readInvoiceFilters(new URLSearchParams(`customer=${CUSTOMER}&paid=unpaid&from=2026-11-01&to=not-a-date&x=1`));
    expect(filters).toEqual({ customerId: CUSTOMER, paid: 'unpaid', from: '2026-11-01', to: '' });
    expect(readInvoiceFilters(new URLSearchParams('customer=robert&paid=maybe'))).toEqual({ customerId: '', paid: 'all', from: '', to: '' });
    expect(writeInvoiceFilters(filters).toString()).toBe(`customer=${CUSTOMER}&paid=unpaid&from=2026-11-01`);
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered({ customerId: '', paid: 'all', from: '', to: '' })).toBe(false);
  });

  it('asks the server for the filters, paged', () => {
    expect(listParamsOf({ customerId: CUSTOMER, paid: 'paid', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      customerId: CUSTOMER,
      paid: true,
      issuedFrom: '2026-11-01',
      issuedTo: '2026-11-30',
    });
    expect(listParamsOf({ customerId: '', paid: 'unpaid', from: '', to: '' })).toEqual({ paid: false });
    expect(invoiceListPath({ paid: false, issuedFrom: '2026-11-01' })).toBe('/api/invoices?paid=false&issuedFrom=2026-11-01&limit=20');
    expect(invoiceListPath({ orderId: 'o1', limit: 10 })).toBe('/api/invoices?orderId=o1&limit=10');
    expect(invoicePdfPath('i1')).toBe('/api/invoices/i1/pdf');
    expect(invoicePdfPath('i1', 'letter')).toBe('/api/invoices/i1/pdf?paper=letter');
    expect(invoiceFileName({ kind: 'invoice', number: 'INV-2026-000123' })).toBe('invoice-INV-2026-000123.pdf');
    expect(invoiceFileName({ kind: 'credit-note', number: 'CN-2026-000001' })).toBe('credit-note-CN-2026-000001.pdf');
  });

  it('refuses an issued range that ends before it starts', () => {
    expect(rangeProblem('2026-11-10', '2026-11-01')).toBe('The end date is before the start date');
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeUndefined();
    expect(rangeProblem('', '2026-11-01')).toBeUndefined();
  });

  it('checks the bakery details by the server’s limits and sends every field trimmed', () => {
    expect(bakeryDetailsProblem('name', '  ')).toBe("The bakery's name must be 1 to 120 characters");
    expect(bakeryDetailsProblem('name', 'x'.repeat(121))).toBe("The bakery's name must be 1 to 120 characters");
    expect(bakeryDetailsProblem('name', 'Rise & Shine Bakery')).toBeUndefined();
    expect(bakeryDetailsProblem('address', '')).toBeUndefined();
    expect(bakeryDetailsProblem('taxId', 'x'.repeat(501))).toBe('At most 500 characters');
    expect(toBakeryDetails({ name: ' Rise & Shine ', taxId: ' EIN 12-3456789 ' })).toEqual({
      name: 'Rise & Shine',
      address: '',
      taxId: 'EIN 12-3456789',
      paymentInstructions: '',
    });
  });
});
