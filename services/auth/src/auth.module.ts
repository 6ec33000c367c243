import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Env, Logger } from '@bakery/platform';
import { SERVICE_ENV, SERVICE_LOGGER } from '@bakery/service-kit';
import { AUTH_CONFIG, loadAuthConfig } from './auth.config';
import { AttemptLimiter } from './limits/attempt-limiter';
import { PasswordChangeController } from './password-change/password-change.controller';
import { PasswordChangeService } from './password-change/password-change.service';
import { PasswordLinkIssuer } from './password-reset/password-link-issuer';
import { PasswordLinksController } from './password-reset/password-links.controller';
import { PasswordLinksService } from './password-reset/password-links.service';
import { Session } from './sessions/session.entity';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { UserAccount } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/** Identity: credentials, roles, sessions, admin registration, password links. */
@Module({
  imports: [TypeOrmModule.forFeature([UserAccount, Session])],
  controllers: [UsersController, SessionsController, PasswordLinksController, PasswordChangeController],
  providers: [
    {
      provide: AUTH_CONFIG,
      inject: [SERVICE_ENV, SERVICE_LOGGER],
      useFactory: (env: Env, logger: Logger) => loadAuthConfig(env, (message) => logger.warn(message)),
    },
    AttemptLimiter,
    PasswordLinkIssuer,
    UsersService,
    SessionsService,
    PasswordLinksService,
    PasswordChangeService,
  ],
})
export class AuthModule {}
