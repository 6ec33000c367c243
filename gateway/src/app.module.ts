import { DynamicModule, Module } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { GATEWAY_CONFIG, GatewayConfig } from './config';
import { AccountModule } from './account/account.module';
import { AuthModule } from './auth/auth.module';
import { CalendarModule } from './calendar/calendar.module';
import { StandingOrdersModule } from './standing-orders/standing-orders.module';
import { CartModule } from './cart/cart.module';
import { CustomersModule } from './customers/customers.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { HealthController } from './health/health.controller';
import { InvoicesModule } from './invoices/invoices.module';
import { MessagingModule } from './messaging/messaging.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OpenApiModule } from './openapi/openapi.module';
import { OrdersModule } from './orders/orders.module';
import { PricingModule } from './pricing/pricing.module';
import { PriceListsModule } from './price-lists/price-lists.module';
import { ProductionModule } from './production/production.module';
import { ProductsModule } from './products/products.module';
import { RealtimeModule } from './realtime/realtime.module';
import { UploadsModule } from './uploads/uploads.module';

/** The gateway: one module per API area, all reaching the services through MessagingModule. */
@Module({})
export class AppModule {
  static register(config: GatewayConfig, nc: NatsConnection): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [MessagingModule.register(nc, config.namespace, config.rpcTimeoutMs), AuthModule, AccountModule, CustomersModule, ProductsModule, CartModule, OrdersModule, PricingModule, PriceListsModule, CalendarModule, StandingOrdersModule, InvoicesModule, ProductionModule, DashboardModule, UploadsModule, NotificationsModule, RealtimeModule, OpenApiModule],
      controllers: [HealthController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
      exports: [GATEWAY_CONFIG],
    };
  }
}
