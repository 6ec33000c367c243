import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type BakeryDetails,
  BakeryDetailsDto,
  BakeryDetailsPatterns,
  EmptyRequest,
  type Invoice,
  InvoicePatterns,
  InvoiceRequest,
  type InvoicesPage,
  IssueInvoiceRequest,
  ListInvoicesRequest,
  SetInvoicePaidRequest,
} from '@bakery/contracts';
import { BakeryDetailsService } from './bakery-details.service';
import { InvoicesService } from './invoices.service';

@Controller()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly bakery: BakeryDetailsService,
  ) {}

  @MessagePattern(InvoicePatterns.list)
  list(@Payload() req: ListInvoicesRequest): Promise<InvoicesPage> {
    return this.invoices.list(req.caller, req.after ?? null, req.limit ?? undefined, req.filters ?? {}, req.withTotal ?? false);
  }

  @MessagePattern(InvoicePatterns.get)
  get(@Payload() req: InvoiceRequest): Promise<Invoice> {
    return this.invoices.get(req.caller, req.id);
  }

  @MessagePattern(InvoicePatterns.issue)
  issue(@Payload() req: IssueInvoiceRequest): Promise<Invoice> {
    return this.invoices.issueOnDemand(req.orderId);
  }

  @MessagePattern(InvoicePatterns.setPaid)
  setPaid(@Payload() req: SetInvoicePaidRequest): Promise<Invoice> {
    return this.invoices.setPaid(req.id, req.paid);
  }

  @MessagePattern(BakeryDetailsPatterns.get)
  bakeryDetails(@Payload() _request: EmptyRequest): Promise<BakeryDetails> {
    return this.bakery.get();
  }

  @MessagePattern(BakeryDetailsPatterns.set)
  setBakeryDetails(@Payload() req: BakeryDetailsDto): Promise<BakeryDetails> {
    return this.bakery.set(req);
  }
}
