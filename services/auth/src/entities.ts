import { Session } from './sessions/session.entity';
import { UserAccount } from './users/user.entity';

/** TypeORM entities of the auth database (rate_counters is reached by plain SQL: limits/attempt-limiter.ts). */
export const authEntities: Function[] = [UserAccount, Session];
