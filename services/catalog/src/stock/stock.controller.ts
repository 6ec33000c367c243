import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdjustStockRequest,
  AdjustStockResponse,
  CatalogPatterns,
  ReleaseStockRequest,
  ReleaseStockResponse,
  ReserveAvailableManyRequest,
  ReserveAvailableResponse,
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

  @MessagePattern(CatalogPatterns.reserveAvailable)
  reserveAvailable(@Payload() req: ReserveStockRequest): Promise<ReserveAvailableResponse> {
    return this.stock.reserveAvailable(req.orderId.toLowerCase(), req.lines);
  }

  /** Many standing-order deliveries at once (ordering's sweep at a cut-off). */
  @MessagePattern(CatalogPatterns.reserveAvailableMany)
  reserveAvailableMany(@Payload() req: ReserveAvailableManyRequest): Promise<ReserveAvailableResponse[]> {
    return this.stock.reserveAvailableMany(req.reservations.map((r) => ({ orderId: r.orderId.toLowerCase(), lines: r.lines })));
  }

  /** A pending order changed: its reservation moves to the new lines by the difference. */
  @MessagePattern(CatalogPatterns.adjust)
  adjust(@Payload() req: AdjustStockRequest): Promise<AdjustStockResponse> {
    return this.stock.adjust(req.orderId.toLowerCase(), req.amendmentId.toLowerCase(), req.previousLines, req.lines);
  }

  @MessagePattern(CatalogPatterns.release)
  release(@Payload() req: ReleaseStockRequest): Promise<ReleaseStockResponse> {
    return this.stock.release(req.orderId.toLowerCase());
  }
}
