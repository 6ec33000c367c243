import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadConfig, type Env, type ServiceConfig } from '@bakery/platform';
import { SERVICE_CONFIG, SERVICE_ENV } from '@bakery/service-kit';
import { CalendarController } from './calendar/calendar.controller';
import { CartItem } from './cart/cart-item.entity';
import { CartController } from './cart/cart.controller';
import { CartService } from './cart/cart.service';
import { ProductEventsHandler } from './cart/product-events.handler';
import { CatalogClient } from './catalog/catalog.client';
import { MetricsController } from './dashboard/metrics.controller';
import { MetricsService } from './dashboard/metrics.service';
import { OrderStatsZone } from './dashboard/order-stats';
import { cartClaimTakeoverMs, ORDERING_CONFIG, OrderingConfig, orderingConfigSpec } from './ordering.config';
import { OrderItemRow } from './orders/order-item.entity';
import { OrderRow } from './orders/order.entity';
import { OrdersController } from './orders/orders.controller';
import { OrdersService } from './orders/orders.service';
import { Configuration } from './pricing/configuration.entity';
import { PricingController } from './pricing/pricing.controller';
import { PricingService } from './pricing/pricing.service';

/** Carts, orders, pricing and dashboard metrics. */
@Module({
  imports: [TypeOrmModule.forFeature([CartItem, OrderRow, OrderItemRow, Configuration])],
  controllers: [CartController, OrdersController, PricingController, MetricsController, CalendarController],
  providers: [
    {
      provide: ORDERING_CONFIG,
      inject: [SERVICE_ENV, SERVICE_CONFIG],
      useFactory: (env: Env, service: ServiceConfig): OrderingConfig => ({
        ...loadConfig(orderingConfigSpec, env),
        cartClaimTakeoverMs: cartClaimTakeoverMs(service.rpcTimeoutMs),
      }),
    },
    CatalogClient,
    CartService,
    PricingService,
    OrdersService,
    MetricsService,
    OrderStatsZone,
    ProductEventsHandler,
  ],
})
export class OrderingModule {}
