import { CreateCatalogTables1763700003000 } from './1763700003000-create-catalog-tables';
import { NotifyCatalogChanges1763700006000 } from './1763700006000-notify-catalog-changes';
import { CreateUploads1763700009000 } from './1763700009000-create-uploads';
import { ProductLeadDays1763700012000 } from './1763700012000-product-lead-days';
import { ReservationAmendments1763700013500 } from './1763700013500-reservation-amendments';
import { ProductBatchSize1763700014000 } from './1763700014000-product-batch-size';

/** Migrations of the catalog database, oldest first (the event bus tables come from the service kit). */
export const catalogMigrations: Function[] = [CreateCatalogTables1763700003000, NotifyCatalogChanges1763700006000, CreateUploads1763700009000, ProductLeadDays1763700012000, ReservationAmendments1763700013500, ProductBatchSize1763700014000];
