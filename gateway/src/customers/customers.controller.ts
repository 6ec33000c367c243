import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { CreateCustomerDto, CustomerAccount, CustomersPatterns, UpdateCustomerDto } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';
import { routeId } from '../http/route-id';

/** The customer directory, for administrators. */
@AdminOnly()
@Controller('api/customers')
export class CustomersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(): Promise<CustomerAccount[]> {
    return this.rpc.request(CustomersPatterns.list, {});
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
