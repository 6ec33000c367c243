import { Body, Controller, Delete, Get, Param, Patch, Post, Req, Res } from '@nestjs/common';
import {
  CatalogMessages,
  CatalogPatterns,
  CreateProductDto,
  CustomerProduct,
  DeleteProductResponse,
  priceResolver,
  Product,
  SubmitProductDto,
  UpdateProductDto,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, CustomerOnly, SignedIn } from '../auth/access';
import { CurrentPrincipal, Principal } from '../auth/principal';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../http/request-facts';
import { answerEncoding } from '../http/response-compression';
import { routeId } from '../http/route-id';
import { UploadsService } from '../uploads/uploads.service';
import { CatalogueCache } from './catalogue-cache';
import { CustomerPriceLists } from './customer-price-lists';

/**
 * The catalogue: customers see live products, in their shape (CustomerProduct, made by catalog)
 * and at their own prices (their price list: CustomerPriceLists), admins manage everything and
 * see the default prices. A photo given to a write must be an image this gateway's storage
 * serves; catalog then checks it was registered (by this customer, for a submission).
 */
@Controller('api')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogueCache,
    private readonly priceLists: CustomerPriceLists,
    private readonly uploads: UploadsService,
  ) {}

  /**
   * Served from the catalogue cache: bytes and ETag made once per role, and for customers once per
   * price list (a matching If-None-Match gets 304).
   */
  @SignedIn()
  @Get('products')
  async list(@CurrentPrincipal() me: Principal, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const body = await this.catalogue(me);
    res.header('ETag', body.etag);
    // no personal data, so unlike other API answers (no-store) a browser may keep it, asking
    // each time whether it changed (304 when not)
    res.header('Cache-Control', 'private, no-cache');
    res.header('Vary', 'Accept-Encoding');
    if (etagMatches(req.headers, body.etag)) return void res.code(304).send();
    // the cached compressed copy: the compression plugin leaves an encoded answer alone
    const encoding = answerEncoding(req.headers, body.json.length);
    if (encoding) res.header('Content-Encoding', encoding);
    res.type('application/json; charset=utf-8').send(encoding ? body.encoded(encoding) : body.json);
  }

  @SignedIn()
  @Get('products/:id')
  async get(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<Product | CustomerProduct> {
    if (me.role !== 'customer') return this.rpc.request(CatalogPatterns.getProduct, { id: productId(id), role: me.role });
    const [product, list] = await Promise.all([
      this.rpc.request<CustomerProduct>(CatalogPatterns.getProduct, { id: productId(id), role: me.role }),
      this.priceLists.ruleOf(me.userId),
    ]);
    return { ...product, price: priceResolver(list)(product.id, product.price) };
  }

  @AdminOnly()
  @Post('products')
  async create(@Body() body: CreateProductDto): Promise<Product> {
    await this.uploads.assertServedImage(body.imageUrl);
    return this.changed(this.rpc.request(CatalogPatterns.createProduct, body));
  }

  /** A customer's own product, waiting for an admin's review. */
  @CustomerOnly()
  @Post('products/customer')
  async submit(@CurrentPrincipal() me: Principal, @Body() body: SubmitProductDto): Promise<Product> {
    await this.uploads.assertServedImage(body.imageUrl);
    return this.changed(this.rpc.request(CatalogPatterns.submitProduct, { ...body, customerId: me.userId }));
  }

  /** Edits, restocks, and completes (approves or rejects) a submission. */
  @AdminOnly()
  @Patch('products/:id')
  async update(@Param('id') id: string, @Body() body: UpdateProductDto): Promise<Product> {
    await this.uploads.assertServedImage(body.imageUrl);
    return this.changed(this.rpc.request(CatalogPatterns.updateProduct, { ...body, id: productId(id) }));
  }

  @AdminOnly()
  @Patch('products/:id/toggle-active')
  toggleActive(@Param('id') id: string): Promise<Product> {
    return this.changed(this.rpc.request(CatalogPatterns.toggleActive, { id: productId(id) }));
  }

  @AdminOnly()
  @Delete('products/:id')
  remove(@Param('id') id: string): Promise<DeleteProductResponse> {
    return this.changed(this.rpc.request(CatalogPatterns.deleteProduct, { id: productId(id) }));
  }

  /** Products at or below their threshold, lowest first: the admin dashboard's list. */
  @AdminOnly()
  @Get('admin/inventory/low-stock')
  lowStock(): Promise<Product[]> {
    return this.rpc.request(CatalogPatterns.lowStock, {});
  }

  /** The list this caller sees: the admins' list, or the customers' at the caller's price list. */
  private async catalogue(me: Principal) {
    if (me.role !== 'customer') return this.cache.list(me.role);
    const since = this.cache.stamp(); // before the rule is read: a list changed meanwhile is not kept
    return this.cache.forList(await this.priceLists.ruleOf(me.userId), since);
  }

  /** A change made through this gateway drops its cache at once (others hear catalog's broadcast). */
  private async changed<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    this.cache.invalidate();
    return result;
  }
}

function productId(id: string): string {
  return routeId(id, CatalogMessages.productNotFound);
}
