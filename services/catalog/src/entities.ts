import { InventoryAlertEntity } from './inventory/inventory-alert.entity';
import { ProductEntity } from './products/product.entity';
import { StockReservationEntity } from './stock/stock-reservation.entity';

/** TypeORM entities of the catalog database. */
export const catalogEntities: Function[] = [ProductEntity, InventoryAlertEntity, StockReservationEntity];
