import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type BakeList,
  BakeListCustomersRequest,
  type BakeListCustomersPage,
  type PackingSlipsPage,
  ProductionDateRequest,
  ProductionPageRequest,
  ProductionPatterns,
  type ProductionPrint,
  type ProductionWeek,
  ProductionWeekRequest,
  type RunSheetPage,
} from '@bakery/contracts';
import { ProductionService } from './production.service';

/** The production documents; only admins reach them (the gateway's routes are admin-only). */
@Controller()
export class ProductionController {
  constructor(private readonly production: ProductionService) {}

  @MessagePattern(ProductionPatterns.bakeList)
  bakeList(@Payload() req: ProductionDateRequest): Promise<BakeList> {
    return this.production.bakeList(req.date);
  }

  @MessagePattern(ProductionPatterns.bakeListCustomers)
  bakeListCustomers(@Payload() req: BakeListCustomersRequest): Promise<BakeListCustomersPage> {
    return this.production.bakeListCustomers(req.date, req.productId);
  }

  @MessagePattern(ProductionPatterns.print)
  print(@Payload() req: ProductionDateRequest): Promise<ProductionPrint> {
    return this.production.print(req.date);
  }

  @MessagePattern(ProductionPatterns.week)
  week(@Payload() req: ProductionWeekRequest): Promise<ProductionWeek> {
    return this.production.week(req.from, req.days);
  }

  @MessagePattern(ProductionPatterns.packingSlips)
  packingSlips(@Payload() req: ProductionPageRequest): Promise<PackingSlipsPage> {
    return this.production.packingSlips(req.date, req.offset);
  }

  @MessagePattern(ProductionPatterns.runSheet)
  runSheet(@Payload() req: ProductionPageRequest): Promise<RunSheetPage> {
    return this.production.runSheet(req.date, req.offset);
  }
}
