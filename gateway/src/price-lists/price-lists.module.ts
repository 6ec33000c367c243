import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { PriceListsController } from './price-lists.controller';

@Module({ imports: [ProductsModule], controllers: [PriceListsController] })
export class PriceListsModule {}
