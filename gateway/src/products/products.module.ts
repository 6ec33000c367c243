import { Module } from '@nestjs/common';
import { CatalogueCache } from './catalogue-cache';
import { UploadsModule } from '../uploads/uploads.module';
import { ProductsController } from './products.controller';

@Module({ imports: [UploadsModule], controllers: [ProductsController], providers: [CatalogueCache], exports: [CatalogueCache] })
export class ProductsModule {}
