import { Injectable } from '@nestjs/common';
import {
  AppError,
  CatalogPatterns,
  ErrorCode,
  type Invoice,
  type InvoicesPage,
  InvoicePatterns,
  type MailKind,
  type Order,
  type OrderAmendedEvent,
  OrderingPatterns,
  type OrderStatus,
  type PasswordLinkIssuedEvent,
  type OrderContact,
  type Product,
  CustomersPatterns,
  type StandingDeliveryPreviewEvent,
} from '@bakery/contracts';
import { invoiceFilename, renderInvoicePdf } from '@bakery/documents';
import { RpcClient } from '@bakery/platform';
import {
  adminNewOrderMail,
  amendedMail,
  type ComposedMail,
  confirmationMail,
  cutoffReminderMail,
  passwordLinkMail,
  productsMissingFrom,
  standingPreviewMail,
  statusDocument,
  statusDocumentKind,
  statusMail,
  type MailAttachment,
} from './mail-content';
import { MailContextSource } from './mail-context.source';

/** What the event handler wrote of a mail: enough to compose it (../mail/order-mails.ts). */
export interface MailToCompose {
  kind: MailKind;
  /** known from the start for the admins' mail and password links; a customer's comes with the order */
  recipient: string | null;
  orderId: string | null;
  customerId: string | null;
  /** order_status: { status }; order_amended, password links, previews: the event; cutoff_reminder: { deliveryDate, cutoffAt } */
  data: Record<string, unknown>;
}

export interface ComposedFor extends ComposedMail {
  recipient: string;
}

/** A mail that can never be composed (its order is unknown): it fails at once instead of being retried. */
export class UnsendableMail extends Error {}

/**
 * Composes a mail before its first attempt: the order as ordering has it then
 * (`ordering.orders.get`, asked as its own customer, whom the event named), the bakery's name and
 * time zone, and for an amendment the names of products the order no longer has (catalog). An
 * ordering or catalog that does not answer is an error the worker retries with backoff.
 */
@Injectable()
export class MailComposer {
  constructor(
    private readonly rpc: RpcClient,
    private readonly contexts: MailContextSource,
  ) {}

  async compose(mail: MailToCompose): Promise<ComposedFor> {
    const ctx = await this.contexts.get();
    switch (mail.kind) {
      case 'password_reset':
      case 'welcome':
        return { ...passwordLinkMail(mail.data as unknown as PasswordLinkIssuedEvent, ctx), recipient: this.known(mail) };
      case 'admin_new_order':
        return { ...adminNewOrderMail(await this.order(mail), ctx), recipient: this.known(mail) };
      case 'order_confirmation': {
        const order = await this.order(mail);
        return { ...confirmationMail(order, ctx), recipient: order.customer.email };
      }
      case 'order_status': {
        const status = mail.data.status as OrderStatus;
        const order = await this.order(mail);
        const documents = statusDocumentKind(status) ? await this.documentsOf(order) : [];
        const composed = statusMail(order, status, ctx, documents);
        if (!composed) throw new UnsendableMail(`no mail is sent for the status ${String(mail.data.status)}`);
        const document = statusDocument(status, documents);
        return { ...composed, recipient: order.customer.email, attachment: document ? await documentPdf(document, documents, ctx.timeZone) : null };
      }
      case 'order_amended': {
        const order = await this.order(mail);
        const event = mail.data as unknown as OrderAmendedEvent;
        const names = await this.productNames(productsMissingFrom(order, event));
        return { ...amendedMail(order, event, ctx, names), recipient: order.customer.email };
      }
      case 'standing_order_preview': {
        const event = mail.data as unknown as StandingDeliveryPreviewEvent;
        const names = await this.productNames(event.lines.map((line) => line.productId));
        return { ...standingPreviewMail(event, names, ctx), recipient: await this.customerEmail(mail) };
      }
      case 'cutoff_reminder':
        return { ...cutoffReminderMail(mail.data as { deliveryDate: string; cutoffAt: string }, ctx), recipient: await this.customerEmail(mail) };
    }
  }

  private known(mail: MailToCompose): string {
    if (!mail.recipient) throw new UnsendableMail(`a ${mail.kind} mail without a recipient`);
    return mail.recipient;
  }

  /** A customer's address as customers has it now (a mail that is not about an order). */
  private async customerEmail(mail: MailToCompose): Promise<string> {
    if (!mail.customerId) throw new UnsendableMail(`a ${mail.kind} mail without its customer`);
    try {
      return (await this.rpc.request<OrderContact>(CustomersPatterns.orderContact, { userId: mail.customerId })).email;
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.NotFound) throw new UnsendableMail(`customer ${mail.customerId} is unknown`);
      throw err;
    }
  }

  private async order(mail: MailToCompose): Promise<Order> {
    if (!mail.orderId || !mail.customerId) throw new UnsendableMail(`a ${mail.kind} mail without its order`);
    try {
      return await this.rpc.request<Order>(OrderingPatterns.getOrder, { caller: { userId: mail.customerId, role: 'customer' }, orderId: mail.orderId });
    } catch (err) {
      // an order ordering does not know (a forged event): nothing to tell anyone
      if (err instanceof AppError && err.code === ErrorCode.NotFound) throw new UnsendableMail(`order ${mail.orderId} is unknown to ordering`);
      throw err;
    }
  }

  /** The order's invoices and credit notes, as its customer sees them (ordering issues them with the status change). */
  private async documentsOf(order: Order): Promise<Invoice[]> {
    const page = await this.rpc.request<InvoicesPage>(InvoicePatterns.list, {
      caller: { userId: order.customerId, role: 'customer' },
      filters: { orderId: order.id },
      limit: 10,
    });
    return page.invoices;
  }

  /** Names of products an order no longer has (an amendment removed them); unknown ones are left out. */
  private async productNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const products = await this.rpc.request<Product[]>(CatalogPatterns.getProducts, { ids });
    return new Map(products.map((product) => [product.id, product.name]));
  }
}

/**
 * The invoice or credit note as the PDF the customer would download from Orders (A4, the
 * download's default); a credit note names the invoice it cancels, one of the order's `documents`.
 */
async function documentPdf(document: Invoice, documents: readonly Invoice[], timeZone: string): Promise<MailAttachment> {
  const credited = document.creditedInvoiceId ? documents.find((d) => d.id === document.creditedInvoiceId) : undefined;
  const content = await renderInvoicePdf(document, { timeZone, creditedNumber: credited?.number ?? null, paper: 'A4' });
  return { filename: invoiceFilename(document), content };
}
