import { Injectable } from '@nestjs/common';
import { AdjustStockRequest, AdjustStockResponse, CatalogPatterns, isLiveProduct, Product, ReleaseStockResponse, ReserveStockResponse } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';

type StockLine = { productId: string; quantity: number };

/** What ordering asks of catalog: product details, and reserving or releasing an order's stock. */
@Injectable()
export class CatalogClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The products that exist among `ids` (any state; the caller decides what is usable). */
  async products(ids: string[]): Promise<Map<string, Product>> {
    if (ids.length === 0) return new Map();
    const products = await this.rpc.request<Product[]>(CatalogPatterns.getProducts, { ids });
    return new Map(products.map((p) => [p.id, p]));
  }

  reserve(orderId: string, lines: { productId: string; quantity: number }[]): Promise<ReserveStockResponse> {
    return this.rpc.request(CatalogPatterns.reserve, { orderId, lines });
  }

  release(orderId: string): Promise<ReleaseStockResponse> {
    return this.rpc.request(CatalogPatterns.release, { orderId });
  }

  /**
   * A changed order: its reservation moves from `previousLines` to `lines` by the difference, until
   * order.amended confirms `amendmentId` (see AdjustStockRequest).
   */
  adjust(orderId: string, amendmentId: string, previousLines: StockLine[], lines: StockLine[]): Promise<AdjustStockResponse> {
    const request: AdjustStockRequest = { orderId, amendmentId, previousLines, lines };
    return this.rpc.request(CatalogPatterns.adjust, request);
  }
}

/** The product exists and is live (`isLiveProduct`: a customer can buy it). */
export function isLive(product: Product | undefined): product is Product {
  return !!product && isLiveProduct(product);
}
