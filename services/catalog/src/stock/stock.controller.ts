import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CatalogPatterns,
  ReleaseStockRequest,
  ReleaseStockResponse,
  ReserveStockRequest,
  ReserveStockResponse,
} from '@bakery/contracts';
import { StockService } from './stock.service';

/** Ordering's calls: hold stock for an order about to be placed, give it back if placing fails. */
@Controller()
export class StockController {
  constructor(private readonly stock: StockService) {}

  @MessagePattern(CatalogPatterns.reserve)
  reserve(@Payload() req: ReserveStockRequest): Promise<ReserveStockResponse> {
    return this.stock.reserve(req.orderId.toLowerCase(), req.lines);
  }

  @MessagePattern(CatalogPatterns.release)
  release(@Payload() req: ReleaseStockRequest): Promise<ReleaseStockResponse> {
    return this.stock.release(req.orderId.toLowerCase());
  }
}
