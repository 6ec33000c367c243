import { Body, Controller, Delete, Get, Param, Patch, Post, Res } from '@nestjs/common';
import { CatalogPatterns, CreateProductDto, DeleteProductResponse, Product, SubmitProductDto, UpdateProductDto } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, CustomerOnly, SignedIn } from '../auth/access';
import { CurrentPrincipal, Principal } from '../auth/principal';
import type { Response } from 'express';
import { CatalogueCache } from './catalogue-cache';

/** The catalogue: customers see live products, admins manage everything. */
@Controller('api')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogueCache,
  ) {}

  /** Served from the catalogue cache: bytes and ETag made once (a matching If-None-Match gets 304). */
  @SignedIn()
  @Get('products')
  async list(@CurrentPrincipal() me: Principal, @Res() res: Response): Promise<void> {
    const { json, etag } = await this.cache.list(me.role);
    res.setHeader('ETag', etag);
    res.type('application/json').send(json);
  }

  @SignedIn()
  @Get('products/:id')
  get(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<Product> {
    return this.rpc.request(CatalogPatterns.getProduct, { id, role: me.role });
  }

  @AdminOnly()
  @Post('products')
  create(@Body() body: CreateProductDto): Promise<Product> {
    return this.changed(this.rpc.request(CatalogPatterns.createProduct, body));
  }

  /** A customer's own product, waiting for an admin's review. */
  @CustomerOnly()
  @Post('products/customer')
  submit(@CurrentPrincipal() me: Principal, @Body() body: SubmitProductDto): Promise<Product> {
    return this.changed(this.rpc.request(CatalogPatterns.submitProduct, { ...body, customerId: me.userId }));
  }

  /** Edits, restocks, and completes (approves or rejects) a submission. */
  @AdminOnly()
  @Patch('products/:id')
  update(@Param('id') id: string, @Body() body: UpdateProductDto): Promise<Product> {
    return this.changed(this.rpc.request(CatalogPatterns.updateProduct, { ...body, id }));
  }

  @AdminOnly()
  @Patch('products/:id/toggle-active')
  toggleActive(@Param('id') id: string): Promise<Product> {
    return this.changed(this.rpc.request(CatalogPatterns.toggleActive, { id }));
  }

  @AdminOnly()
  @Delete('products/:id')
  remove(@Param('id') id: string): Promise<DeleteProductResponse> {
    return this.changed(this.rpc.request(CatalogPatterns.deleteProduct, { id }));
  }

  /** Products at or below their threshold, lowest first: the admin dashboard's list. */
  @AdminOnly()
  @Get('admin/inventory/low-stock')
  lowStock(): Promise<Product[]> {
    return this.rpc.request(CatalogPatterns.lowStock, {});
  }

  /** A change made through this gateway drops its cache at once (others hear catalog's broadcast). */
  private async changed<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    this.cache.invalidate();
    return result;
  }
}
