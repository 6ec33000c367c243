import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Env, Logger } from '@bakery/platform';
import { SERVICE_ENV, SERVICE_LOGGER } from '@bakery/service-kit';
import { AUTH_CONFIG, loadAuthConfig } from './auth.config';
import { AttemptLimiter } from './limits/attempt-limiter';
import { Session } from './sessions/session.entity';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { UserAccount } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/** Identity: credentials, roles, sessions, admin registration. */
@Module({
  imports: [TypeOrmModule.forFeature([UserAccount, Session])],
  controllers: [UsersController, SessionsController],
  providers: [
    {
      provide: AUTH_CONFIG,
      inject: [SERVICE_ENV, SERVICE_LOGGER],
      useFactory: (env: Env, logger: Logger) => loadAuthConfig(env, (message) => logger.warn(message)),
    },
    AttemptLimiter,
    UsersService,
    SessionsService,
  ],
})
export class AuthModule {}
