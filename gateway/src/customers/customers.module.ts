import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { CustomerTermsController } from './customer-terms.controller';
import { CustomersController } from './customers.controller';

@Module({ imports: [ProductsModule], controllers: [CustomersController, CustomerTermsController] })
export class CustomersModule {}
