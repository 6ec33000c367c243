import { CustomerProfile } from './profiles/profile.entity';

/** TypeORM entities of the customers database. */
export const customersEntities: Function[] = [CustomerProfile];
