import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { OrdersController } from './orders.controller';

@Module({ imports: [ProductsModule], controllers: [OrdersController] })
export class OrdersModule {}
