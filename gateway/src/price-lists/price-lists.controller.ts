import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CustomerTermsMessages,
  CustomerTermsPatterns,
  ListPriceListsQuery,
  type ListPriceListsRequest,
  type PriceList,
  type PriceListCustomer,
  type PriceListCustomersPage,
  type PriceListCustomersRequest,
  PriceListDto,
  type PriceListsPage,
  TermsPageQuery,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';
import { nextPageLink, pageRequest } from '../http/paging';
import { routeId } from '../http/route-id';
import { CustomerPriceLists } from '../products/customer-price-lists';

/**
 * Price lists (issue 19), for administrators: a name, a percentage of the default price and
 * fixed prices for some products. Customers never see a list, only their prices. A list in use
 * cannot be deleted (409). Each change drops this gateway's catalogue for the list at once.
 */
@AdminOnly()
@Controller('api/admin/price-lists')
export class PriceListsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly priceLists: CustomerPriceLists,
  ) {}

  /** One page, newest first (`limit` up to 50, `cursor`; `Link: rel="next"`, `X-Total-Count` on the first). */
  @Get()
  async list(@Query() query: ListPriceListsQuery, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<PriceList[]> {
    const { after, limit } = pageRequest(query);
    const request: ListPriceListsRequest = { after, limit, withTotal: after === null };
    const page: PriceListsPage = await this.rpc.request(CustomerTermsPatterns.listPriceLists, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    if (typeof page.total === 'number') res.header('X-Total-Count', String(page.total));
    return page.priceLists;
  }

  @Post()
  async create(@Body() body: PriceListDto): Promise<PriceList> {
    return this.changed(this.rpc.request<PriceList>(CustomerTermsPatterns.createPriceList, body));
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<PriceList> {
    return this.rpc.request(CustomerTermsPatterns.getPriceList, { id: priceListId(id) });
  }

  /** Replaces the list: name, percentage and every fixed price. */
  @Put(':id')
  update(@Param('id') id: string, @Body() body: PriceListDto): Promise<PriceList> {
    return this.changed(this.rpc.request<PriceList>(CustomerTermsPatterns.updatePriceList, { ...body, id: priceListId(id) }));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.changed(this.rpc.request<{ id: string }>(CustomerTermsPatterns.deletePriceList, { id: priceListId(id) }));
  }

  /** The customers on the list, newest first, one page at a time. */
  @Get(':id/customers')
  async customers(@Param('id') id: string, @Query() query: TermsPageQuery, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<PriceListCustomer[]> {
    const { after, limit } = pageRequest(query);
    const request: PriceListCustomersRequest = { id: priceListId(id), after, limit };
    const page: PriceListCustomersPage = await this.rpc.request(CustomerTermsPatterns.priceListCustomers, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    return page.customers;
  }

  private async changed<T extends { id: string }>(work: Promise<T>): Promise<T> {
    const result = await work;
    this.priceLists.listChanged(result.id);
    return result;
  }
}

function priceListId(id: string): string {
  return routeId(id, CustomerTermsMessages.priceListNotFound);
}
