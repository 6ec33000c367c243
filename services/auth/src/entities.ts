import { LoginFailure } from './sessions/login-failure.entity';
import { Session } from './sessions/session.entity';
import { UserAccount } from './users/user.entity';

/** TypeORM entities of the auth database. */
export const authEntities: Function[] = [UserAccount, Session, LoginFailure];
