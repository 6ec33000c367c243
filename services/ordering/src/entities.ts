import { CartItem } from './cart/cart-item.entity';
import { OrderItemRow } from './orders/order-item.entity';
import { OrderRow } from './orders/order.entity';
import { Configuration } from './pricing/configuration.entity';

/** TypeORM entities of the ordering database. */
export const orderingEntities: Function[] = [CartItem, OrderRow, OrderItemRow, Configuration];
