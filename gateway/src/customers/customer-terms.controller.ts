import { Body, Controller, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type CustomerTerms,
  type CustomerTermsAuditEntry,
  type CustomerTermsAuditPage,
  type CustomerTermsAuditRequest,
  CustomerTermsDto,
  CustomerTermsMessages,
  CustomerTermsPatterns,
  type SetCustomerTermsRequest,
  TermsPageQuery,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { nextPageLink, pageRequest } from '../http/paging';
import { routeId } from '../http/route-id';
import { CustomerPriceLists } from '../products/customer-price-lists';

/**
 * A customer's terms (issue 19), for administrators: their price list, minimum order, delivery
 * fee and free-delivery threshold overrides (null: the bakery's), and hold with its reason; every
 * change audited (who, when, old and new value), read page by page from `terms/audit`.
 */
@AdminOnly()
@Controller('api/customers/:id/terms')
export class CustomerTermsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly priceLists: CustomerPriceLists,
  ) {}

  @Get()
  get(@Param('id') id: string): Promise<CustomerTerms> {
    return this.rpc.request(CustomerTermsPatterns.getTerms, { userId: customerId(id) });
  }

  /** Sets the fields given (null: the bakery's default, no list); the others keep their values. */
  @Put()
  async set(@CurrentPrincipal() me: Principal, @Param('id') id: string, @Body() body: CustomerTermsDto): Promise<CustomerTerms> {
    const userId = customerId(id);
    const request: SetCustomerTermsRequest = { ...body, userId, changedBy: me.userId };
    const terms = await this.rpc.request<CustomerTerms>(CustomerTermsPatterns.setTerms, request);
    // this gateway's catalogue shows the new list at once (the others hear the broadcast)
    this.priceLists.customerChanged(userId);
    return terms;
  }

  /** The changes, newest first, one page at a time (`limit`, `cursor`; `Link: rel="next"`). */
  @Get('audit')
  async audit(@Param('id') id: string, @Query() query: TermsPageQuery, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<CustomerTermsAuditEntry[]> {
    const { after, limit } = pageRequest(query);
    const request: CustomerTermsAuditRequest = { userId: customerId(id), after, limit };
    const page: CustomerTermsAuditPage = await this.rpc.request(CustomerTermsPatterns.termsAudit, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    return page.entries;
  }
}

function customerId(id: string): string {
  return routeId(id, CustomerTermsMessages.customerNotFound);
}
