import { CreateOrderingTables1763700004000 } from './1763700004000-create-ordering-tables';
import { CartPricesClaimsAndRequestFingerprints1763700010000 } from './1763700010000-cart-prices-claims-and-request-fingerprints';
import { OrderListIndexesAndStats1763700011000 } from './1763700011000-order-list-indexes-and-stats';
import { DeliverySchedule1763700012000 } from './1763700012000-delivery-schedule';
import { StandingOrders1763700013000 } from './1763700013000-standing-orders';
import { ProductionPrints1763700014000 } from './1763700014000-production-prints';
import { Invoices1763700014500 } from './1763700014500-invoices';
import { StandingPreviews1763700017000 } from './1763700017000-standing-previews';
import { StandingOrdersListIndex1763700017500 } from './1763700017500-standing-orders-list-index';
import { StandingExceptionPins1763700018000 } from './1763700018000-standing-exception-pins';
import { OrderTaxRate1763700018500 } from './1763700018500-order-tax-rate';

/** Migrations of the ordering database, oldest first (the event bus tables come from the service kit). */
export const orderingMigrations: Function[] = [
  CreateOrderingTables1763700004000,
  CartPricesClaimsAndRequestFingerprints1763700010000,
  OrderListIndexesAndStats1763700011000,
  DeliverySchedule1763700012000,
  StandingOrders1763700013000,
  ProductionPrints1763700014000,
  Invoices1763700014500,
  StandingPreviews1763700017000,
  StandingOrdersListIndex1763700017500,
  StandingExceptionPins1763700018000,
  OrderTaxRate1763700018500,
];
