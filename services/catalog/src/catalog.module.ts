import { Module } from '@nestjs/common';
import { loadConfig, type Env } from '@bakery/platform';
import { SERVICE_ENV } from '@bakery/service-kit';
import { CatalogueChangeRelay } from './products/catalogue-change-relay';
import { CATALOG_CONFIG, catalogConfigSpec } from './catalog.config';
import { AlertsService } from './inventory/alerts.service';
import { ProductsController } from './products/products.controller';
import { ProductsService } from './products/products.service';
import { OrderEventsHandler } from './stock/order-events';
import { ReservationSweeper } from './stock/reservation-sweeper';
import { StockController } from './stock/stock.controller';
import { StockService } from './stock/stock.service';
import { UploadSweeper } from './uploads/upload-sweeper';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsService } from './uploads/uploads.service';

/** Products, customer submissions, stock reservations, inventory alerts and the bookkeeping of photo uploads. */
@Module({
  controllers: [ProductsController, StockController, UploadsController],
  providers: [
    { provide: CATALOG_CONFIG, inject: [SERVICE_ENV], useFactory: (env: Env) => loadConfig(catalogConfigSpec, env) },
    AlertsService,
    ProductsService,
    StockService,
    OrderEventsHandler,
    ReservationSweeper,
    CatalogueChangeRelay,
    UploadsService,
    UploadSweeper,
  ],
})
export class CatalogModule {}
