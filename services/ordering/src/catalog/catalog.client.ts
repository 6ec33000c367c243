import { Injectable } from '@nestjs/common';
import {
  AdjustStockRequest,
  AdjustStockResponse,
  CatalogPatterns,
  isLiveProduct,
  Product,
  ReleaseStockResponse,
  ReserveAvailableResponse,
  ReserveStockResponse,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { ProductCache } from './product-cache';

type StockLine = { productId: string; quantity: number };

/**
 * What ordering asks of catalog: product details (remembered: ProductCache), and reserving or
 * releasing an order's stock (each forgets what it may have changed once catalog has answered,
 * or failed to).
 */
@Injectable()
export class CatalogClient {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: ProductCache,
  ) {}

  /** The products that exist among `ids` (any state; the caller decides what is usable). */
  async products(ids: string[]): Promise<Map<string, Product>> {
    if (ids.length === 0) return new Map();
    return this.cache.get(ids, (missing) => this.rpc.request<Product[]>(CatalogPatterns.getProducts, { ids: missing }));
  }

  reserve(orderId: string, lines: StockLine[]): Promise<ReserveStockResponse> {
    return this.changingStock(lines, this.rpc.request(CatalogPatterns.reserve, { orderId, lines }));
  }

  /** Standing orders' deliveries: what there is of each line, for several orders at once. */
  reserveAvailableMany(reservations: { orderId: string; lines: StockLine[] }[]): Promise<ReserveAvailableResponse[]> {
    return this.changingStock(
      reservations.flatMap((r) => r.lines),
      this.rpc.request(CatalogPatterns.reserveAvailableMany, { reservations }),
    );
  }

  release(orderId: string): Promise<ReleaseStockResponse> {
    // which products the reservation held is catalog's to know: forget them all
    return this.changingStock(undefined, this.rpc.request(CatalogPatterns.release, { orderId }));
  }

  /**
   * A changed order: its reservation moves from `previousLines` to `lines` by the difference, until
   * order.amended confirms `amendmentId` (see AdjustStockRequest).
   */
  adjust(orderId: string, amendmentId: string, previousLines: StockLine[], lines: StockLine[]): Promise<AdjustStockResponse> {
    const request: AdjustStockRequest = { orderId, amendmentId, previousLines, lines };
    return this.changingStock([...previousLines, ...lines], this.rpc.request(CatalogPatterns.adjust, request));
  }

  /** Once catalog has answered (or not: it may have changed them anyway), the remembered products of `lines` go. */
  private changingStock<T>(lines: StockLine[] | undefined, request: Promise<T>): Promise<T> {
    const drop = () => this.cache.drop(lines?.map((l) => l.productId.toLowerCase()));
    return request.finally(drop);
  }
}

/** The product exists and is live (`isLiveProduct`: a customer can buy it). */
export function isLive(product: Product | undefined): product is Product {
  return !!product && isLiveProduct(product);
}
