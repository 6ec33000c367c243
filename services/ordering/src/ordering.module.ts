import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, clockFor, loadConfig, testClockFileVar, type Env, type ServiceConfig } from '@bakery/platform';
import { SERVICE_CONFIG, SERVICE_ENV } from '@bakery/service-kit';
import { CalendarController } from './calendar/calendar.controller';
import { CartItem } from './cart/cart-item.entity';
import { CartController } from './cart/cart.controller';
import { CartService } from './cart/cart.service';
import { ProductEventsHandler } from './cart/product-events.handler';
import { ProductCache } from './catalog/product-cache';
import { CatalogClient } from './catalog/catalog.client';
import { MetricsController } from './dashboard/metrics.controller';
import { MetricsService } from './dashboard/metrics.service';
import { OrderStatsZone } from './dashboard/order-stats';
import { AutoConfirmTask } from './delivery/auto-confirm.task';
import { CutoffRemindersController } from './delivery/cutoff-reminders.controller';
import { CutoffRemindersService } from './delivery/cutoff-reminders.service';
import { DeliveryScheduleController } from './delivery/delivery-schedule.controller';
import { DeliveryScheduleService } from './delivery/delivery-schedule.service';
import { cartClaimTakeoverMs, ORDERING_CONFIG, OrderingConfig, orderingConfigSpec } from './ordering.config';
import { OrderItemRow } from './orders/order-item.entity';
import { OrderRow } from './orders/order.entity';
import { OrderChangesController } from './orders/order-changes.controller';
import { OrderChangesService } from './orders/order-changes.service';
import { OrdersController } from './orders/orders.controller';
import { OrdersService } from './orders/orders.service';
import { Configuration } from './pricing/configuration.entity';
import { PricingController } from './pricing/pricing.controller';
import { PricingService } from './pricing/pricing.service';
import { CustomerTermsClient } from './pricing/customer-terms.client';
import { CustomerPriceLists } from './pricing/customer-price-lists';
import { StandingOrderMaterializer } from './standing-orders/standing-order-materializer';
import { StandingOrdersController } from './standing-orders/standing-orders.controller';
import { StandingOrdersService } from './standing-orders/standing-orders.service';
import { SkipLinksController } from './standing-orders/skip-links.controller';
import { StandingPreviews } from './standing-orders/standing-previews';
import { ProductionController } from './production/production.controller';
import { ProductionService } from './production/production.service';
import { BakeryDetailsService } from './invoices/bakery-details.service';
import { InvoicesController } from './invoices/invoices.controller';
import { InvoicesService } from './invoices/invoices.service';

/** Carts, orders, pricing and dashboard metrics. */
@Module({
  imports: [TypeOrmModule.forFeature([CartItem, OrderRow, OrderItemRow, Configuration])],
  controllers: [CartController, OrdersController, OrderChangesController, PricingController, MetricsController, CalendarController, DeliveryScheduleController, StandingOrdersController, InvoicesController, ProductionController, SkipLinksController, CutoffRemindersController],
  providers: [
    {
      provide: ORDERING_CONFIG,
      inject: [SERVICE_ENV, SERVICE_CONFIG],
      useFactory: (env: Env, service: ServiceConfig): OrderingConfig => ({
        ...loadConfig(orderingConfigSpec, env),
        cartClaimTakeoverMs: cartClaimTakeoverMs(service.rpcTimeoutMs),
      }),
    },
    // tests only: BAKERY_TEST_CLOCK_FILE (libs/platform/src/time/clock.ts), not a deployment setting
    { provide: CLOCK, inject: [SERVICE_ENV], useFactory: (env: Env) => clockFor(testClockFileVar.read(env[testClockFileVar.name]), env) },
    ProductCache,
    CatalogClient,
    DeliveryScheduleService,
    AutoConfirmTask,
    StandingOrdersService,
    StandingOrderMaterializer,
    StandingPreviews,
    CutoffRemindersService,
    ProductionService,
    BakeryDetailsService,
    InvoicesService,
    CartService,
    CustomerTermsClient,
    CustomerPriceLists,
    PricingService,
    OrdersService,
    OrderChangesService,
    MetricsService,
    OrderStatsZone,
    ProductEventsHandler,
  ],
})
export class OrderingModule {}
