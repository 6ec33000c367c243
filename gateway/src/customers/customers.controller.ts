import { Body, Controller, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CreateCustomerDto,
  CustomerAccount,
  CustomersPage,
  CustomersPatterns,
  ListCustomersQuery,
  ListCustomersRequest,
  UpdateCustomerDto,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';
import { nextPageLink, pageRequest } from '../http/paging';
import { routeId } from '../http/route-id';

/** The customer directory, for administrators. */
@AdminOnly()
@Controller('api/customers')
export class CustomersController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * One page of customers, newest first, searched on the server (`q`: business name, name or
   * email). The next page's full URL comes as `Link: <...>; rel="next"` (none on the last page);
   * the first page (no cursor) says `X-Total-Count`, later pages do not count again.
   */
  @Get()
  async list(@Query() query: ListCustomersQuery, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<CustomerAccount[]> {
    const { after, limit } = pageRequest(query);
    const request: ListCustomersRequest = { after, limit, q: query.q, withTotal: after === null };
    const page: CustomersPage = await this.rpc.request(CustomersPatterns.list, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    if (typeof page.total === 'number') res.header('X-Total-Count', String(page.total));
    return page.customers;
  }

  @Post()
  create(@Body() body: CreateCustomerDto): Promise<CustomerAccount> {
    return this.rpc.request(CustomersPatterns.create, body);
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<CustomerAccount> {
    return this.rpc.request(CustomersPatterns.get, { userId: customerId(id) });
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() body: UpdateCustomerDto): Promise<CustomerAccount> {
    return this.rpc.request(CustomersPatterns.update, { ...body, userId: customerId(id) });
  }
}

function customerId(id: string): string {
  return routeId(id, 'Customer not found');
}
