import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreatePriceListRequest,
  type CustomerTerms,
  type CustomerTermsAuditPage,
  CustomerTermsAuditRequest,
  CustomerTermsPatterns,
  CustomerTermsRequest,
  type HeldCustomers,
  HeldCustomersRequest,
  ListPriceListsRequest,
  type PriceList,
  type PriceListCustomersPage,
  PriceListCustomersRequest,
  PriceListIdRequest,
  type PriceListsPage,
  type ResolvedTerms,
  ResolveTermsRequest,
  SetCustomerTermsRequest,
  UpdatePriceListRequest,
} from '@bakery/contracts';
import { CustomerTermsService } from './customer-terms.service';
import { PriceListsService } from './price-lists.service';

/** Price lists and customers' terms (the gateway has checked the caller is an admin), and pricing's one question. */
@Controller()
export class TermsController {
  constructor(
    private readonly priceLists: PriceListsService,
    private readonly terms: CustomerTermsService,
  ) {}

  @MessagePattern(CustomerTermsPatterns.listPriceLists)
  listPriceLists(@Payload() req: ListPriceListsRequest): Promise<PriceListsPage> {
    return this.priceLists.list(req);
  }

  @MessagePattern(CustomerTermsPatterns.getPriceList)
  getPriceList(@Payload() req: PriceListIdRequest): Promise<PriceList> {
    return this.priceLists.get(req.id);
  }

  @MessagePattern(CustomerTermsPatterns.createPriceList)
  createPriceList(@Payload() req: CreatePriceListRequest): Promise<PriceList> {
    return this.priceLists.create(req);
  }

  @MessagePattern(CustomerTermsPatterns.updatePriceList)
  updatePriceList(@Payload() req: UpdatePriceListRequest): Promise<PriceList> {
    const { id, ...dto } = req;
    return this.priceLists.update(id, dto);
  }

  @MessagePattern(CustomerTermsPatterns.deletePriceList)
  deletePriceList(@Payload() req: PriceListIdRequest): Promise<{ id: string }> {
    return this.priceLists.delete(req.id);
  }

  @MessagePattern(CustomerTermsPatterns.priceListCustomers)
  priceListCustomers(@Payload() req: PriceListCustomersRequest): Promise<PriceListCustomersPage> {
    return this.priceLists.customers(req);
  }

  @MessagePattern(CustomerTermsPatterns.getTerms)
  getTerms(@Payload() req: CustomerTermsRequest): Promise<CustomerTerms> {
    return this.terms.get(req.userId);
  }

  @MessagePattern(CustomerTermsPatterns.setTerms)
  setTerms(@Payload() req: SetCustomerTermsRequest): Promise<CustomerTerms> {
    return this.terms.set(req);
  }

  @MessagePattern(CustomerTermsPatterns.termsAudit)
  termsAudit(@Payload() req: CustomerTermsAuditRequest): Promise<CustomerTermsAuditPage> {
    return this.terms.audit(req);
  }

  @MessagePattern(CustomerTermsPatterns.resolve)
  resolve(@Payload() req: ResolveTermsRequest): Promise<ResolvedTerms> {
    return this.terms.resolve(req.userId, req.withContact ?? false);
  }

  @MessagePattern(CustomerTermsPatterns.heldAmong)
  heldAmong(@Payload() req: HeldCustomersRequest): Promise<HeldCustomers> {
    return this.terms.heldAmong(req.customerIds);
  }
}
