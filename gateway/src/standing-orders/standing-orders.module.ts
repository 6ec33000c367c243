import { Module } from '@nestjs/common';
import { StandingOrdersController } from './standing-orders.controller';

@Module({ controllers: [StandingOrdersController] })
export class StandingOrdersModule {}
