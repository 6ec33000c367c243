import { Body, Controller, Get, Put } from '@nestjs/common';
import { type BakeryDetails, BakeryDetailsDto, BakeryDetailsPatterns } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';

/** The bakery's name, address, tax id and payment instructions: every document's header, and what each invoice copies. */
@AdminOnly()
@Controller('api/admin/bakery-details')
export class BakeryDetailsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(): Promise<BakeryDetails> {
    return this.rpc.request(BakeryDetailsPatterns.get, {});
  }

  @Put()
  set(@Body() body: BakeryDetailsDto): Promise<BakeryDetails> {
    return this.rpc.request(BakeryDetailsPatterns.set, body);
  }
}
