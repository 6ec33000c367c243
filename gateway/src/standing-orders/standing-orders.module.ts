import { Module } from '@nestjs/common';
import { SkipLinksController } from './skip-links.controller';
import { StandingOrdersController } from './standing-orders.controller';

// the skip-link routes first: `/api/standing-orders/skip-link` must not be read as a standing order's id
@Module({ controllers: [SkipLinksController, StandingOrdersController] })
export class StandingOrdersModule {}
