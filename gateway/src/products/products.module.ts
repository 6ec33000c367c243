import { Module } from '@nestjs/common';
import { CatalogueCache } from './catalogue-cache';
import { ProductsController } from './products.controller';

@Module({ controllers: [ProductsController], providers: [CatalogueCache], exports: [CatalogueCache] })
export class ProductsModule {}
