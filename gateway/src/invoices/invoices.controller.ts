import { Body, Controller, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type BakeryCalendar,
  type Invoice,
  InvoiceMessages,
  InvoicePatterns,
  type InvoicesPage,
  type IssueInvoiceRequest,
  ListInvoicesQuery,
  type ListInvoicesRequest,
  OrderingMessages,
  OrderingPatterns,
  SetInvoicePaidDto,
  type SetInvoicePaidRequest,
} from '@bakery/contracts';
import { invoiceFilename, renderInvoicePdf } from '@bakery/documents';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, SignedIn } from '../auth/access';
import { caller, CurrentPrincipal, type Principal } from '../auth/principal';
import { paperOf, sendPdfBytes } from '../documents/pdf-answer';
import { nextPageLink } from '../http/paging';
import { routeId } from '../http/route-id';
import { invoiceListRequest } from './invoice-list';

/**
 * Invoices and credit notes: customers read and download their own (someone else's is a 404),
 * admins every one, issue an order's invoice on demand and mark invoices paid. Ordering issues
 * them (also by itself, when an order is delivered or an invoiced one cancelled); the PDF is drawn
 * here from its JSON (libs/documents, which notifications also uses for the mail's attachment).
 */
@Controller('api')
export class InvoicesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * One page of invoices, newest first (a customer's own), filtered on the server; the next page's
   * full URL in `Link: <...>; rel="next"`, the first page's `X-Total-Count` when ordering counted
   * the matches within its budget.
   */
  @SignedIn()
  @Get('invoices')
  async list(
    @CurrentPrincipal() me: Principal,
    @Query() query: ListInvoicesQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Invoice[]> {
    const { filters, after, limit } = invoiceListRequest(query, me.role);
    const request: ListInvoicesRequest = { caller: caller(me), after, limit, filters, withTotal: after === null };
    const page: InvoicesPage = await this.rpc.request(InvoicePatterns.list, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    if (typeof page.total === 'number') res.header('X-Total-Count', String(page.total));
    return page.invoices;
  }

  @SignedIn()
  @Get('invoices/:id')
  get(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<Invoice> {
    return this.rpc.request(InvoicePatterns.get, { caller: caller(me), id: invoiceId(id) });
  }

  /** The invoice as a PDF (`?paper=a4|letter`, A4 by default), with the bakery's details as issued. */
  @SignedIn()
  @Get('invoices/:id/pdf')
  async pdf(@CurrentPrincipal() me: Principal, @Param('id') id: string, @Query('paper') paper: unknown, @Res() res: FastifyReply): Promise<void> {
    const request = { caller: caller(me), id: invoiceId(id) };
    const size = paperOf(paper);
    const invoice: Invoice = await this.rpc.request(InvoicePatterns.get, request);
    const [calendar, credited] = await Promise.all([
      this.rpc.request<BakeryCalendar>(OrderingPatterns.calendar, {}),
      invoice.creditedInvoiceId ? this.rpc.request<Invoice>(InvoicePatterns.get, { ...request, id: invoice.creditedInvoiceId }) : Promise.resolve(null),
    ]);
    const pdf = await renderInvoicePdf(invoice, { timeZone: calendar.timeZone, creditedNumber: credited?.number ?? null, paper: size });
    await sendPdfBytes(res, invoiceFilename(invoice), pdf);
  }

  /** Issues the order's invoice now (201): 409 when it has one or is cancelled, 404 for an unknown order. */
  @AdminOnly()
  @Post('orders/:id/invoice')
  issue(@Param('id') id: string): Promise<Invoice> {
    const request: IssueInvoiceRequest = { orderId: routeId(id, OrderingMessages.orderNotFound) };
    return this.rpc.request(InvoicePatterns.issue, request);
  }

  @AdminOnly()
  @Put('invoices/:id/paid')
  setPaid(@Param('id') id: string, @Body() body: SetInvoicePaidDto): Promise<Invoice> {
    const request: SetInvoicePaidRequest = { id: invoiceId(id), paid: body.paid };
    return this.rpc.request(InvoicePatterns.setPaid, request);
  }
}

function invoiceId(id: string): string {
  return routeId(id, InvoiceMessages.notFound);
}
