import { dateInTimeZone, type Invoice } from '@bakery/contracts';
import { contentWidth, drawTable, heading, type Paper, paragraph, renderPdf } from './pdf';

/** What the page prints beyond the invoice itself. */
export interface InvoicePdfContext {
  /** the bakery's time zone: the issue and payment dates are its days */
  timeZone: string;
  /** a credit note: the number of the invoice it cancels */
  creditedNumber: string | null;
}

export function invoiceTitle(invoice: Pick<Invoice, 'kind' | 'number'>): string {
  return `${invoice.kind === 'credit-note' ? 'Credit note' : 'Invoice'} ${invoice.number}`;
}

/** `invoice-INV-2026-000123.pdf`, `credit-note-CN-2026-000001.pdf` */
export function invoiceFilename(invoice: Pick<Invoice, 'kind' | 'number'>): string {
  return `${invoice.kind}-${invoice.number}.pdf`;
}

/** "1234.5" → "$1,234.50", "-12.50" → "-$12.50" (the web app's way of writing money). */
export function dollars(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

/**
 * An invoice or credit note as a PDF: the same file the customer downloads from Orders
 * (`GET /api/invoices/:id/pdf`) and finds attached to the mail of its order's status.
 */
export function renderInvoicePdf(invoice: Invoice, ctx: InvoicePdfContext & { paper: Paper }): Promise<Buffer> {
  return renderPdf({ title: invoiceTitle(invoice), bakeryName: invoice.bakery.name, paper: ctx.paper }, (doc) => drawInvoice(doc, invoice, ctx));
}

/**
 * An invoice or credit note's body (renderPdf adds the bakery's name and "Page n of m" to every
 * page): who it is from and to, its number, dates and order, the lines, the totals, whether it is
 * paid, and how to pay. Everything printed is the invoice's own copy, as it was issued.
 */
export function drawInvoice(doc: PDFKit.PDFDocument, invoice: Invoice, ctx: InvoicePdfContext): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const top = doc.y;
  const block = (x: number, title: string, lines: (string | null | undefined)[]) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, x, top, { width: half - 12 });
    doc.font('Helvetica').text(lines.filter((l): l is string => Boolean(l && l.trim())).join('\n') || ' ', x, doc.y, { width: half - 12 });
    return doc.y;
  };
  const { bakery, customer } = invoice;
  const fromBottom = block(left, 'From', [bakery.name, bakery.address, bakery.taxId ? `Tax id: ${bakery.taxId}` : null]);
  const toBottom = block(left + half, 'Bill to', [customer.businessName, customer.address, customer.email, customer.phone]);
  doc.x = left;
  doc.y = Math.max(fromBottom, toBottom);
  doc.moveDown();

  const delivery = [invoice.deliveryDate, invoice.deliveryTimeSlot].filter(Boolean).join(', ') || '-';
  drawTable(
    doc,
    [
      { header: invoice.kind === 'credit-note' ? 'Credit note' : 'Invoice', width: 3 },
      { header: 'Issued', width: 2 },
      { header: 'Order', width: 2 },
      { header: 'Delivery', width: 4 },
    ],
    [[invoice.number, dateInTimeZone(new Date(invoice.issuedAt), ctx.timeZone), invoice.orderNumber, delivery]],
  );
  if (ctx.creditedNumber) paragraph(doc, `Credits invoice ${ctx.creditedNumber} in full.`);
  doc.moveDown(0.5);

  drawTable(
    doc,
    [
      { header: 'Product', width: 5 },
      { header: 'Quantity', width: 1.5, align: 'right' },
      { header: 'Unit price', width: 2, align: 'right' },
      { header: 'Total', width: 2, align: 'right' },
    ],
    invoice.lines.map((line) => [line.name, line.quantity, dollars(line.unitPrice), dollars(line.totalPrice)]),
  );
  drawTable(
    doc,
    [
      { header: '', width: 8.5 },
      { header: 'Amount', width: 2, align: 'right' },
    ],
    [
      ['Subtotal', dollars(invoice.subtotal)],
      ['Delivery fee', dollars(invoice.deliveryFee)],
      ['Tax', dollars(invoice.tax)],
      ['Total', dollars(invoice.total)],
    ],
    { boldRows: new Set([3]) },
  );

  paragraph(doc, invoice.paid && invoice.paidAt ? `Paid on ${dateInTimeZone(new Date(invoice.paidAt), ctx.timeZone)}.` : 'Not paid yet.');
  if (invoice.kind === 'invoice' && bakery.paymentInstructions) {
    doc.moveDown(0.5);
    heading(doc, 'Payment instructions');
    paragraph(doc, bakery.paymentInstructions);
  }
}
