import { Module } from '@nestjs/common';
import { CatalogueCache } from './catalogue-cache';
import { CustomerPriceLists } from './customer-price-lists';
import { UploadsModule } from '../uploads/uploads.module';
import { ProductsController } from './products.controller';

@Module({ imports: [UploadsModule], controllers: [ProductsController], providers: [CatalogueCache, CustomerPriceLists], exports: [CatalogueCache, CustomerPriceLists] })
export class ProductsModule {}
