import { CreateCatalogTables1763700003000 } from './1763700003000-create-catalog-tables';
import { NotifyCatalogChanges1763700006000 } from './1763700006000-notify-catalog-changes';
import { CreateUploads1763700009000 } from './1763700009000-create-uploads';

/** Migrations of the catalog database, oldest first (the event bus tables come from the service kit). */
export const catalogMigrations: Function[] = [CreateCatalogTables1763700003000, NotifyCatalogChanges1763700006000, CreateUploads1763700009000];
