import { CreateCustomerProfiles1763700002000 } from './1763700002000-create-customer-profiles';
import { CustomerEmailCopy1763700007000 } from './1763700007000-customer-email-copy';
import { CustomerListSearch1763700013000 } from './1763700013000-customer-list-search';
import { DropPosition1763700014000 } from './1763700014000-drop-position';
import { CustomerTerms1763700015000 } from './1763700015000-customer-terms';

/** Migrations of the customers database, oldest first (the event bus tables come from the service kit). */
export const customersMigrations: Function[] = [
  CreateCustomerProfiles1763700002000,
  CustomerEmailCopy1763700007000,
  CustomerListSearch1763700013000,
  DropPosition1763700014000,
  CustomerTerms1763700015000,
];
