import { CreateAuthTables1763700001000 } from './1763700001000-create-auth-tables';
import { AtomicAttemptLimits1763700008000 } from './1763700008000-atomic-attempt-limits';
import { PasswordTokens1763700016000 } from './1763700016000-password-tokens';

/** Migrations of the auth database, oldest first (the event bus tables come from the service kit). */
export const authMigrations: Function[] = [CreateAuthTables1763700001000, AtomicAttemptLimits1763700008000, PasswordTokens1763700016000];
