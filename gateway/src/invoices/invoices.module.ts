import { Module } from '@nestjs/common';
import { BakeryDetailsController } from './bakery-details.controller';
import { InvoicesController } from './invoices.controller';

@Module({ controllers: [InvoicesController, BakeryDetailsController] })
export class InvoicesModule {}
