import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CatalogPatterns,
  CreateProductRequest,
  CustomerProduct,
  DeleteProductResponse,
  ListProductsRequest,
  LowStockRequest,
  Product,
  ProductIdRequest,
  ProductIdsRequest,
  ProductionInfo,
  type ProductsPage,
  SubmitProductRequest,
  UpdateProductRequest,
} from '@bakery/contracts';
import { ProductsService } from './products.service';

/** Who may call what is the gateway's business (admin routes, customer routes). */
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern(CatalogPatterns.listProducts)
  list(@Payload() req: ListProductsRequest): Promise<ProductsPage> {
    return this.products.list(req.role, req.offset);
  }

  @MessagePattern(CatalogPatterns.getProduct)
  get(@Payload() req: ProductIdRequest): Promise<Product | CustomerProduct> {
    return this.products.get(req.id, req.role);
  }

  @MessagePattern(CatalogPatterns.getProducts)
  getMany(@Payload() req: ProductIdsRequest): Promise<Product[]> {
    return this.products.getMany(req.ids);
  }

  @MessagePattern(CatalogPatterns.productionInfo)
  productionInfo(@Payload() req: ProductIdsRequest): Promise<ProductionInfo[]> {
    return this.products.productionInfo(req.ids);
  }

  @MessagePattern(CatalogPatterns.createProduct)
  create(@Payload() req: CreateProductRequest): Promise<Product> {
    return this.products.create(req);
  }

  @MessagePattern(CatalogPatterns.updateProduct)
  update(@Payload() req: UpdateProductRequest): Promise<Product> {
    const { id, ...changes } = req;
    return this.products.update(id, changes);
  }

  @MessagePattern(CatalogPatterns.submitProduct)
  submit(@Payload() req: SubmitProductRequest): Promise<Product> {
    const { customerId, ...submission } = req;
    return this.products.submit(customerId, submission);
  }

  @MessagePattern(CatalogPatterns.deleteProduct)
  delete(@Payload() req: ProductIdRequest): Promise<DeleteProductResponse> {
    return this.products.delete(req.id);
  }

  @MessagePattern(CatalogPatterns.toggleActive)
  toggleActive(@Payload() req: ProductIdRequest): Promise<Product> {
    return this.products.toggleActive(req.id);
  }

  @MessagePattern(CatalogPatterns.lowStock)
  lowStock(@Payload() req: LowStockRequest): Promise<Product[]> {
    return this.products.lowStock(req.limit);
  }
}
