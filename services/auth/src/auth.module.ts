import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadConfig, type Env } from '@bakery/platform';
import { SERVICE_ENV } from '@bakery/service-kit';
import { AUTH_CONFIG, authConfigSpec } from './auth.config';
import { LoginFailure } from './sessions/login-failure.entity';
import { Session } from './sessions/session.entity';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { UserAccount } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/** Identity: credentials, roles, sessions, admin registration. */
@Module({
  imports: [TypeOrmModule.forFeature([UserAccount, Session, LoginFailure])],
  controllers: [UsersController, SessionsController],
  providers: [
    { provide: AUTH_CONFIG, inject: [SERVICE_ENV], useFactory: (env: Env) => loadConfig(authConfigSpec, env) },
    UsersService,
    SessionsService,
  ],
})
export class AuthModule {}
