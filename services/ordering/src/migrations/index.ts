import { CreateOrderingTables1763700004000 } from './1763700004000-create-ordering-tables';

/** Migrations of the ordering database, oldest first (the event bus tables come from the service kit). */
export const orderingMigrations: Function[] = [CreateOrderingTables1763700004000];
